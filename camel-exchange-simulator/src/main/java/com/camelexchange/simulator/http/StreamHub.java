package com.camelexchange.simulator.http;

import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.SimulatedExchange;
import com.camelexchange.simulator.http.StreamChannel.Kind;
import com.camelexchange.simulator.http.StreamConnection.Subscription;
import com.camelexchange.simulator.market.KlineType;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import io.vertx.core.Context;
import io.vertx.core.WorkerExecutor;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.ServerWebSocket;
import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * The WebSocket interface's subscriptions and pushes. Everything that reads client frames, changes
 * subscriptions or writes to a socket runs on one Vert.x context: writes to every connection then
 * leave in the order they were made, and the per-market trade cursor that makes each trade go out
 * exactly once needs no lock. The engine only marks markets dirty; the hub drains them on its context,
 * so frames are never built or sent while the engine lock is held.
 */
final class StreamHub implements StreamFaults.Target {
    private static final Logger LOG = LoggerFactory.getLogger(StreamHub.class);
    /** A burst of trades is split into frames of at most this many, to keep frames small. */
    static final int TRADES_PER_PUSH = 500;
    static final int QUICK_DEPTH_DEFAULT = 10;
    private static final short MESSAGE_TOO_BIG = 1009;

    private final SimulatedExchange exchange;
    private final MarketDataApi marketData;
    private final StreamFaults faults;
    private final Context context;
    private final Map<String, MarketSpec> byPair = new LinkedHashMap<>();
    private final Set<StreamConnection> connections = new LinkedHashSet<>();
    private final Map<String, Set<StreamConnection>> subscribers = new ConcurrentHashMap<>();
    private final Map<String, Long> tradeCursor = new HashMap<>();
    /** The K-line version last pushed per market: candles change with trades and with fed candles. */
    private final Map<String, Long> klineCursor = new HashMap<>();
    private final Set<String> dirty = ConcurrentHashMap.newKeySet();
    /** Client frames held by {@link StreamFaults#holdClientFrames()}, in arrival order; the context's. */
    private final ArrayDeque<HeldFrame> held = new ArrayDeque<>();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final AtomicInteger open = new AtomicInteger();
    private final LongAdder opened = new LongAdder();
    private final LongAdder framesPushed = new LongAdder();
    private final LongAdder pongs = new LongAdder();
    private final Runnable unlisten;
    private final int channelLimit;
    private final StreamTrading trading;
    /** Where signed requests are served, off the hub's context; see {@link #trade}. */
    private final WorkerExecutor frameWorkers;
    /** As many as the event loops the simulator would have here (at most 4). */
    private static final int FRAME_WORKERS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
    /** Names each hub's workers apart: a shared executor of the same name would be shared. */
    private static final AtomicInteger HUBS = new AtomicInteger();
    private final AccountPushes accountPushes;

    StreamHub(SimulatedExchange exchange, ApiService api, StreamFaults faults, Context context, int channelLimit) {
        this.exchange = exchange;
        this.channelLimit = channelLimit;
        this.marketData = api.marketData();
        this.faults = faults;
        this.context = context;
        for (MarketSpec spec : exchange.markets()) {
            byPair.put(spec.pairCode(), spec);
            // History before the server started is not news: pushes start after the current last trade.
            Trade last = exchange.lastTrade(spec.name());
            tradeCursor.put(spec.name(), last == null ? -1 : last.tid());
            klineCursor.put(spec.name(), exchange.klineVersion(spec.name()));
        }
        this.unlisten = exchange.onChange(this::marketChanged);
        this.trading = new StreamTrading(api, byPair);
        this.frameWorkers = context.owner().createSharedWorkerExecutor("simulator-ws-frames-" + HUBS.incrementAndGet(),
                FRAME_WORKERS);
        this.accountPushes = new AccountPushes(exchange, context, this::push);
        faults.attach(this);
    }

    /** Whether {@code /websocket/<coin>} serves anything: the coin is the base of some market. */
    boolean servesBaseCoin(String coin) {
        return byPair.values().stream().anyMatch(spec -> spec.baseCoin().equals(coin));
    }

    // ---------------------------------------------------------------- counts, readable from any thread

    int openConnections() {
        return open.get();
    }

    long connectionsOpened() {
        return opened.sum();
    }

    int subscriptions(String channel) {
        Set<StreamConnection> set = subscribers.get(channel);
        return set == null ? 0 : set.size();
    }

