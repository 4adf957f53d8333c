package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.Positions;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.feed.PolledData.Item;
import com.camelexchange.client.internal.feed.StateSlot;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderStatus;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.camelexchange.client.internal.feed.account.OrderTransitionsTest.order;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The account's order events with the exchange faked at the consumer's reads: each change once, the state moved
 * only by delivered events, a closed order found by its own look-up, and one order whose reply cannot be read never
 * holding back the others.
 */
class PolledOrderEventsTest {
    private static final String KEY = "orders:btc_usdt";

    private final FakeAccount account = new FakeAccount();
    private final Positions positions = Positions.inMemory();
    private final FakeAccount.Poll poll = new FakeAccount.Poll();

    private PolledOrderEvents consumer(int pageSize, int maxEvents) {
        PolledOrderEvents events = new PolledOrderEvents(new OrderEventsOptions("btc_usdt", pageSize, 5, maxEvents),
                new StateSlot(positions, KEY), account);
        events.start(null);
        return events;
    }

    private List<String> pollAndDeliver(PolledOrderEvents events) {
        return FakeAccount.deliver(events.poll(poll), OrderEvent.class).stream().map(PolledOrderEventsTest::describe)
                .toList();
    }

    private static String describe(OrderEvent event) {
        return event.order().id() + " " + event.type() + " " + event.tradedSinceLast().toPlainString();
    }

    @Test
    void theFirstStartAnnouncesTheOpenOrdersAndDoesNotReplayHistory() {
        account.put(order(1, "1", "1", OrderStatus.FILLED));
        account.put(order(2, "1", "0", OrderStatus.PENDING));
        account.put(order(3, "1", "0.5", OrderStatus.PARTIALLY_FILLED));
        PolledOrderEvents events = consumer(10, 100);
        assertThat(pollAndDeliver(events)).containsExactly("2 NEW 0", "3 NEW 0", "3 PARTIALLY_FILLED 0.5");
        assertThat(positions.get(KEY)).startsWith("{\"watermark\":\"3\"");
        assertThat(pollAndDeliver(events)).as("nothing twice").isEmpty();
    }

    @Test
    void aNewOrderAndEachOfItsFillsComeOnceAndAFilledOrderIsNoLongerFollowed() {
        PolledOrderEvents events = consumer(10, 100);
        assertThat(pollAndDeliver(events)).isEmpty();
        account.put(order(4, "1", "0", OrderStatus.PENDING));
        assertThat(pollAndDeliver(events)).containsExactly("4 NEW 0");
        account.put(order(4, "1", "0.4", OrderStatus.PARTIALLY_FILLED));
        assertThat(pollAndDeliver(events)).containsExactly("4 PARTIALLY_FILLED 0.4");
        account.put(order(4, "1", "1", OrderStatus.FILLED));
        assertThat(pollAndDeliver(events)).containsExactly("4 FILLED 0.6");
        assertThat(pollAndDeliver(events)).isEmpty();
        assertThat(positions.get(KEY)).isEqualTo("{\"watermark\":\"4\",\"open\":{}}");
    }

    @Test
    void aFollowedOrderThatClosedUnlistedIsLookedUpByItsId() {
        account.put(order(2, "1", "0", OrderStatus.PENDING));
        account.put(order(3, "1", "0", OrderStatus.PENDING));
        PolledOrderEvents events = consumer(1, 100);
        pollAndDeliver(events);
        account.put(order(2, "1", "0.3", OrderStatus.CANCELLED));
        account.calls.clear();
        assertThat(pollAndDeliver(events)).containsExactly("2 PARTIALLY_FILLED 0.3", "2 CANCELLED 0");
        assertThat(account.calls).contains("order 2");
    }

