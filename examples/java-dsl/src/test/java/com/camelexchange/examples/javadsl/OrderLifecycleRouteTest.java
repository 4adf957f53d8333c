package com.camelexchange.examples.javadsl;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.examples.support.ConsolePrinter;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorAccount;
import org.apache.camel.CamelContext;
import org.apache.camel.RoutesBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a user tests their own route with the simulator (the user guide includes this class): the route is
 * the example's order lifecycle, unchanged; the simulator's market stands still (no synthetic traders), so
 * the order cannot fill and the route must cancel it; and the reply to the order is lost on the way back.
 */
// tag::testing[]
class OrderLifecycleRouteTest extends CamelTestSupport {
    private static final String ACCESS_KEY = "test-access-key";
    private static final String SECRET_KEY = "test-secret-key";

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(
            builder -> builder.seed(7).activity(false).key(ACCESS_KEY, SECRET_KEY));

    private final CountDownLatch finished = new CountDownLatch(1);
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        ExchangeConfiguration configuration = context.getComponent("exchange", ExchangeComponent.class)
                .getConfiguration();
        configuration.setBaseUrl(SIMULATOR.get().baseUrl());
        configuration.setAccessKey(ACCESS_KEY);
        configuration.setSecretKey(SECRET_KEY);
        return context;
    }

    @Override
    protected RoutesBuilder createRouteBuilder() {
        ConsolePrinter printer = new ConsolePrinter(new PrintStream(printed, true, StandardCharsets.UTF_8),
                finished::countDown);
        return new OrderLifecycleRoute(printer, 2);
    }

    @Test
    void anOrderThatDoesNotFillIsCancelledAndALostReplyPlacesItOnlyOnce() throws Exception {
        ExchangeSimulator simulator = SIMULATOR.get();
        simulator.faults().inject("order", Fault.loseReply());    // placed, but the reply never arrives

        assertThat(finished.await(30, TimeUnit.SECONDS)).as("the route ran to its end").isTrue();

        SimulatorAccount account = simulator.account(ACCESS_KEY);
        assertThat(account.orderCount("btc_usdt")).as("one order despite the lost reply").isEqualTo(1);
        assertThat(account.openOrderCount("btc_usdt")).as("cancelled by the route").isZero();
        assertThat(account.frozen("usdt")).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("status CANCELLED");
    }
}
// end::testing[]
