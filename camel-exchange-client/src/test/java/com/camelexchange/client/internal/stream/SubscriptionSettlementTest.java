package com.camelexchange.client.internal.stream;

import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.PushFrame;
import com.camelexchange.client.internal.json.PushFrames;
import org.junit.jupiter.api.Test;

import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which pong settles which subscription, when pongs name no ping: the pongs of a connection are counted, and a
 * subscription settles only on the count of the ping sent after it. The sockets record what is sent; the pongs are
 * handed over as the connection's receiver hands them over. The round trip through the simulator is in the
 * component's {@code StreamSettleTest}.
 */
class SubscriptionSettlementTest {
    private final PushFrames frames = new PushFrames(new ExchangeJson());
    private final Map<String, SessionChannel> channels = new ConcurrentHashMap<>();
    private final SubscriptionSettlement settlement = new SubscriptionSettlement(frames, channels);

    /** A socket that keeps what is sent on it. */
    private static final class RecordingSocket implements WebSocket {
        final List<String> sent = new ArrayList<>();

        @Override
        public synchronized CompletableFuture<WebSocket> sendText(CharSequence data, boolean last) {
            sent.add(data.toString());
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendBinary(ByteBuffer data, boolean last) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendPing(ByteBuffer message) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendPong(ByteBuffer message) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public CompletableFuture<WebSocket> sendClose(int statusCode, String reason) {
            return CompletableFuture.completedFuture(this);
        }

        @Override
        public void request(long n) {
        }

        @Override
        public String getSubprotocol() {
            return "";
        }

        @Override
        public boolean isOutputClosed() {
            return false;
        }

        @Override
        public boolean isInputClosed() {
            return false;
        }

        @Override
        public void abort() {
        }
    }

    /** Counts what it is told. */
    private static final class Counting implements StreamListener {
        int settled;

        @Override
        public void onSubscribed() {
        }

        @Override
        public void onSettled() {
            settled++;
        }

        @Override
        public void onFrame(PushFrame frame) {
        }

        @Override
        public void onGap(String reason) {
        }

        @Override
        public void onChannelError(int code, String message) {
        }
    }

    private Connection connection(int attempt, RecordingSocket socket) {
        return new Connection(attempt, socket, Runnable::run, (a, failure) -> {
            throw new AssertionError(failure);
        });
    }

    private SessionChannel channel(String name, Counting listener) {
        SessionChannel channel = new SessionChannel(name, null, false, new ChannelWatch(name,
                new ChannelPace(Duration.ofSeconds(10).toNanos(), Duration.ofSeconds(60).toNanos())),
                (l, call) -> call.run(), listener);
        channel.listeners.add(listener);
        channels.put(name, channel);
        return channel;
    }

    @Test
    void aPongToAPingSentBeforeTheSubscriptionDoesNotSettleItThePongToThePingAfterItDoesOnce() {
        RecordingSocket socket = new RecordingSocket();
        Connection connection = connection(1, socket);
        Counting trades = new Counting();
        SessionChannel channel = channel("btcusdt_trades", trades);

        // A keepalive ping in flight, then the subscription and its ping.
        connection.ping(frames.ping());
        connection.send(frames.subscribe(channel.name, null));
        settlement.await(connection, List.of(channel));
        assertThat(socket.sent).as("one ping after the subscription")
                .containsExactly(frames.ping(), frames.subscribe(channel.name, null), frames.ping());

        settlement.ponged(connection);
        assertThat(trades.settled).as("the pong answers the keepalive ping: the exchange may not have taken it")
                .isZero();
        settlement.ponged(connection);
        assertThat(trades.settled).as("the pong to the ping after the subscription").isEqualTo(1);
        settlement.ponged(connection);
        assertThat(trades.settled).as("once per subscription").isEqualTo(1);
    }

    @Test
    void channelsSubscribedTogetherShareOnePingAndOnePongSettlesThemAll() {
        RecordingSocket socket = new RecordingSocket();
        Connection connection = connection(1, socket);
        Counting trades = new Counting();
        Counting candles = new Counting();
        SessionChannel one = channel("btcusdt_trades", trades);
        SessionChannel other = channel("btcusdt_kline_1min", candles);

        settlement.await(connection, List.of(one, other));
        assertThat(socket.sent).as("one ping for the batch").containsExactly(frames.ping());
        settlement.ponged(connection);
        assertThat(trades.settled).isEqualTo(1);
        assertThat(candles.settled).isEqualTo(1);
    }

    @Test
    void aPongOnAnotherConnectionSettlesNothingAndAJoinerOfASettledChannelIsToldAtOnce() {
        Connection dropped = connection(1, new RecordingSocket());
        Connection next = connection(2, new RecordingSocket());
        Counting trades = new Counting();
        SessionChannel channel = channel("btcusdt_trades", trades);

        settlement.await(dropped, List.of(channel));
        // The connection dropped before its pong; the next one subscribes the channel again.
        settlement.await(next, List.of(channel));
        settlement.ponged(dropped);
        assertThat(trades.settled).as("a pong of a connection let go settles nothing").isZero();
        settlement.ponged(next);
        assertThat(trades.settled).isEqualTo(1);

        Counting joiner = new Counting();
        channel.listeners.add(joiner);
        settlement.joined(channel, joiner, next);
        assertThat(joiner.settled).as("the channel's subscription is its own, taken already").isEqualTo(1);
        Counting onTheDropped = new Counting();
        settlement.joined(channel, onTheDropped, dropped);
        assertThat(onTheDropped.settled).as("not settled on another connection").isZero();
    }

    @Test
    void aPongThatCameBeforeTheChannelWasMarkedStillSettlesIt() {
        RecordingSocket socket = new RecordingSocket();
        Connection connection = connection(1, socket);
        Counting trades = new Counting();
        SessionChannel channel = channel("btcusdt_trades", trades);
        // The ping of the batch is number 1; its pong is counted before the channel waits for it.
        connection.ponged();
        settlement.await(connection, List.of(channel));
        assertThat(trades.settled).isEqualTo(1);
    }
}
