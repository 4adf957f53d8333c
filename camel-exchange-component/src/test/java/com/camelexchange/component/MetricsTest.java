package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.component.metrics.MetricsLookup;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Meters recorded into a Micrometer registry found in the Camel registry, with real calls to the simulator. */
class MetricsTest extends TradingTestSupport {
    private static final OrderRequest BUY = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");
    private static final String ACCESS_KEY = "alice-access-key";
    private static final String SECRET_KEY = "alice-secret";

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private boolean bindRegistry = true;

    @Override
    protected void beforeStart(DefaultCamelContext ctx) {
        if (bindRegistry) {
            ctx.getRegistry().bind("meters", meters);
        }
    }

    private void start(Variant variant, SimulatorLimits limits) throws Exception {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().variant(variant).seed(42).quiet();
        simulator = (limits == null ? builder : builder.limits(limits)).build().start();
        simulator.createAccount(ACCESS_KEY, SECRET_KEY);
        startContext(variant == Variant.A ? ApiVariant.A : ApiVariant.B, ACCESS_KEY, SECRET_KEY, null);
    }

    private Timer calls(String operation, String outcome) {
        return meters.find("camel.exchange.calls").tag("operation", operation).tag("outcome", outcome).timer();
    }

    private double orders(String outcome) {
        Counter counter = meters.find("camel.exchange.orders").tag("outcome", outcome).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void callsAreTimedByOperationAndOutcome() throws Exception {
        start(Variant.A, null);
        for (int i = 0; i < 3; i++) {
            call("exchange:ticker?market=btc_usdt", null, Ticker.class);
        }
        assertThat(calls("ticker", "success").count()).isEqualTo(3);
        assertThat(calls("ticker", "success").totalTime(TimeUnit.NANOSECONDS)).isPositive();
        assertThat(calls("markets", "success").count()).as("the market list, fetched once for the checks").isEqualTo(1);

        simulator.faults().inject("ticker", Fault.http500());
        assertThat(send("exchange:ticker?market=btc_usdt&readRetries=0", null).getException()).isNotNull();
        assertThat(calls("ticker", "unavailable").count()).isEqualTo(1);
        assertThat(calls("ticker", "success").count()).isEqualTo(3);

        assertThat(send("exchange:ticker?market=nope_usdt", null).getException())
                .isInstanceOf(ExchangeValidationException.class);
        assertThat(meters.find("camel.exchange.calls").tag("operation", "ticker").timers().stream()
                .mapToLong(Timer::count).sum()).as("refused before sending: not a call").isEqualTo(4);
    }

    @Test
    void permitWaitsAndPermitsInUseAreMeasuredPerBudget() throws Exception {
        start(Variant.A, null);
        call("exchange:ticker?market=btc_usdt", null, Ticker.class);
        call("exchange:getAccountInfo", null, Object.class);

        Timer marketData = meters.find("camel.exchange.rate.permit.wait").tag("budget", "market-data")
                .tag("scope", "market data").tag("outcome", "acquired").timer();
        assertThat(marketData.count()).as("ticker and the market list").isEqualTo(2);
        Gauge ip = meters.find("camel.exchange.rate.permits.in.use").tag("budget", "A/ip").gauge();
        assertThat(ip.value()).isZero();
        List<Meter> keyBudget = List.copyOf(meters.find("camel.exchange.rate.permits.in.use")
                .tag("scope", "trade API per key").meters());
        assertThat(keyBudget).hasSize(1);
        String keyBudgetId = keyBudget.get(0).getId().getTag("budget");
        assertThat(keyBudgetId).matches("A/key/[0-9a-f]{16}").doesNotContain(ACCESS_KEY);
        assertThat(meters.getMeters()).allSatisfy(m -> assertThat(m.getId().toString())
                .doesNotContain(ACCESS_KEY).doesNotContain(SECRET_KEY));

        // A call in flight holds its permit: the gauge shows it until the reply.
        simulator.faults().inject("ticker", Fault.delay(Duration.ofMillis(1500)));
        Gauge marketDataInUse = meters.find("camel.exchange.rate.permits.in.use").tag("budget", "market-data").gauge();
        CompletableFuture<Exchange> slow = CompletableFuture.supplyAsync(
                () -> send("exchange:ticker?market=btc_usdt", null));
        MarketDataConsumerTest.awaitUntil(() -> marketDataInUse.value() == 1);
        assertThat(slow.get(10, TimeUnit.SECONDS).getException()).isNull();
        assertThat(marketDataInUse.value()).isZero();
    }

    @Test
    void a4002IsCountedAsARateLimitReply() throws Exception {
        start(Variant.A, SimulatorLimits.forVariant(Variant.A).withPerKey(1));
        assertThat(send("exchange:getAccountInfo", null).getException()).isNull();
        Exchange refused = send("exchange:getAccountInfo?readRetries=0", null);
        assertThat(refused.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class,
                e -> assertThat(e.code()).isEqualTo(4002));
        Counter replies = meters.find("camel.exchange.rate.limit.replies").tag("code", "4002").counter();
        assertThat(replies.count()).isEqualTo(1);
        assertThat(replies.getId().getTag("operation")).isEqualTo("getAccountInfo");
        assertThat(calls("getAccountInfo", "rate_limited").count()).isEqualTo(1);
        assertThat(meters.find("camel.exchange.rate.limit.replies").tag("code", "4001").counter()).isNull();
    }

    @Test
    void aRequestRefusedBeforeSendingIsNoCall() throws Exception {
        start(Variant.A, SimulatorLimits.forVariant(Variant.A).withPerIp(1));
        assertThat(send("exchange:getAccountInfo?readRetries=0", null).getException()).isNull();
        assertThat(send("exchange:getAccountInfo?readRetries=0", null).getException())
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> assertThat(e.code()).isEqualTo(4001));
        long requests = simulator.requestCount();

        // The IP is locked for the hour: the component refuses the next request itself, unsent.
        assertThat(send("exchange:getAccountInfo?readRetries=0", null).getException())
                .isInstanceOf(ExchangeRateLimitException.class);
        assertThat(simulator.requestCount()).as("nothing sent").isEqualTo(requests);
        assertThat(calls("getAccountInfo", "success").count()).isEqualTo(1);
        assertThat(calls("getAccountInfo", "unavailable").count()).as("the 4001 reply").isEqualTo(1);
        assertThat(calls("getAccountInfo", "rate_limited")).as("the refusal is not a call, nor a 4002").isNull();
        assertThat(meters.find("camel.exchange.calls").timers().stream().mapToLong(Timer::count).sum())
                .as("the two requests the exchange answered").isEqualTo(2);
        Timer refused = meters.find("camel.exchange.rate.permit.wait").tag("budget", "A/ip")
                .tag("outcome", "refused").timer();
        assertThat(refused.count()).as("counted as a refused permit wait instead").isEqualTo(1);
    }