    long framesPushed() {
        return framesPushed.sum();
    }

    long pongs() {
        return pongs.sum();
    }

    /** Signed frames received for a method (the end of its channel, e.g. {@code order}). */
    long tradingRequestCount(String method) {
        return trading.requestCount(method);
    }

    /** Account push subscriptions of a channel ({@code push_user_incr_record}, ...) on every connection now. */
    int accountSubscriptions(String channel) {
        TradingMethod method = TradingMethod.find(TradingMethod.Scope.ACCOUNT, channel);
        return method == null || !method.subscription() ? 0 : accountPushes.count(method);
    }

    // ---------------------------------------------------------------- connections

    /** Called on the connection's own event loop right after the upgrade. */
    void register(ServerWebSocket socket, HttpConnection transport, String baseCoin) {
        StreamConnection c = new StreamConnection(socket, transport, baseCoin);
        open.incrementAndGet();
        opened.increment();
        FrameAssembler frames = new FrameAssembler(StreamEndpoint.MAX_FRAME);
        socket.frameHandler(frame -> {
            switch (frames.accept(frame)) {
                case TEXT -> {
                    String text = frames.text();
                    if (!answeredAtOnce(c, text)) {
                        c.throughHub = true;
                        context.runOnContext(v -> onFrame(c, text));
                    }
                }
                case BINARY -> {
                    c.throughHub = true;
                    context.runOnContext(v -> onFrame(c, null));
                }
                case TOO_BIG -> socket.close(MESSAGE_TOO_BIG, "Message too big");
                case INCOMPLETE -> {
                }
            }
        });
        socket.exceptionHandler(e -> onSocketError(socket, e));
        socket.closeHandler(v -> context.runOnContext(w -> remove(c)));
        // Queued before any frame or close of this socket can be, so the hub sees it first. Changes made while no
        // connection was open are drained first: history, not news, to this connection.
        context.runOnContext(v -> {
            drain();
            if (!c.closed) {
                connections.add(c);
            }
        });
    }

    /**
     * A single frame above the bound is stopped by the codec before it is assembled; it is answered
     * with close code 1009 (message too big) like an oversized message of many frames.
     */
    private static void onSocketError(ServerWebSocket socket, Throwable e) {
        LOG.debug("WebSocket {}: {}", socket.remoteAddress(), e.toString());
        if (e instanceof CorruptedWebSocketFrameException && !socket.isClosed()) {
            socket.close(MESSAGE_TOO_BIG, "Frame too big");
        }
    }

    private void remove(StreamConnection c) {
        if (c.closed) {
            return;
        }
        c.closed = true;
        connections.remove(c);
        accountPushes.removeAll(c);
        for (String channel : c.channels.keySet()) {
            unsubscribe(c, channel);
        }
        c.channels.clear();
        open.decrementAndGet();
    }

    @Override
    public void dropAll() {
        context.runOnContext(v -> {
            for (StreamConnection c : List.copyOf(connections)) {
                AbruptClose.close(c.socket, c.transport);
                remove(c);
            }
        });
    }

    @Override
    public void malformNextPush() {
        context.runOnContext(v -> connections.forEach(c -> c.malformNextPush = true));
    }

    @Override
    public void absurdNextTradeId() {
        context.runOnContext(v -> connections.forEach(c -> c.absurdNextTradeId = true));
    }

    @Override
    public void rewriteNextPush(String channel, UnaryOperator<String> rewrite) {
        context.runOnContext(v -> connections.stream().filter(c -> c.channels.containsKey(channel))
                .forEach(c -> c.rewrites.put(channel, rewrite)));
    }

    @Override
    public void forgeNextTrade(long tid) {
        context.runOnContext(v -> connections.forEach(c -> c.forgeNextTrade = tid));
    }

    /** Stops listening to the engine and closes every connection. */
    void close() {
        unlisten.run();
        accountPushes.close();
        faults.attach(null);
        frameWorkers.close();
        context.runOnContext(v -> {
            for (StreamConnection c : List.copyOf(connections)) {
                c.socket.close();
                remove(c);
            }
        });
    }

    @Override
    public void releaseClientFrames() {
        context.runOnContext(v -> {
            while (!held.isEmpty() && !faults.holdingClientFrames()) {
                HeldFrame frame = held.poll();
                take(frame.connection(), frame.text());
            }
        });
    }

