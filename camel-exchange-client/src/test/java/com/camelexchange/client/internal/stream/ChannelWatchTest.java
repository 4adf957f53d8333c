package com.camelexchange.client.internal.stream;

import com.camelexchange.client.ChannelStatus;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The silence a channel is allowed, learned from its pace, and when its checks come; times given, not read. */
class ChannelWatchTest {
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final Instant AT = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void theAllowanceFollowsThePaceBetweenFloorAndCeiling() {
        ChannelPace pace = new ChannelPace(1_000 * MS, 60_000 * MS);
        assertThat(pace.allowanceNanos()).as("before any gap: the floor").isEqualTo(1_000 * MS);
        for (int i = 0; i < 50; i++) {
            pace.gap(10 * MS);
        }
        assertThat(pace.allowanceNanos()).as("a busy channel: still the floor").isEqualTo(1_000 * MS);
        for (int i = 0; i < 50; i++) {
            pace.gap(2_000 * MS);
        }
        assertThat(pace.allowanceNanos()).as("a frame every 2 s: 8 of them")
                .isBetween(15_000 * MS, 16_000 * MS);
        for (int i = 0; i < 50; i++) {
            pace.gap(600_000 * MS);
        }
        assertThat(pace.allowanceNanos()).as("a quiet market: the ceiling").isEqualTo(60_000 * MS);
    }

    @Test
    void checksOfOneSilenceBackOffUpToTheCeilingAndAFrameEndsIt() {
        ChannelWatch watch = new ChannelWatch("btcusdt_trades", new ChannelPace(1_000 * MS, 5_000 * MS));
        long t = 1_000_000 * MS;
        watch.subscribed(t, true);
        assertThat(watch.checkDue(t + 999 * MS)).isNull();
        assertThat(watch.checkDue(t + 1_000 * MS)).isEqualTo(Duration.ofSeconds(1));
        assertThat(watch.checkDue(t + 2_999 * MS)).as("the next after twice the allowance").isNull();
        assertThat(watch.checkDue(t + 3_000 * MS)).isEqualTo(Duration.ofSeconds(3));
        assertThat(watch.checkDue(t + 7_000 * MS)).isEqualTo(Duration.ofSeconds(7));
        assertThat(watch.checkDue(t + 11_999 * MS)).as("never more than the ceiling apart").isNull();
        assertThat(watch.checkDue(t + 12_000 * MS)).isNotNull();

        assertThat(watch.report()).isTrue();
        assertThat(watch.report()).as("once per silence").isFalse();
        watch.subscribed(t + 12_500 * MS, false);
        assertThat(watch.status(t + 13_000 * MS).silentFor()).as("a subscription again does not end the silence")
                .isEqualTo(Duration.ofSeconds(13));
        assertThat(watch.framed(t + 13_000 * MS, AT)).as("a reported silence ends").isTrue();
        ChannelStatus status = watch.status(t + 13_500 * MS);
        assertThat(status.silent()).isFalse();
        assertThat(status.silences()).isEqualTo(1);
        assertThat(status.lastFrameAt()).isEqualTo(AT);
        assertThat(status.silentFor()).isEqualTo(Duration.ofMillis(500));
        assertThat(watch.checkDue(t + 13_999 * MS)).isNull();
        assertThat(watch.checkDue(t + 14_000 * MS)).as("checks start over from the allowance").isNotNull();
    }

    @Test
    void itRemembersWhetherTheChannelAnsweredOnTheConnectionOpenNow() {
        ChannelWatch watch = new ChannelWatch("btcusdt_depth", new ChannelPace(1_000 * MS, 5_000 * MS));
        long t = 1_000_000 * MS;
        watch.subscribed(t, true);
        assertThat(watch.answered()).as("subscribed, nothing yet").isFalse();
        watch.framed(t + 10 * MS, AT);
        assertThat(watch.answered()).as("its snapshot came").isTrue();
        watch.subscribed(t + 2_000 * MS, false);
        assertThat(watch.answered()).as("a subscription again on the same connection").isTrue();
        watch.unsubscribed();
        watch.subscribed(t + 3_000 * MS, true);
        assertThat(watch.answered()).as("a new connection").isFalse();
    }
}
