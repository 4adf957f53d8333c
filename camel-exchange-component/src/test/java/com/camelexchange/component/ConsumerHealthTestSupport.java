package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.impl.health.ConsumersHealthCheckRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A quiet simulator with an account, and a context whose consumers' checks Camel's consumers repository shows as
 * {@code consumer:<routeId>}, with every detail.
 */
abstract class ConsumerHealthTestSupport {

    static final String MARKET = "btc_usdt";

    protected final ExpectedFailures failures = new ExpectedFailures();
    protected ExchangeSimulator simulator;
    protected DefaultCamelContext context;

    @BeforeEach
    void startSimulator() {
        simulator = ExchangeSimulator.builder().seed(21).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
    }

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        simulator.stop();
    }

    protected void start(RouteBuilder routes, Object... beans) throws Exception {
        start(component -> { }, routes, beans);
    }

    protected void start(Consumer<ExchangeComponent> settings, RouteBuilder routes, Object... beans) throws Exception {
        context = new DefaultCamelContext();
        HealthCheckRegistry registry = ProducerHealthChecks.installOn(context);
        registry.setExposureLevel("full");
        registry.register(new ConsumersHealthCheckRepository());
        for (int i = 0; i < beans.length; i += 2) {
            context.getRegistry().bind((String) beans[i], beans[i + 1]);
        }
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        component.getConfiguration().setReadRetries(0);
        component.setMarketDataRequestsPerSecond(0);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(100);
        settings.accept(component);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(routes);
        context.start();
    }

    protected static HealthCheck.Result of(Collection<HealthCheck.Result> results, String routeId) {
        return results.stream().filter(r -> r.getCheck().getId().equals("consumer:" + routeId)).findFirst()
                .orElseThrow(() -> new AssertionError("no check consumer:" + routeId));
    }

    protected HealthCheck.Result health(String routeId) {
        return of(HealthCheckHelper.invoke(context), routeId);
    }

    protected void awaitHealth(String routeId, String what, Predicate<HealthCheck.Result> condition)
            throws InterruptedException {
        Await.until(20, routeId + " " + what, () -> condition.test(health(routeId)));
    }

    /** UP, and not merely because it has not polled or subscribed yet. */
    protected static boolean isUp(HealthCheck.Result result) {
        return result.getState() == HealthCheck.State.UP && "UP".equals(result.getDetails().get("state"));
    }

    protected static boolean isDown(HealthCheck.Result result) {
        return result.getState() == HealthCheck.State.DOWN;
    }

    /**
     * Runs {@code action} and returns what it logged: slf4j-simple writes to the standard error, captured here so
     * that the expected failures stay out of the build's output, or to the file a surefire execution names.
     */
    protected static String capturingTheLog(ThrowingRunnable action) throws Exception {
        String file = System.getProperty("org.slf4j.simpleLogger.logFile");
        if (file != null && !file.startsWith("System.")) {
            long before = Files.size(Path.of(file));
            action.run();
            try (InputStream in = Files.newInputStream(Path.of(file))) {
                in.skipNBytes(before);
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    protected interface ThrowingRunnable {
        void run() throws Exception;
    }
}
