package com.camelexchange.component.hostile;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.component.Await;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.engine.OrderType;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import static com.camelexchange.client.model.OrderEventType.NEW;
import static com.camelexchange.client.model.OrderEventType.PARTIALLY_FILLED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 36, as filed: the newest order of a variant B listing served with a record whose structure is hostile (nested
 * 3,000 deep, an extra field so nested, a byte 0xFF) stopped the orders consumer from announcing any other order's
 * events. Now that record is lost alone: the other orders' events come, once, none of that order's while its record
 * stays hostile, and its own once it is good.
 */
class HostileOrderEventsVariantBTest {
    private static final String MARKET = "btc_usdt";
    /** The calls that list an order in variant B, and the look-up of one. */
    private static final List<String> SHOWN_BY = List.of("getUnfinishedOrdersIgnoreTradeType",
            "getOrdersIgnoreTradeType");

    @RegisterExtension
    final ExchangeSimulatorExtension simulatorExtension = ExchangeSimulatorExtension.create(b -> b.quiet()
            .variant(Variant.B).limits(SimulatorLimits.none())
            .key(HostileHarness.ACCESS_KEY, HostileHarness.SECRET_KEY));
    private ExchangeSimulator simulator;
    private HostileHarness harness;
    private User alice;
    private User bob;
    private final List<OrderEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startCamel() {
        simulator = simulatorExtension.get();
        simulator.createAccount("bob", "bob-secret");
        alice = simulator.exchange().key(HostileHarness.ACCESS_KEY).user();
        bob = simulator.exchange().key("bob").user();
        harness = new HostileHarness(simulator);
    }

    @AfterEach
    void stopCamel() {
        harness.close();
    }

    static Stream<HostileValue> structural() {
        return HostileValue.structural();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("structural")
    void theNewestOrderListedWithAHostileStructureLosesItsEventsAloneAndTheOthersCome(HostileValue value)
            throws Exception {
        long first = place(Side.BUY, "60000", "0.1");
        String scheme = harness.newComponent(c -> c.getConfiguration().setApiVariant(ApiVariant.B));
        harness.context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(scheme + ":orders?market=" + MARKET + "&pageSize=50&delay=20&initialDelay=0")
                        .process(e -> events.add(e.getMessage().getBody(OrderEvent.class)));
            }
        });
        awaitTypes(first, NEW);

        long hostile = place(Side.SELL, "70000", "0.1");
        List<HostileRecord> served = new ArrayList<>();
        for (String listing : SHOWN_BY) {
            served.add(HostileRecord.inList("", "id", hostile, "price", value).servedBy(simulator.faults(), listing));
        }
        served.add(HostileRecord.whole("id", hostile, "price", value).servedBy(simulator.faults(), "getOrder"));
        HostileHarness.Logged<Void> log = HostileHarness.logging(() -> {
            bobTakes(Side.SELL, "60000", "0.04");
            awaitTypes(first, NEW, PARTIALLY_FILLED);
            long polls = simulator.requestCount("getOrdersIgnoreTradeType");
            Await.until(10, "three more polls",
                    () -> simulator.requestCount("getOrdersIgnoreTradeType") >= polls + 3);
            return null;
        });
        assertThat(served.get(0).served() + served.get(1).served()).as("the hostile record was listed").isPositive();
        assertThat(types(hostile)).as("nothing said of the order while its record is hostile").isEmpty();
        assertThat(log.stackTrace()).as(log.log()).isFalse();
        assertThat(log.log()).as("no poll failed").doesNotContain("poll failed");

        served.forEach(HostileRecord::heal);
        awaitTypes(hostile, NEW);
        assertThat(types(first)).containsExactly(NEW, PARTIALLY_FILLED);
    }

    private long place(Side side, String price, String amount) {
        return simulator.exchange().place(alice, OrderCommand.limit(MARKET, side, new BigDecimal(price),
                new BigDecimal(amount))).id();
    }

    private void bobTakes(Side side, String price, String amount) {
        simulator.exchange().place(bob, new OrderCommand(MARKET, side, new BigDecimal(price), new BigDecimal(amount),
                0, null, OrderType.IOC));
    }

    private List<OrderEventType> types(long order) {
        return events.stream().filter(e -> e.order().id().equals(Long.toString(order))).map(OrderEvent::type)
                .toList();
    }

    private void awaitTypes(long order, OrderEventType... types) throws InterruptedException {
        Await.until(10, "events of order " + order + " " + List.of(types), () -> types(order).size() >= types.length);
        assertThat(types(order)).as("events of order %s", order).containsExactly(types);
    }
}
