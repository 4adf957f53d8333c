package com.camelexchange.client.feed;

import com.camelexchange.client.internal.feed.FailureBackoff;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.metrics.Metrics;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule every consumer follows after a failed attempt: the wait planned doubles per failure in a row from the
 * first delay up to the cap, is drawn from its upper half but never below the floor, starts again after a success,
 * and is what the health tells and the meters count.
 */
class FailureBackoffTest {
    private final ConsumerHealth health = new ConsumerHealth();
    private final List<String> recorded = new ArrayList<>();
    private final Metrics metrics = new Metrics() {
        @Override
        public void consumerBackoff(String consumer, String failure, long nanos) {
            recorded.add(consumer + " " + failure);
        }
    };

    @Test
    void theWaitDoublesPerFailureUpToTheCapNeverBelowThePollDelayAndStartsAgainAfterASuccess() {
        FailureBackoff backoff = FailureBackoff.polling(Duration.ofMillis(100), Duration.ofMillis(1_000), health,
                metrics, "exchange-trades-btc_usdt");
        List<Long> planned = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            health.failed(new ExchangeReplyFormatException("trades", "not JSON", ""));
            Duration wait = backoff.failed();
            long plan = (long) health.report("polls", true, null, Map.of()).details().get("retryDelayMs");
            planned.add(plan);
            assertThat(wait.toMillis()).as("within the upper half of the plan, and never below the delay")
                    .isBetween(Math.max(100, plan / 2), plan);
            assertThat(backoff.due()).as("not due right after the failure").isFalse();
        }
        assertThat(planned).containsExactly(100L, 200L, 400L, 800L, 1_000L, 1_000L, 1_000L);
        assertThat(recorded).hasSize(7).containsOnly("exchange-trades-btc_usdt unavailable");

        ConsumerHealth.Report down = health.report("polls", true, null, Map.of());
        assertThat(down.state()).isEqualTo(ConsumerHealth.State.DOWN);
        assertThat(down.message()).startsWith("7 polls failed in a row for ").contains("(since ")
                .contains("trades reply is not understood").contains("tried again in")
                .contains("backing off: 1000 ms after this failure");
        assertThat(down.details()).containsKeys("failingSince", "failingForSeconds", "nextTryAt", "nextTryInMs");

        health.succeeded();
        backoff.succeeded();
        assertThat(backoff.due()).isTrue();
        assertThat(health.report("polls", true, null, Map.of()).details())
                .doesNotContainKeys("failingSince", "retryDelayMs", "nextTryAt");
        health.failed(new ExchangeReplyFormatException("trades", "not JSON", ""));
        backoff.failed();
        assertThat(health.report("polls", true, null, Map.of()).details()).as("from the first delay again")
                .containsEntry("retryDelayMs", 100L);
    }

    @Test
    void aCapBelowThePollDelayKeepsThePollDelay() {
        FailureBackoff backoff = FailureBackoff.polling(Duration.ofSeconds(60), Duration.ofSeconds(30), health,
                metrics, "slow");
        health.failed(new IllegalStateException("x"));
        assertThat(backoff.failed()).isEqualTo(Duration.ofSeconds(60));
        health.failed(new IllegalStateException("x"));
        assertThat(backoff.failed()).isEqualTo(Duration.ofSeconds(60));
        assertThat(recorded).containsOnly("slow error");
    }

    @Test
    void aRestartTriesAtOnce() {
        FailureBackoff backoff = FailureBackoff.polling(Duration.ofSeconds(10), Duration.ofSeconds(30), health,
                metrics, "restarted");
        health.failed(new IllegalStateException("x"));
        backoff.failed();
        assertThat(backoff.due()).isFalse();
        backoff.restarted();
        assertThat(backoff.due()).isTrue();
    }
}
