package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Everything from outside is bounded: a reply's size, a call's time, a number's scale and precision,
 * the length of a value repeated in a message. Each case goes through a route to the simulator.
 */
class BoundedCallsTest extends TradingTestSupport {
    private ExchangeComponent component;

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).activity(false).build().start();
        simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", null);
        component = context.getComponent("exchange", ExchangeComponent.class);
    }

    @Test
    @Timeout(60)
    void aReplyLargerThanTheCapIsRefusedWithoutBeingReadWhole() {
        simulator.faults().inject("ticker", Fault.oversized(300L * 1024 * 1024));
        Exchange reply = send("exchange:ticker?market=btc_usdt&readRetries=0", null);
        assertThat(reply.getException()).isInstanceOf(ExchangeReplyFormatException.class);
        assertThat(reply.getException().getMessage()).contains("larger than maxReplySize (4194304 bytes)");
        assertThat(call("exchange:ticker?market=btc_usdt", null, Ticker.class).sell())
                .as("the next call is served as usual").isPositive();
        assertThat(ClientInternals.transport(component.clientResources()).poolStats().getLeased()).as("no connection left leased").isZero();
    }

    @Test
    void theCapIsAnOption() {
        Exchange reply = send("exchange:trades?market=btc_usdt&maxReplySize=1024&readRetries=0", null);
        assertThat(reply.getException()).isInstanceOf(ExchangeReplyFormatException.class)
                .hasMessageContaining("maxReplySize (1024 bytes)");
        assertThat(call("exchange:trades?market=btc_usdt", null, List.class)).hasSize(50);
    }

    @Test
    @Timeout(30)
    void requestTimeoutBoundsTheWholeCallAndFreesItsRatePermit() {
        // One market-data permit a second for the whole component: a reply that holds it starves every route.
        component.setMarketDataRequestsPerSecond(1);
        component.setRateLimitMaxWait(5_000);
        call("exchange:markets", null, Map.class);
        simulator.faults().inject("ticker", Fault.trickle(Duration.ofMillis(400)));

        Exchange slow = send("exchange:ticker?market=btc_usdt&requestTimeout=1000&readRetries=0", null);
        assertThat(slow.getException()).isInstanceOfSatisfying(ExchangeTransportException.class, e -> {
            assertThat(e.timedOut()).isTrue();
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.getMessage()).contains("within 1000 ms");
        });
        Exchange next = send("exchange:ticker?market=btc_usdt", null);
        assertThat(next.getException()).as("the permit came back when the call was aborted").isNull();
        assertThat(simulator.requestCount("ticker")).isEqualTo(2);
    }

    @Test
    @Timeout(30)
    void callTimeoutBoundsAReadWithAllItsAttempts() {
        call("exchange:markets", null, Map.class);
        simulator.faults().inject("ticker", Fault.trickle(Duration.ofMillis(400)), 3);
        // Three attempts of 300 ms each would take 900 ms and more: the call's 500 ms end it before the third.
        Exchange slow = send("exchange:ticker?market=btc_usdt&requestTimeout=300&readRetries=2"
                             + "&readRetryDelay=10&callTimeout=500", null);
        assertThat(slow.getException()).isInstanceOfSatisfying(ExchangeTransportException.class, e -> {
            assertThat(e.timedOut()).isTrue();
            assertThat(e.getMessage()).contains("within 500 ms (callTimeout)");
        });
        assertThat(simulator.requestCount("ticker")).as("attempts within the call").isBetween(1L, 2L);
        simulator.faults().clear();
    }

    @Test
    @Timeout(30)
    void callTimeoutBoundsTheWaitForARatePermit() throws Exception {
        component.setMarketDataRequestsPerSecond(1);
        component.setRateLimitMaxWait(20_000);
        // A trickled ticker holds the one market-data permit while it lasts (up to its 5 s requestTimeout).
        simulator.faults().inject("ticker", Fault.trickle(Duration.ofMillis(400)));
        CompletableFuture<Exchange> holder = CompletableFuture.supplyAsync(
                () -> send("exchange:ticker?market=btc_usdt&requestTimeout=5000&readRetries=0", null));
        Await.until(10, "the trickled ticker holds its permit", () -> simulator.requestCount("ticker") == 1);

        Exchange waiting = send("exchange:ticker?market=btc_usdt&callTimeout=100", null);
        assertThat(waiting.getException()).as("no permit within the call").isInstanceOf(ExchangeRateLimitException.class);
        assertThat(simulator.requestCount("ticker")).as("refused unsent").isEqualTo(1);
        holder.get(30, TimeUnit.SECONDS);
    }

    @Test
    @Timeout(30)
    void aSignedCallPastItsDeadlineIsAbortedToo() {
        simulator.faults().inject("getAccountInfo", Fault.trickle(Duration.ofMillis(400)));
        Exchange slow = send("exchange:getAccountInfo?requestTimeout=800&readRetries=0", null);
        assertThat(slow.getException()).isInstanceOfSatisfying(ExchangeTransportException.class,
                e -> assertThat(e.timedOut()).isTrue());
        assertThat(send("exchange:getAccountInfo", null).getException()).isNull();
    }

    @Test
    @Timeout(30)
    void numbersOfAbsurdScaleOrPrecisionAreRefusedUnsentWithShortMessages() {
        call("exchange:markets", null, Map.class);
        long before = simulator.requestCount();
        for (String absurd : List.of("1E-999999999", "1E+999999999", "1E-99999999", "0E-999999999",
                "1" + "0".repeat(100_000))) {
            Map<String, Object> headers = new HashMap<>(Map.of(ExchangeConstants.MARKET, "btc_usdt",
                    ExchangeConstants.TRADE_TYPE, "buy", ExchangeConstants.AMOUNT, "0.01"));
            headers.put(ExchangeConstants.PRICE, absurd);
            assertRefusedBriefly(send("exchange:order", null, headers), "header CamelExchangePrice");
            assertRefusedBriefly(send("exchange:order", Map.of("market", "btc_usdt", "side", "buy", "price", "60000",
                    "amount", absurd)), "body amount");
            assertRefusedBriefly(send("exchange:depth?market=btc_usdt", null, Map.of(ExchangeConstants.MERGE, absurd)),
                    "header CamelExchangeMerge");
            assertRefusedBriefly(send("exchange:orderMoreV2?market=btc_usdt&tradeType=buy",
                    "[[60000, 0.01], [" + absurd + ", 0.01]]"), "body");
        }
        for (String absurd : List.of("1E-999999999", "1E+999999999")) {
            assertRefusedBriefly(send("exchange:order", new OrderRequest("btc_usdt", OrderSide.BUY,
                    new BigDecimal(absurd), new BigDecimal("0.01"), null, null, null)), "body price");
        }
        assertThat(simulator.requestCount()).as("nothing was sent").isEqualTo(before);
    }

    private static void assertRefusedBriefly(Exchange reply, String parameter) {
        assertThat(reply.getException()).isInstanceOf(ExchangeValidationException.class);
        ExchangeValidationException refused = (ExchangeValidationException) reply.getException();
        assertThat(refused.parameter()).startsWith(parameter);
        assertThat(refused.getMessage().length()).as("message length").isLessThan(300);
    }
}