    // ---------------------------------------------------------------- client frames

    /**
     * Answers a signed request (or a ping) at once, on the connection's own event loop where it arrived, when
     * nothing of the hub's has to see it: a connection on {@code /websocket} whose frames never went to the hub (no
     * subscription, nothing held), no fault planned for requests. The real service serves a connection's frames
     * concurrently; here this saves each request the hops to the hub's context (and the workers) and back, which
     * cost more than serving it. Anything else goes to the hub, and from then on every frame of the connection does,
     * in the order sent.
     *
     * @return false when the frame is the hub's to take
     */
    private boolean answeredAtOnce(StreamConnection c, String text) {
        if (c.throughHub || c.baseCoin != null || !faults.noneForRequests()) {
            return false;
        }
        // A plain frame (the clients' kind) is read without a tree; any other as the hub reads it.
        TradingFrame plain = text == null ? null : TradingFrame.readPlain(text);
        JsonNode frame = plain != null ? null : parse(text);
        if (plain == null && frame == null) {
            return false;
        }
        String event = plain != null ? plain.fields().getOrDefault("event", "") : frame.path("event").asText("");
        if (!event.trim().equals("addChannel")) {
            return false;
        }
        String channelName = (plain != null ? plain.fields().getOrDefault("channel", "")
                : frame.path("channel").asText("")).trim();
        if (channelName.equals("ping")) {
            pongs.increment();
            writeAtOnce(c, StreamPayloads.pong());
            return true;
        }
        TradingChannel signed = TradingChannel.parse(channelName, byPair, exchange.coins());
        if (signed == null || signed.method().subscription()) {
            return false;
        }
        writeAtOnce(c, (plain != null ? trading.serve(signed, plain, c.ip) : trading.serve(signed, frame, c.ip))
                .text());
        return true;
    }

    /** A reply written on the connection's own event loop; one that cannot be is left, as the hub leaves it. */
    private void writeAtOnce(StreamConnection c, String text) {
        if (c.closed || swallowedByStall()) {
            return;
        }
        try {
            if (c.socket.writeQueueFull()) {
                // A client that stopped reading: the hub drops it.
                context.runOnContext(v -> write(c, text));
                return;
            }
            c.socket.writeTextMessage(text).onFailure(e -> LOG.debug("Write to a closing WebSocket: {}", e.toString()));
        } catch (IllegalStateException closed) {
            // The client went away between its frame and this answer; the hub removes it on its close.
        }
    }

    /** A client frame; null text for a binary one. */
    private record HeldFrame(StreamConnection connection, String text) {
    }

    private void onFrame(StreamConnection c, String text) {
        // Behind the ones held, whatever the fault says now: a connection's frames are taken in order.
        if (faults.holdingClientFrames() || !held.isEmpty()) {
            if (faults.holdingClientFrames()) {
                faults.recordHeld();
            }
            held.add(new HeldFrame(c, text));
            return;
        }
        take(c, text);
    }