    @Test
    void anOrderWhoseReplyCannotBeReadStaysAsReportedAndHoldsBackNoOtherOrder() {
        account.put(order(2, "1", "0", OrderStatus.PENDING));
        account.put(order(3, "1", "0", OrderStatus.PENDING));
        account.put(order(4, "1", "0", OrderStatus.PENDING));
        PolledOrderEvents events = consumer(1, 100);
        pollAndDeliver(events);
        account.put(order(2, "1", "1", OrderStatus.FILLED));
        account.put(order(3, "1", "1", OrderStatus.FILLED));
        account.lookUpFailures.put(2L, new ExchangeReplyFormatException("getOrder", "price out of bounds", ""));
        assertThat(pollAndDeliver(events)).as("3 goes on").containsExactly("3 FILLED 1");
        assertThat(positions.get(KEY)).as("2 still followed, as last reported").contains("\"2\":{\"traded\":\"0\"");
        assertThat(pollAndDeliver(events)).isEmpty();

        account.lookUpFailures.clear();
        assertThat(pollAndDeliver(events)).containsExactly("2 FILLED 1");
    }

    @Test
    void anOrderTheExchangeNoLongerKnowsIsNoLongerFollowedAndOtherErrorsFailThePoll() {
        account.put(order(2, "1", "0", OrderStatus.PENDING));
        account.put(order(3, "1", "0", OrderStatus.PENDING));
        PolledOrderEvents events = consumer(1, 100);
        pollAndDeliver(events);

        account.put(order(2, "1", "0", OrderStatus.CANCELLED));
        account.lookUpFailures.put(2L, new ExchangeErrorReplyException("getOrder", 1002, "busy"));
        assertThatThrownBy(() -> events.poll(poll)).as("not taken for gone").hasMessageContaining("busy");

        account.lookUpFailures.clear();
        account.orders.remove(2L);
        assertThat(pollAndDeliver(events)).as("nothing is invented for it").isEmpty();
        assertThat(positions.get(KEY)).doesNotContain("\"2\"");
    }

    @Test
    void aStatusNoVariantDocumentsEmitsNothingUntilTheOrderShowsAKnownOne() {
        account.put(order(2, "1", "0", OrderStatus.PENDING));
        PolledOrderEvents events = consumer(10, 100);
        pollAndDeliver(events);
        account.put(order(2, "1", "1", OrderStatus.UNKNOWN));
        assertThat(pollAndDeliver(events)).isEmpty();
        assertThat(positions.get(KEY)).contains("\"2\"");
        account.put(order(2, "1", "1", OrderStatus.FILLED));
        assertThat(pollAndDeliver(events)).containsExactly("2 FILLED 1");
    }

    @Test
    void eventsBeyondThePollsShareComeWithTheNextPoll() {
        PolledOrderEvents events = consumer(10, 2);
        pollAndDeliver(events);
        account.put(order(4, "1", "0", OrderStatus.PENDING));
        account.put(order(5, "1", "0", OrderStatus.PENDING));
        account.put(order(6, "1", "0", OrderStatus.PENDING));
        assertThat(pollAndDeliver(events)).containsExactly("4 NEW 0", "5 NEW 0");
        assertThat(poll.left).isEqualTo(1);
        assertThat(pollAndDeliver(events)).containsExactly("6 NEW 0");
        assertThat(poll.left).isZero();
    }

    @Test
    void anEventNotDeliveredComesAgainAndARestartResumesWithoutRepeats() {
        PolledOrderEvents events = consumer(10, 100);
        pollAndDeliver(events);
        account.put(order(4, "1", "0", OrderStatus.PENDING));
        List<Item> failed = events.poll(poll);
        assertThat(failed).hasSize(1);
        assertThat(pollAndDeliver(events)).as("its delivery failed: the state did not move").containsExactly("4 NEW 0");

        account.put(order(4, "1", "0.5", OrderStatus.PARTIALLY_FILLED));
        account.put(order(5, "1", "0", OrderStatus.PENDING));
        PolledOrderEvents restarted = consumer(10, 100);
        assertThat(pollAndDeliver(restarted)).as("what changed while stopped, once")
                .containsExactly("4 PARTIALLY_FILLED 0.5", "5 NEW 0");
        assertThat(pollAndDeliver(restarted)).isEmpty();
    }

    @Test
    void aStoredStateThatIsNotAWatchIsRefusedNamingItsKey() {
        positions.put(KEY, "{\"watermark\":\"abc\"}");
        PolledOrderEvents events = consumer(10, 100);
        assertThatThrownBy(() -> events.poll(poll)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(KEY);
        assertThat(account.calls).as("nothing asked of the exchange on a guess").isEmpty();
    }
}
