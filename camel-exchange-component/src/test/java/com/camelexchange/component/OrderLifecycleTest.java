package com.camelexchange.component;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A full lifecycle through routes: a funded account places an order that the simulator's traders fill in
 * part, follows its status, cancels it and finds its balances released, all checked with getAccountInfo.
 */
class OrderLifecycleTest extends TradingTestSupport {

    @Test
    void placedPartlyFilledByTheMarketCancelledAndReleased() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).activity(false).build().start();
        simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", null);

        AccountInfo before = call("exchange:getAccountInfo", null, AccountInfo.class);
        assertThat(before.coin("btc").available()).isEqualByComparingTo("10");

        // Ask a little below the best ask: first in line for the next buyer, too big for one to take all.
        Depth depth = call("exchange:depth?market=btc_usdt&size=1", null, Depth.class);
        BigDecimal price = depth.bestAsk().price().subtract(new BigDecimal("0.01")).setScale(2, RoundingMode.DOWN);
        PlacedOrder placed = call("exchange:order",
                OrderRequest.limit("btc_usdt", OrderSide.SELL, price.toPlainString(), "1"), PlacedOrder.class);
        AccountInfo frozen = call("exchange:getAccountInfo", null, AccountInfo.class);
        assertThat(frozen.coin("btc").frozen()).isEqualByComparingTo("1");
        assertThat(frozen.coin("btc").available()).isEqualByComparingTo("9");

        Order order = call("exchange:getOrder?market=btc_usdt", null, orderId(placed.id()), Order.class);
        for (int step = 0; step < 400 && order.tradeAmount().signum() == 0; step++) {
            simulator.activity().step();
            order = call("exchange:getOrder?market=btc_usdt", null, orderId(placed.id()), Order.class);
        }
        assertThat(order.status()).as("filled in part by the synthetic traders").isEqualTo(OrderStatus.PARTIALLY_FILLED);
        BigDecimal traded = order.tradeAmount();
        assertThat(traded).isPositive().isLessThan(BigDecimal.ONE);

        call("exchange:cancelOrder?market=btc_usdt", null, orderId(placed.id()), String.class);
        Order cancelled = call("exchange:getOrder?market=btc_usdt", null, orderId(placed.id()), Order.class);
        assertThat(cancelled.status()).isEqualTo(OrderStatus.CANCELLED);
        assertThat(cancelled.rawStatus()).as("variant A: cancelled after a partial fill").isEqualTo(2);

        AccountInfo after = call("exchange:getAccountInfo", null, AccountInfo.class);
        assertThat(after.coin("btc").frozen()).isEqualByComparingTo("0");
        assertThat(after.coin("btc").available()).isEqualByComparingTo(new BigDecimal("10").subtract(traded));
        // The seller receives the traded money less the maker's fee (0.2% by default, each fill's rounded up
        // to the coin's 8 decimals); the order record itself is gross.
        BigDecimal fee = before.coin("usdt").available().add(cancelled.tradeMoney()).subtract(after.coin("usdt").available());
        BigDecimal makerFee = cancelled.tradeMoney().multiply(new BigDecimal("0.002"));
        assertThat(fee).isBetween(makerFee, makerFee.add(new BigDecimal("0.0001")));
    }
}
