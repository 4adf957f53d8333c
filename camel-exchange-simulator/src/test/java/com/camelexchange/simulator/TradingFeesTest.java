package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Trading fees through real fills: the maker pays the maker rate and the taker the taker rate, each out
 * of what it receives, rounded up to the received coin's decimals; order records stay gross.
 */
class TradingFeesTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock).andThen(b -> b.fees(new BigDecimal("0.001"),
                    new BigDecimal("0.003"))));

    private String place(ReferenceClient client, String price, String amount, String tradeType) {
        return client.api("order", "currency", "btc_usdt", "price", price, "amount", amount, "tradeType", tradeType)
                .get("id").asText();
    }

    @Test
    void makerAndTakerPayTheirOwnRateOutOfWhatTheyReceive() {
        ExchangeSimulator sim = simulator.get();
        SimulatorAccount maker = sim.createAccount("maker", "maker-secret");
        SimulatorAccount taker = sim.createAccount("taker", "taker-secret");
        ReferenceClient makerClient = ReferenceClient.of(sim, "maker", "maker-secret");
        ReferenceClient takerClient = ReferenceClient.of(sim, "taker", "taker-secret");

        // The maker bids, the taker sells into it: 0.0123 BTC at 65000.01 = 799.500123 USDT.
        String bid = place(makerClient, "65000.01", "0.0123", "1");
        place(takerClient, "65000", "0.0123", "0");

        // Maker (buyer) receives BTC less 0.1%: 0.0123 x 0.001 = 0.0000123 -> 0.00001230.
        assertThat(maker.total("btc")).isEqualByComparingTo("10.0122877");
        assertThat(maker.total("usdt")).isEqualByComparingTo("999200.499877");
        // Taker (seller) receives USDT less 0.3%: 799.500123 x 0.003 = 2.398500369 -> rounded up 2.39850037.
        assertThat(taker.total("usdt")).isEqualByComparingTo("1000797.10162263");
        assertThat(taker.total("btc")).isEqualByComparingTo("9.9877");
        assertThat(sim.feesCollected("btc")).isEqualByComparingTo("0.0000123");
        assertThat(sim.feesCollected("usdt")).isEqualByComparingTo("2.39850037");

        // The order record knows nothing of fees: trade_amount and trade_money are gross.
        var record = makerClient.api("getOrder", "currency", "btc_usdt", "id", bid);
        assertThat(record.get("trade_amount").decimalValue()).isEqualByComparingTo("0.0123");
        assertThat(record.get("trade_money").decimalValue()).isEqualByComparingTo("799.500123");
        assertThat(record.has("fee")).isFalse();
    }

    @Test
    void noFeesMovesExactlyPriceTimesAmount() {
        ExchangeSimulator sim = ExchangeSimulator.builder().quiet().noFees().clock(clock).build();
        SimulatorAccount seller = sim.createAccount("s", "s-secret");
        SimulatorAccount buyer = sim.createAccount("b", "b-secret");
        sim.exchange().place(seller.user(),
                OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("100"), BigDecimal.ONE));
        sim.exchange().place(buyer.user(),
                OrderCommand.limit("btc_usdt", Side.BUY, new BigDecimal("100"), BigDecimal.ONE));
        assertThat(buyer.total("btc")).isEqualByComparingTo("11");
        assertThat(seller.total("usdt")).isEqualByComparingTo("1000100");
        assertThat(sim.feesCollected("usdt")).isEqualByComparingTo("0");
    }
}
