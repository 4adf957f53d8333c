package com.camelexchange.client.internal.feed;

import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

import static org.assertj.core.api.Assertions.assertThat;

/** Pushed snapshots: only the newest waits, an unchanged one is not emitted, and nothing is ever caught up. */
class SnapshotPushesTest {
    private static final PushFrame FRAME = new PushFrames(new ExchangeJson()).read("{\"channel\":\"btcusdt_ticker\"}");

    /** Snapshots are the texts queued by the test; one equal to the last emitted is not wanted. */
    private static final class Prices extends SnapshotPushes<String> {
        final Queue<String> next = new ArrayDeque<>();
        final List<String> emitted = new ArrayList<>();

        @Override
        public String channel() {
            return "btcusdt_ticker";
        }

        @Override
        public String address() {
            return "ws://test";
        }

        @Override
        protected String decode(PushFrame frame) {
            return next.remove();
        }

        @Override
        protected boolean wanted(String snapshot) {
            return emitted.isEmpty() || !emitted.get(emitted.size() - 1).equals(snapshot);
        }

        @Override
        protected void emitted(String snapshot) {
            emitted.add(snapshot);
        }

        void push(String snapshot) {
            next.add(snapshot);
            pushed(FRAME);
        }
    }

    @Test
    void theNewestSnapshotReplacesTheOnesNotTakenYet() {
        Prices prices = new Prices();
        FakePushContext context = new FakePushContext();
        prices.push("100");
        prices.push("101");
        prices.push("102");
        prices.work(context);
        prices.work(context);
        assertThat(context.delivered).as("never a stale queue").containsExactly("102");
        assertThat(prices.emitted).containsExactly("102");
    }

    @Test
    void anUnchangedSnapshotIsNotEmittedAndAFailedOneIsNotRecordedAsEmitted() {
        Prices prices = new Prices();
        FakePushContext context = new FakePushContext();
        prices.push("100");
        prices.work(context);
        prices.push("100");
        prices.work(context);
        assertThat(context.delivered).containsExactly("100");

        context.refuseOnce.add("101");
        prices.push("101");
        prices.work(context);
        assertThat(prices.emitted).as("recorded only once delivered").containsExactly("100");
        prices.push("101");
        prices.work(context);
        assertThat(context.delivered).containsExactly("100", "101");
    }

    @Test
    void aSubscriptionOrAGapAsksForNoCatchUp() {
        Prices prices = new Prices();
        assertThat(prices.subscribed()).isFalse();
        assertThat(prices.gap()).isFalse();
        assertThat(prices.snapshots()).isTrue();
        assertThat(prices.restPace()).as("a snapshot kind is never read over REST").isNull();
    }
}