    @Test
    void ordersAreCountedPlacedAndRecovered() throws Exception {
        start(Variant.A, null);
        assertThat(call("exchange:order", BUY, PlacedOrder.class).recovered()).isFalse();
        simulator.faults().inject("order", Fault.loseReply());
        assertThat(call("exchange:order", BUY, PlacedOrder.class).recovered()).isTrue();
        assertThat(orders("placed")).isEqualTo(1);
        assertThat(orders("recovered")).isEqualTo(1);
        assertThat(orders("unknown")).isZero();
        assertThat(calls("order", "unavailable").count()).as("the lost reply").isEqualTo(1);
        assertThat(calls("getOrder", "success").count()).as("the look-up that found it").isEqualTo(1);
    }

    @Test
    void anOrderWhoseOutcomeCannotBeKnownIsCountedUnknown() throws Exception {
        start(Variant.B, null);
        // Not executed, so a variant B order's look-up finds nothing: its outcome stays unknown.
        simulator.faults().inject("order", Fault.http502());
        assertThat(send("exchange:order", BUY).getException()).isInstanceOf(ExchangeOrderStateUnknownException.class);
        assertThat(orders("unknown")).isEqualTo(1);
        assertThat(orders("placed")).isZero();
    }

    @Test
    void streamReconnectsAreCountedPerAddress() throws Exception {
        simulator = ExchangeSimulator.builder().seed(7).quiet().limits(SimulatorLimits.none()).build().start();
        ExpectedFailures failures = new ExpectedFailures();
        CamelContext ctx = startContext(ApiVariant.A, null, null, new RouteBuilder() {
            @Override
            public void configure() {
                getContext().getRegistry().bind("failures", failures);
                from("exchange:ticker?market=btc_usdt&streaming=true&exceptionHandler=#failures").routeId("stream")
                        .to("mock:ticks");
            }
        });
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        MarketDataConsumerTest.awaitUntil(() -> simulator.streamSubscriptions("btcusdt_ticker") == 1);
        String address = ClientInternals.streams(component.clientResources()).all().get(0).uri().toString();
        FunctionCounter reconnects = meters.find("camel.exchange.stream.reconnects").tag("address", address)
                .functionCounter();
        Gauge connected = meters.find("camel.exchange.stream.connected").tag("address", address).gauge();
        assertThat(reconnects.count()).isZero();
        assertThat(connected.value()).isEqualTo(1);

        simulator.streamFaults().dropAll();
        MarketDataConsumerTest.awaitUntil(() -> reconnects.count() == 1
                && simulator.streamSubscriptions("btcusdt_ticker") == 1);
        assertThat(connected.value()).isEqualTo(1);

        ctx.stop();
        assertThat(meters.find("camel.exchange.stream.reconnects").meters()).as("removed with the component").isEmpty();
        assertThat(meters.find("camel.exchange.rate.permits.in.use").meters()).isEmpty();
    }