    private void take(StreamConnection c, String text) {
        if (c.closed) {
            return;
        }
        JsonNode frame = parse(text);
        if (frame == null) {
            // Not a JSON object: there is no event to read, so it is answered like a frame without one.
            reply(c, StreamPayloads.error(StreamPayloads.CODE_EVENT, "", StreamPayloads.EVENT_IS_EMPTY));
            return;
        }
        String event = frame.path("event").asText("").trim();
        String channelName = frame.path("channel").asText("").trim();
        if (event.isEmpty() || !(event.equals("addChannel") || event.equals("removeChannel"))) {
            reply(c, StreamPayloads.error(StreamPayloads.CODE_EVENT, channelName, StreamPayloads.EVENT_IS_EMPTY));
            return;
        }
        if (channelName.equals("ping") && event.equals("addChannel")) {
            reply(c, StreamPayloads.pong(), pongs);
            return;
        }
        // Signed requests are served on /websocket only, as the service serves them.
        TradingChannel signed = c.baseCoin == null ? TradingChannel.parse(channelName, byPair, exchange.coins()) : null;
        if (signed != null) {
            if (event.equals("addChannel")) {
                trade(c, signed, frame);
            } else if (signed.method().subscription()) {
                // Unsigned: it only ends what this connection itself subscribed to. A market that does not exist
                // matches no subscription (null would match the one of every market).
                String market = frame.path("market").asText(null);
                MarketSpec spec = market == null ? null : byPair.get(market);
                if (market == null || spec != null) {
                    accountPushes.unsubscribe(c, signed.method(), spec);
                }
            }
            return;
        }
        StreamChannel channel = StreamChannel.parse(channelName, c.baseCoin, byPair);
        if (channel == null) {
            reply(c, StreamPayloads.error(StreamPayloads.CODE_CHANNEL, channelName, StreamPayloads.CHANNEL_IS_EMPTY));
            return;
        }
        if (event.equals("removeChannel")) {
            if (c.channels.remove(channelName) != null) {
                unsubscribe(c, channelName);
            }
            return;
        }
        int length = channel.kind() == Kind.QUICK_DEPTH ? quickDepthLength(frame.get("length")) : 0;
        if (length < 0) {
            reply(c, StreamPayloads.error(StreamPayloads.CODE_CHANNEL, channelName, "Length must be 5 or 10"));
            return;
        }
        if (!c.channels.containsKey(channelName) && c.channels.size() >= channelLimit) {
            reply(c, StreamPayloads.error(StreamPayloads.CODE_CHANNEL, channelName,
                    "Too many channels (at most " + channelLimit + ")"));
            return;
        }
        c.channels.put(channelName, new Subscription(channel, length));
        subscribers.computeIfAbsent(channelName, k -> ConcurrentHashMap.newKeySet()).add(c);
        String snapshot = snapshot(channel, length);
        if (snapshot != null) {
            push(c, channelName, snapshot);
        }
    }

    /**
     * Serves a signed frame and plays the reply fault due, if any: an error reply in place of the call, or after
     * it a reply dropped, the connection cut, a reply delayed or replaced by an error.
     */
    private void trade(StreamConnection c, TradingChannel channel, JsonNode frame) {
        Fault fault = faults.nextReplyFault(channel.method().wire());
        if (fault != null && !fault.kind().executes()) {
            reply(c, faultReply(channel, frame, fault));
            return;
        }
        if (channel.method().subscription() || !c.accountSubscriptions.isEmpty()) {
            // On a connection that takes the account's pushes, the reply to an order goes before the order's pushes
            // (queued here while it is served): served on this context, as the pushes are.
            answer(c, channel, frame, fault, trading.serve(channel, frame, c.ip));
            return;
        }
        // A request is served off this context, on the frames' workers: the service serves the frames of one
        // connection concurrently (a reply names its request by its no), and this one context also carries every
        // push and frame of every connection. Its checks, engine call and reply text are the worker's; the reply
        // comes back here, where the faults, the connection's state and its writes are.
        frameWorkers.executeBlocking(() -> trading.serve(channel, frame, c.ip), false).onComplete(served -> {
            if (served.succeeded()) {
                answer(c, channel, frame, fault, served.result());
            } else {
                // Serving catches what a call throws: this is an Error, or the workers closing with the simulator.
                if (served.cause() instanceof Error) {
                    LOG.warn("Simulator failed on WebSocket channel {}", Echo.cut(channel.name()), served.cause());
                } else {
                    LOG.debug("A WebSocket frame not served: {}", served.cause().toString());
                }
                reply(c, TradingPayloads.error(channel.name(), TradingFrame.no(frame), 9999, "Unknown error"));
            }
        });
    }

    /** Sends what a signed frame came to, playing the reply fault due if any; on this context. */
    private void answer(StreamConnection c, TradingChannel channel, JsonNode frame, Fault fault,
                        StreamTrading.Outcome outcome) {
        if (outcome.subscription() != null) {
            if (c.channels.size() + c.accountSubscriptions.size() >= channelLimit
                    && !c.accountSubscriptions.contains(outcome.subscription())) {
                reply(c, TradingPayloads.error(channel.name(), TradingFrame.no(frame), StreamPayloads.CODE_CHANNEL,
                        "Too many channels (at most " + channelLimit + ")"));
                return;
            }
            accountPushes.subscribe(c, outcome.subscription());
        }
        if (fault == null) {
            reply(c, outcome.text());
            return;
        }
        switch (fault.kind()) {
            case DROP_REPLY -> LOG.debug("Dropping the reply on {} (simulated fault)", channel.name());
            case LOSE_REPLY -> {
                AbruptClose.close(c.socket, c.transport);
                remove(c);
            }
            case DELAY -> context.owner().setTimer(Math.max(1, fault.delayDuration().toMillis()),
                    id -> context.runOnContext(v -> reply(c, outcome.text())));
            case ERROR_REPLY_AFTER_EXECUTION -> reply(c, faultReply(channel, frame, fault));
            default -> throw new IllegalStateException("Not a fault of a WebSocket reply: " + fault);
        }
    }

