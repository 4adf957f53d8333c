package com.camelexchange.client.internal.feed.account;

import com.camelexchange.client.internal.feed.account.OrderTransitions.Step;
import com.camelexchange.client.internal.feed.account.OrderWatchState.Report;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEventType;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import static com.camelexchange.client.model.OrderEventType.CANCELLED;
import static com.camelexchange.client.model.OrderEventType.FILLED;
import static com.camelexchange.client.model.OrderEventType.NEW;
import static com.camelexchange.client.model.OrderEventType.PARTIALLY_FILLED;
import static org.assertj.core.api.Assertions.assertThat;

/** The events between an order's last report and how the exchange shows it now; fills only on fill events. */
class OrderTransitionsTest {

    static Order order(long id, String total, String traded, OrderStatus status) {
        int raw = switch (status) {
            case PENDING -> 0;
            case CANCELLED -> 1;
            case FILLED -> 2;
            case PARTIALLY_FILLED -> 3;
            case UNKNOWN -> 7;
        };
        return new Order(Long.toString(id), "btc_usdt", OrderSide.BUY, new BigDecimal("60000"), new BigDecimal(total),
                new BigDecimal(traded), BigDecimal.ZERO, null, Instant.parse("2024-11-22T00:00:00Z"), raw, status);
    }

    private static Report report(String traded, OrderEventType last) {
        return new Report(new BigDecimal(traded), last);
    }

    private static String describe(List<Step> steps) {
        StringBuilder text = new StringBuilder();
        for (Step step : steps) {
            text.append(step.type()).append(' ').append(step.tradedSinceLast().stripTrailingZeros().toPlainString()).append('/')
                    .append(step.tradedTotal().stripTrailingZeros().toPlainString()).append(step.after() == null ? " closed" : "")
                    .append("; ");
        }
        return text.toString();
    }

    @Test
    void anOrderNeverReportedIsNewFirstThenWhatItAlreadyDid() {
        assertThat(describe(OrderTransitions.between(null, order(1, "1", "0", OrderStatus.PENDING))))
                .isEqualTo("NEW 0/0; ");
        assertThat(describe(OrderTransitions.between(null, order(1, "1", "1", OrderStatus.FILLED))))
                .isEqualTo("NEW 0/0; FILLED 1/1 closed; ");
        assertThat(describe(OrderTransitions.between(report("0", null), order(1, "1", "0.4",
                OrderStatus.CANCELLED)))).as("open at the first start, announced now")
                .isEqualTo("NEW 0/0; PARTIALLY_FILLED 0.4/0.4; CANCELLED 0/0.4 closed; ");
    }

    @Test
    void eachFillCarriesTheDifferenceSinceTheLastReport() {
        List<Step> steps = OrderTransitions.between(report("0.25", PARTIALLY_FILLED),
                order(1, "1", "0.75", OrderStatus.PARTIALLY_FILLED));
        assertThat(describe(steps)).isEqualTo("PARTIALLY_FILLED 0.5/0.75; ");
        assertThat(steps.get(0).after()).isEqualTo(report("0.75", PARTIALLY_FILLED));
        assertThat(describe(OrderTransitions.between(report("0.75", PARTIALLY_FILLED),
                order(1, "1", "1", OrderStatus.FILLED)))).isEqualTo("FILLED 0.25/1 closed; ");
    }

    @Test
    void aCancelAfterUnreportedFillsReportsThemFirstAndCarriesZeroItself() {
        assertThat(describe(OrderTransitions.between(report("0.1", PARTIALLY_FILLED),
                order(1, "1", "0.3", OrderStatus.CANCELLED)))).isEqualTo("PARTIALLY_FILLED 0.2/0.3; CANCELLED 0/0.3 closed; ");
        assertThat(describe(OrderTransitions.between(report("0", NEW), order(1, "1", "0", OrderStatus.CANCELLED))))
                .isEqualTo("CANCELLED 0/0 closed; ");
    }

    @Test
    void anUnchangedOrderOrAListingThatLagsSaysNothing() {
        assertThat(OrderTransitions.between(report("0.5", PARTIALLY_FILLED), order(1, "1", "0.5",
                OrderStatus.PARTIALLY_FILLED))).isEmpty();
        assertThat(OrderTransitions.between(report("0.5", PARTIALLY_FILLED), order(1, "1", "0.3",
                OrderStatus.PARTIALLY_FILLED))).as("an older view, never a negative fill").isEmpty();
    }

    @Test
    void aStatusNoVariantDocumentsIsNeverGuessedTheOrderStaysFollowed() {
        assertThat(OrderTransitions.between(report("0.5", PARTIALLY_FILLED), order(1, "1", "1", OrderStatus.UNKNOWN)))
                .as("neither filled nor cancelled").isEmpty();
        assertThat(describe(OrderTransitions.between(null, order(1, "1", "1", OrderStatus.UNKNOWN))))
                .as("announced, its state not guessed").isEqualTo("NEW 0/0; ");
    }

    @Test
    void ofTwoViewsTheClosedOneIsLaterThenTheOneThatTradedMore() {
        Order open = order(1, "1", "0.6", OrderStatus.PARTIALLY_FILLED);
        Order cancelled = order(1, "1", "0.5", OrderStatus.CANCELLED);
        assertThat(OrderTransitions.later(open, cancelled)).isSameAs(cancelled);
        assertThat(OrderTransitions.later(cancelled, open)).isSameAs(cancelled);
        Order more = order(1, "1", "0.7", OrderStatus.PARTIALLY_FILLED);
        assertThat(OrderTransitions.later(more, open)).isSameAs(more);
        assertThat(OrderTransitions.later(null, open)).isSameAs(open);
        assertThat(OrderTransitions.later(open, null)).isSameAs(open);
    }
}
