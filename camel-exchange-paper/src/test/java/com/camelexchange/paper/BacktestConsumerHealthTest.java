package com.camelexchange.paper;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.apache.camel.spi.CamelEvent;
import org.apache.camel.support.EventNotifierSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming consumer of a backtest shows in Camel's health as every consumer does ({@code consumer:<routeId>}): UP
 * while the recording is applied and delivered, DOWN once it ended or stopped at a broken line, saying why; never UP
 * while its backtest is over. Its health is read while it delivers (in its route, on the replay's thread) and when
 * the backtest stops the context (its routes still run then).
 */
class BacktestConsumerHealthTest {
    private static final String CHECK = "consumer:streamed";

    @TempDir
    Path dir;

    @Test
    void upWhileTheRecordingIsDeliveredAndDownOnceItEnded() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        AtomicReference<HealthCheck.Result> during = new AtomicReference<>();
        AtomicReference<HealthCheck.Result> atStop = new AtomicReference<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), routes(during),
                    component -> checkAtStop(component.getCamelContext(), atStop));
        }
        assertThat(during.get()).as("the check while delivering").isNotNull();
        assertThat(atStop.get()).as("the check at the stop").isNotNull();
        assertThat(during.get().getState()).isEqualTo(HealthCheck.State.UP);
        assertThat(during.get().getDetails()).containsEntry("state", "UP").containsEntry("mode", "replayed")
                .containsEntry("operation", "trades").containsEntry("market", BTC)
                .containsEntry("backtest", "RUNNING").containsEntry("delivered", 5L);
        assertThat(atStop.get().getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(atStop.get().getMessage()).hasValue("The recording ended: the backtest delivers nothing more");
        assertThat(atStop.get().getDetails()).containsEntry("backtest", "FINISHED").containsEntry("delivered", 10L);
    }

    @Test
    void downSayingWhichLineOnceABrokenLineStoppedIt() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        Files.writeString(recording, "{\"at\":\"2024-01-01T00:00:10Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\","
                                     + "\"data\":{\"price\":\"not a number\"}}\n", StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
        AtomicReference<HealthCheck.Result> during = new AtomicReference<>();
        AtomicReference<HealthCheck.Result> atStop = new AtomicReference<>();
        // The broken line is logged once at ERROR (asserted by BacktestBadRecordingTest): kept out of the build's log.
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"),
                "http://127.0.0.1:9", routes(during), component -> checkAtStop(component.getCamelContext(), atStop)));
        assertThat(during.get()).as("the check while delivering").isNotNull();
        assertThat(atStop.get()).as("the check at the stop").isNotNull();
        assertThat(during.get().getState()).isEqualTo(HealthCheck.State.UP);
        assertThat(atStop.get().getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(atStop.get().getMessage().orElseThrow()).startsWith("The backtest stopped at line 32 of "
                + recording + ": ");
        assertThat(atStop.get().getDetails()).containsEntry("backtest", "FAILED").containsEntry("delivered", 10L);
        assertThat(log.hasStackTrace()).isFalse();
    }

    /** A streaming trades consumer that reads its own health while it delivers the fifth trade. */
    private static RouteBuilder routes(AtomicReference<HealthCheck.Result> during) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true").routeId("streamed")
                        .filter(simple("${header.CamelExchangeTradeId} == 5"))
                        .process(e -> during.set(check(e.getContext())));
            }
        };
    }

    /**
     * Shows the consumers' checks, as Camel Main does, and reads the check when the context starts to stop (the
     * backtest's end stops it): its routes still run then.
     */
    private static void checkAtStop(CamelContext context, AtomicReference<HealthCheck.Result> atStop) {
        HealthCheckRegistry.get(context).register(new ConsumersHealthCheckRepository());
        context.getManagementStrategy().addEventNotifier(new EventNotifierSupport() {
            @Override
            public void notify(CamelEvent event) {
                atStop.set(check(context));
            }

            @Override
            public boolean isEnabled(CamelEvent event) {
                return event instanceof CamelEvent.CamelContextStoppingEvent;
            }
        });
    }

    private static HealthCheck.Result check(CamelContext context) {
        // Every check, UP or not ("full"; by default all UP reads as one).
        Map<String, HealthCheck.Result> all = new HashMap<>();
        HealthCheckHelper.invoke(context, check -> Map.of(), check -> false, "full")
                .forEach(r -> all.put(r.getCheck().getId(), r));
        // Null when it is not there: asserted by the test, not in a route or in the context's stop.
        return all.get(CHECK);
    }
}