    private static String faultReply(TradingChannel channel, JsonNode frame, Fault fault) {
        return TradingPayloads.error(channel.name(), TradingFrame.no(frame), fault.code(),
                "Error " + fault.code() + " (simulated fault)");
    }

    private static JsonNode parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            return node != null && node.isObject() ? node : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** 5 or 10 (the default when absent), as a number or a string; -1 for anything else. */
    private static int quickDepthLength(JsonNode length) {
        if (length == null || length.isNull()) {
            return QUICK_DEPTH_DEFAULT;
        }
        String text = length.asText("");
        return text.equals("5") || text.equals("10") ? Integer.parseInt(text) : -1;
    }

    private void unsubscribe(StreamConnection c, String channel) {
        subscribers.computeIfPresent(channel, (k, set) -> {
            set.remove(c);
            return set.isEmpty() ? null : set;
        });
    }

    /** What a new subscriber gets at once; null for trades, where only new trades are pushed. */
    private String snapshot(StreamChannel channel, int length) {
        MarketSpec spec = channel.market();
        return switch (channel.kind()) {
            case MARKETS -> StreamPayloads.markets(marketData.markets());
            case TICKER -> StreamPayloads.ticker(spec, exchange.ticker(spec.name()), channel.name());
            case DEPTH -> StreamPayloads.depth(exchange.depth(spec.name(), StreamPayloads.DEPTH_LEVELS, null),
                    channel.name());
            case TRADES -> null;
            case KLINE -> StreamPayloads.kline(exchange.klines(spec.name(), channel.klineType(), null, 2),
                    channel.name());
            case QUICK_DEPTH -> quickDepth(spec, length, channel.name());
        };
    }

    private String quickDepth(MarketSpec spec, int length, String channel) {
        return StreamPayloads.quickDepth(spec, exchange.depth(spec.name(), length, null), exchange.ticker(spec.name()),
                exchange.lastTrade(spec.name()), channel);
    }

    // ---------------------------------------------------------------- pushes

    /** Called by the engine on the thread of the operation, outside its lock: only marks and schedules. */
    private void marketChanged(String market) {
        dirty.add(market);
        // With no connection open there is nobody to push to: the change waits in dirty, and the next connection's
        // registration drains it (moving the cursors past it) before that connection can subscribe. That spares the
        // event loop a wake-up per change of an exchange nobody streams from, such as a backtest's paper exchange,
        // which takes a change per recorded event.
        if (open.get() > 0 && drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(v -> drain());
        }
    }

    private void drain() {
        drainScheduled.set(false);
        for (String market : List.copyOf(dirty)) {
            dirty.remove(market);
            publish(exchange.market(market));
        }
    }

