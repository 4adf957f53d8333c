package com.camelexchange.component;

import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.WithdrawStatus;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.client.model.WithdrawalEventType;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.WithdrawalRecord;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.processor.state.FileStateRepository;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.client.model.WithdrawalEventType.NEW;
import static com.camelexchange.client.model.WithdrawalEventType.STATUS_CHANGED;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The withdrawals consumer against a simulator whose accounts come with a history of withdrawals in every
 * status (some still submitted): pending records are announced at the first start, final history is not,
 * and every new record and status change after that arrives once, across restarts.
 */
class WithdrawalEventsConsumerTest {
    private static final String COIN = "btc";

    private final List<CamelContext> contexts = new ArrayList<>();
    private final List<WithdrawalEvent> events = new CopyOnWriteArrayList<>();
    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private SimulatorAccount alice;

    @BeforeEach
    void startSimulator() {
        simulator = ExchangeSimulator.builder().seed(5).quiet().build().start();
        alice = simulator.createAccount("alice", "alice-secret");
    }

    @AfterEach
    void stopAll() {
        contexts.forEach(CamelContext::stop);
        simulator.stop();
    }

    /** Alice's context with the withdrawals consumer, once its first poll read the listing. */
    private CamelContext watcher(StateRepository<String, String> state) throws Exception {
        long before = simulator.requestCount("getWithdrawRecord");
        DefaultCamelContext ctx = new DefaultCamelContext();
        ExchangeComponent component = ctx.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setApiVariant(ApiVariant.A);
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        ctx.getRegistry().bind("failures", failures);
        if (state != null) {
            ctx.getRegistry().bind("state", state);
        }
        ExpectedFailures.unloggedIn(ctx);
        ctx.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:withdrawals?coin=" + COIN + "&delay=20&exceptionHandler=#failures"
                     + (state != null ? "&stateRepository=#state" : "")).routeId("withdrawals")
                        .process(e -> events.add(e.getMessage().getBody(WithdrawalEvent.class)))
                        .to("mock:events");
            }
        });
        ctx.start();
        contexts.add(ctx);
        Await.until(10, "first poll", () -> simulator.requestCount("getWithdrawRecord") > before);
        return ctx;
    }

    /** The ids of alice's records of the coin still submitted, as the simulator holds them. */
    private List<Long> submittedIds() {
        return simulator.exchange().key("alice").user().withdrawals().stream()
                .filter(w -> w.coin().equals(COIN) && w.status() == WithdrawalRecord.SUBMITTED)
                .map(WithdrawalRecord::id).sorted().toList();
    }

    private List<WithdrawalEvent> eventsOf(long id) {
        return events.stream().filter(e -> e.record().id() == id).toList();
    }

    private List<WithdrawalEventType> typesOf(long id) {
        return eventsOf(id).stream().map(WithdrawalEvent::type).toList();
    }

    private void awaitEvents(int count) throws InterruptedException {
        Await.until(10, count + " events", () -> events.size() >= count);
        afterMorePolls();
        assertThat(events).as("exactly %d events", count).hasSize(count);
    }

    private void afterMorePolls() throws InterruptedException {
        long now = simulator.requestCount("getWithdrawRecord");
        Await.until(10, "three more polls", () -> simulator.requestCount("getWithdrawRecord") >= now + 3);
    }

    @Test
    void theFirstStartAnnouncesPendingRecordsThenEveryNewRecordAndStatusChange() throws Exception {
        List<Long> pending = submittedIds();
        assertThat(pending).as("the seeded history has pending records").hasSizeGreaterThan(2);
        assertThat(alice.withdrawalCount(COIN)).as("and more than one page of final ones").isGreaterThan(20);

        CamelContext ctx = watcher(new MemoryStateRepository());
        awaitEvents(pending.size());
        assertThat(events).allSatisfy(e -> {
            assertThat(e.type()).isEqualTo(NEW);
            assertThat(e.record().status()).isEqualTo(WithdrawStatus.SUBMITTED);
            assertThat(e.previousStatus()).isNull();
        });
        assertThat(events.stream().map(e -> e.record().id()).sorted().toList()).as("pending ones only")
                .isEqualTo(pending);

        long requested = alice.requestWithdrawal(COIN, new BigDecimal("0.5"), null);
        awaitEvents(pending.size() + 1);
        assertThat(typesOf(requested)).containsExactly(NEW);
        assertThat(eventsOf(requested).get(0).record().amount()).isEqualByComparingTo("0.5");

        alice.settleWithdrawal(requested, 2);
        alice.settleWithdrawal(pending.get(0), 1);
        awaitEvents(pending.size() + 3);
        WithdrawalEvent success = eventsOf(requested).get(1);
        assertThat(success.type()).isEqualTo(STATUS_CHANGED);
        assertThat(success.previousStatus()).isEqualTo(WithdrawStatus.SUBMITTED);
        assertThat(success.previousRawStatus()).isZero();
        assertThat(success.record().status()).isEqualTo(WithdrawStatus.SUCCESS);
        assertThat(success.record().manageTime()).isNotNull();
        assertThat(typesOf(pending.get(0))).containsExactly(NEW, STATUS_CHANGED);
        assertThat(eventsOf(pending.get(0)).get(1).record().status()).isEqualTo(WithdrawStatus.FAILED);

        Exchange last = ctx.getEndpoint("mock:events", MockEndpoint.class).getExchanges().get(events.size() - 1);
        assertThat(last.getMessage().getHeader(ExchangeConstants.WITHDRAWAL_EVENT)).isEqualTo("STATUS_CHANGED");
        assertThat(last.getMessage().getHeader(ExchangeConstants.COIN)).isEqualTo(COIN);
        assertThat(last.getMessage().getHeader(ExchangeConstants.WITHDRAWAL_ID, Long.class))
                .isEqualTo(last.getMessage().getBody(WithdrawalEvent.class).record().id());
        assertThat(failures.failures()).isEmpty();
        assertThat(simulator.errorReplyCount(4002)).isZero();
    }

    @Test
    void withoutAStateRepositoryARouteStoppedAndStartedAgainAnnouncesNoPendingRecordTwice() throws Exception {
        List<Long> pending = submittedIds();
        CamelContext ctx = watcher(null);
        awaitEvents(pending.size());

        ctx.getRouteController().stopRoute("withdrawals");
        alice.settleWithdrawal(pending.get(0), 2);
        ctx.getRouteController().startRoute("withdrawals");
        awaitEvents(pending.size() + 1);
        assertThat(typesOf(pending.get(0))).containsExactly(NEW, STATUS_CHANGED);
        for (long id : pending.subList(1, pending.size())) {
            assertThat(typesOf(id)).as("record %d, still pending, announced once", id).containsExactly(NEW);
        }
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aRestartResumesWithNoGapAndNoRepeat(@TempDir Path dir) throws Exception {
        List<Long> pending = submittedIds();
        java.io.File file = dir.resolve("withdrawals.dat").toFile();
        CamelContext first = watcher(FileStateRepository.fileStateRepository(file));
        long before = alice.requestWithdrawal(COIN, new BigDecimal("0.1"), null);
        awaitEvents(pending.size() + 1);
        first.stop();

        // While no consumer runs: a change, a new record, and one requested and settled at once.
        alice.settleWithdrawal(before, 5);
        alice.settleWithdrawal(pending.get(1), 3);
        long meanwhile = alice.requestWithdrawal(COIN, new BigDecimal("0.2"), null);
        long settledAtOnce = alice.requestWithdrawal(COIN, new BigDecimal("0.3"), "1SomeoneElse");
        alice.settleWithdrawal(settledAtOnce, 1);

        watcher(FileStateRepository.fileStateRepository(file));
        awaitEvents(pending.size() + 1 + 4);
        assertThat(typesOf(before)).containsExactly(NEW, STATUS_CHANGED);
        assertThat(eventsOf(before).get(1).record().status()).isEqualTo(WithdrawStatus.CONFIRMED);
        assertThat(typesOf(pending.get(1))).containsExactly(NEW, STATUS_CHANGED);
        assertThat(typesOf(meanwhile)).containsExactly(NEW);
        assertThat(typesOf(settledAtOnce)).as("first seen final: one NEW showing its status").containsExactly(NEW);
        assertThat(eventsOf(settledAtOnce).get(0).record().status()).isEqualTo(WithdrawStatus.FAILED);
        assertThat(eventsOf(settledAtOnce).get(0).record().toAddress()).isEqualTo("1SomeoneElse");
        for (long id : pending) {
            assertThat(typesOf(id).stream().filter(t -> t == NEW)).as("record %d announced once", id).hasSize(1);
        }
    }
}