    @Test
    void withoutARegistryNothingIsRecordedAndCallsWork() throws Exception {
        bindRegistry = false;
        start(Variant.A, null);
        assertThat(call("exchange:ticker?market=btc_usdt", null, Ticker.class)).isNotNull();
        assertThat(call("exchange:order", BUY, PlacedOrder.class).recovered()).isFalse();
        Metrics metrics = context.getComponent("exchange", ExchangeComponent.class).shared().metricsIfResolved();
        assertThat(metrics).isSameAs(Metrics.NONE);
        assertThat(meters.getMeters()).isEmpty();
    }

    @Test
    void amongSeveralRegistriesTheOptionChoosesAndNothingIsGuessed() throws Exception {
        bindRegistry = false;
        start(Variant.A, null);
        SimpleMeterRegistry chosen = new SimpleMeterRegistry();
        SimpleMeterRegistry other = new SimpleMeterRegistry();

        DefaultCamelContext two = new DefaultCamelContext();
        contexts.add(two);
        two.getRegistry().bind("chosen", chosen);
        two.getRegistry().bind("other", other);
        two.getComponent("exchange", ExchangeComponent.class).getConfiguration().setBaseUrl(simulator.baseUrl());
        two.start();
        two.createProducerTemplate().requestBody("exchange:ticker?market=btc_usdt", null, Ticker.class);
        assertThat(two.getComponent("exchange", ExchangeComponent.class).shared().metricsIfResolved()).isSameAs(Metrics.NONE);

        DefaultCamelContext named = new DefaultCamelContext();
        contexts.add(named);
        named.getRegistry().bind("chosen", chosen);
        named.getRegistry().bind("other", other);
        ExchangeComponent component = named.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMeterRegistry(chosen);
        named.start();
        named.createProducerTemplate().requestBody("exchange:ticker?market=btc_usdt", null, Ticker.class);
        assertThat(chosen.find("camel.exchange.calls").tag("operation", "ticker").timer().count()).isEqualTo(1);
        assertThat(other.getMeters()).isEmpty();

        assertThatThrownBy(() -> MetricsLookup.lookUp(named, "not a registry"))
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("meterRegistry");
    }
}