    /** Pushes what changed in one market to its subscribers; several changes may be coalesced into one push. */
    private void publish(MarketSpec spec) {
        long cursor = tradeCursor.get(spec.name());
        List<Trade> fresh = exchange.tradesAfter(spec.name(), cursor);
        if (!fresh.isEmpty()) {
            // Advanced whether or not anyone listens: a trade is news once, and never again.
            tradeCursor.put(spec.name(), fresh.get(fresh.size() - 1).tid());
        }
        String ticker = StreamChannel.name(spec, Kind.TICKER, null);
        if (subscriptions(ticker) > 0) {
            pushAll(ticker, StreamPayloads.ticker(spec, exchange.ticker(spec.name()), ticker));
        }
        String depth = StreamChannel.name(spec, Kind.DEPTH, null);
        if (subscriptions(depth) > 0) {
            pushAll(depth, StreamPayloads.depth(exchange.depth(spec.name(), StreamPayloads.DEPTH_LEVELS, null), depth));
        }
        String trades = StreamChannel.name(spec, Kind.TRADES, null);
        if (!fresh.isEmpty() && subscriptions(trades) > 0) {
            for (int from = 0; from < fresh.size(); from += TRADES_PER_PUSH) {
                List<Trade> batch = fresh.subList(from, Math.min(fresh.size(), from + TRADES_PER_PUSH));
                String text = StreamPayloads.trades(spec, batch, trades);
                for (StreamConnection c : new ArrayList<>(subscribers.getOrDefault(trades, Set.of()))) {
                    String sent = c.forgeNextTrade < 0 ? text : forged(spec, batch, trades, c);
                    if (c.absurdNextTradeId) {
                        c.absurdNextTradeId = false;
                        sent = sent.replaceFirst("\"tid\":\\d+", "\"tid\":" + StreamPayloads.ABSURD_NUMBER);
                    }
                    push(c, trades, sent);
                }
            }
        }
        long klineVersion = exchange.klineVersion(spec.name());
        if (klineVersion != klineCursor.get(spec.name())) {
            klineCursor.put(spec.name(), klineVersion);
            for (KlineType type : KlineType.values()) {
                String kline = StreamChannel.name(spec, Kind.KLINE, type);
                if (subscriptions(kline) > 0) {
                    pushAll(kline, StreamPayloads.kline(exchange.klines(spec.name(), type, null, 2), kline));
                }
            }
        }
        String quick = StreamChannel.name(spec, Kind.QUICK_DEPTH, null);
        if (subscriptions(quick) > 0) {
            Map<Integer, String> byLength = new HashMap<>();
            for (StreamConnection c : new ArrayList<>(subscribers.getOrDefault(quick, Set.of()))) {
                int length = c.channels.get(quick).length();
                push(c, quick, byLength.computeIfAbsent(length, n -> quickDepth(spec, n, quick)));
            }
        }
    }

    private void pushAll(String channel, String text) {
        for (StreamConnection c : new ArrayList<>(subscribers.getOrDefault(channel, Set.of()))) {
            push(c, channel, text);
        }
    }

    /** A trades push with a forged trade added: the values of the batch's last trade under the forged id. */
    private static String forged(MarketSpec spec, List<Trade> batch, String channel, StreamConnection c) {
        Trade last = batch.get(batch.size() - 1);
        List<Trade> withForged = new ArrayList<>(batch);
        withForged.add(new Trade(c.forgeNextTrade, last.epochMillis(), last.price(), last.amount(), last.takerSide()));
        c.forgeNextTrade = -1;
        return StreamPayloads.trades(spec, withForged, channel);
    }

    /**
     * A data frame of a channel: dropped during a stall or while the channel is silenced, replaced when a
     * malformed frame is due.
     */
    private void push(StreamConnection c, String channel, String text) {
        if (c.closed || faults.silenced(channel) || swallowedByStall()) {
            return;
        }
        String sent = text;
        if (c.malformNextPush) {
            c.malformNextPush = false;
            sent = StreamPayloads.MALFORMED;
        }
        UnaryOperator<String> rewrite = c.rewrites.isEmpty() ? null : c.rewrites.remove(channel);
        if (rewrite != null) {
            sent = rewrite.apply(sent);
        }
        // Counted before it is written: a client may read the frame, and a test ask the count, before write returns.
        framesPushed.increment();
        write(c, sent);
    }

    /** An answer to the client (pong, error): dropped during a stall too, never malformed. */
    private void reply(StreamConnection c, String text) {
        reply(c, text, null);
    }

    /** An answer counted in {@code sent} (when not null) before it is written, as a push is. */
    private void reply(StreamConnection c, String text, LongAdder sent) {
        if (c.closed || swallowedByStall()) {
            return;
        }
        if (sent != null) {
            sent.increment();
        }
        write(c, text);
    }

    private boolean swallowedByStall() {
        if (!faults.stalled()) {
            return false;
        }
        faults.recordSwallowed();
        return true;
    }

    private void write(StreamConnection c, String text) {
        boolean full;
        try {
            full = c.socket.writeQueueFull();
        } catch (IllegalStateException closed) {
            // The client went away between its frame and this answer.
            remove(c);
            return;
        }
        if (full) {
            // A client that stopped reading: drop it, as a real server does, rather than buffer without end.
            LOG.debug("Dropping a WebSocket client that does not read");
            AbruptClose.close(c.socket, c.transport);
            remove(c);
            return;
        }
        c.socket.writeTextMessage(text).onFailure(e -> LOG.debug("Write to a closing WebSocket: {}", e.toString()));
    }
}
