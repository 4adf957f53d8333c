package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.net.http.HttpResponse;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Hostile requests: numbers whose plain form would take gigabytes (a short text with a huge exponent)
 * are refused with the parameter's error code before anything formats them, and no reply repeats
 * more than a short prefix of a huge value. Were a bound missing, these tests would run the JVM out
 * of memory rather than fail politely.
 */
class RequestBoundsTest {
    private static final String TINY = "1E-999999999";
    private static final String HUGE = "1E+999999999";
    private static final String LONG_VALUE = "x".repeat(100_000);
    private static final String SHOWN = "x".repeat(32) + "...";

    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;

    @BeforeEach
    void account() {
        simulator.get().createAccount("alice", "alice-secret");
        alice = ReferenceClient.of(simulator.get(), "alice", "alice-secret");
    }

    private String order(String price, String amount) {
        return alice.api("order", "currency", "btc_usdt", "price", price, "amount", amount, "tradeType", "0")
                .get("code").asText();
    }

    private String batch(String tradeParams) {
        return alice.api("orderMoreV2", "market", "btc_usdt", "tradeType", "0", "tradeParams", tradeParams)
                .get("code").asText();
    }

    @Test
    void orderRefusesNumbersOfAbsurdScaleOrPrecision() {
        assertThat(order(TINY, "0.01")).isEqualTo("3002");
        assertThat(order(HUGE, "0.01")).isEqualTo("3002");
        assertThat(order("60000", TINY)).isEqualTo("3003");
        assertThat(order("60000", HUGE)).isEqualTo("3003");
        assertThat(order("1E+31", "0.01")).as("scale -31").isEqualTo("3002");
        assertThat(order("60000", "0." + "0".repeat(30) + "1")).as("scale 31").isEqualTo("3003");
        assertThat(order("1".repeat(41), "0.01")).as("41 digits").isEqualTo("3002");
        assertThat(order("6" + "0".repeat(64), "0.01")).as("65 characters").isEqualTo("3002");
        assertThat(simulator.get().account("alice").frozen("btc")).isEqualByComparingTo("0");

        // The bounds are inclusive and far from real numbers: 30 decimals of zeros are still 60000.
        assertThat(order("60000." + "0".repeat(30), "0.0100")).isEqualTo("1000");
    }

    @Test
    void orderMoreV2RefusesThemInsideTradeParams() {
        assertThat(batch("[[" + TINY + ",0.01]]")).isEqualTo("3002");
        assertThat(batch("[[60000," + HUGE + "]]")).isEqualTo("3003");
        assertThat(batch("[[\"" + HUGE + "\",\"0.01\"]]")).as("numbers as strings").isEqualTo("3002");
        assertThat(batch("[[60000,\"" + TINY + "\"]]")).isEqualTo("3003");
        assertThat(batch("[[60000,0.01],[" + "1".repeat(65) + ",0.01]]")).as("65 digits").isEqualTo("3002");
        assertThat(batch("[[60000," + "1".repeat(2000) + "]]")).as("beyond the JSON parser's own limit")
                .isEqualTo("3003");
        assertThat(batch("[[60000,0.01],[60000]]")).isEqualTo("3005");
        assertThat(simulator.get().account("alice").frozen("btc")).as("all or none").isEqualByComparingTo("0");

        assertThat(batch("[[60000,0.01],[\"60001\",\"0.02\"]]")).isEqualTo("1000");
        assertThat(simulator.get().account("alice").frozen("btc")).isEqualByComparingTo("0.03");
    }

    @Test
    void mergedDepthRefusesThemWith3005() {
        alice.api("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01", "tradeType", "1");
        for (String merge : new String[] {TINY, HUGE, "1E-31", "1".repeat(65)}) {
            JsonNode reply = alice.data("depth", "market", "btc_usdt", "merge", merge);
            assertThat(reply.get("code").asInt()).as(merge).isEqualTo(3005);
        }
        assertThat(alice.data("depth", "market", "btc_usdt", "merge", "1E+30").get("bids").size()).isEqualTo(1);
    }

    @Test
    void theEngineChecksTheBoundsBeforeTouchingANumber() {
        ExchangeSimulator sim = simulator.get();
        var user = sim.exchange().key("alice").user();
        // Resting at such a price would break every later ticker and depth reply of the market.
        assertThatThrownBy(() -> sim.exchange().place(user, OrderCommand.limit("btc_usdt", Side.SELL,
                new BigDecimal(HUGE), new BigDecimal("0.01"))))
                .isInstanceOfSatisfying(ExchangeError.class, e -> assertThat(e.code()).isEqualTo(3002));
        assertThatThrownBy(() -> sim.exchange().depth("btc_usdt", 5, new BigDecimal(TINY)))
                .isInstanceOfSatisfying(ExchangeError.class, e -> assertThat(e.code()).isEqualTo(3005));
        assertThat(alice.data("ticker", "market", "btc_usdt").get("ticker").get("sell").asText()).isEqualTo("0.00");
    }

    @Test
    void aHugeValueIsNeverRepeatedInFull() {
        assertShort(alice.apiRaw("order", "currency", "btc_usdt", "price", LONG_VALUE, "amount", "0.01",
                "tradeType", "0"), "3002");
        assertShort(alice.apiRaw("order", "currency", "btc_usdt", "price", "60000", "amount", LONG_VALUE,
                "tradeType", "0"), "3003");
        assertShort(alice.apiRaw("order", "currency", LONG_VALUE, "price", "60000", "amount", "0.01",
                "tradeType", "0"), "3005");
        assertShort(alice.apiRaw("orderMoreV2", "market", LONG_VALUE, "tradeType", "0",
                "tradeParams", "[[60000,0.01]]"), "3005");
        assertShort(alice.apiRaw("orderMoreV2", "market", "btc_usdt", "tradeType", "0",
                "tradeParams", "[[\"" + LONG_VALUE + "\",0.01]]"), "3002");
        assertShort(alice.apiRaw("order", "currency", "btc_usdt", "price", "60000", "amount", "0.01",
                "tradeType", "0", LONG_VALUE, "1"), "3005");
        assertShort(alice.apiRaw("getUserAddress", "currency", LONG_VALUE), "3005");
        assertShort(alice.apiRaw(LONG_VALUE), "3005");
        assertShort(alice.get("/data/v1/ticker?market=" + LONG_VALUE), "3005");
        assertShort(alice.get("/data/v1/kline?market=btc_usdt&type=" + LONG_VALUE), "3005");
        assertShort(alice.get("/data/v1/depth?market=btc_usdt&merge=" + LONG_VALUE), "3005");
    }

    private static void assertShort(HttpResponse<String> reply, String code) {
        assertThat(reply.statusCode()).isEqualTo(200);
        assertThat(reply.body().length()).as("reply length").isLessThan(300);
        assertThat(reply.body()).contains(SHOWN);
        assertThat(ReferenceClient.parse(reply).get("code").asText()).as(reply.body()).isEqualTo(code);
    }
}
