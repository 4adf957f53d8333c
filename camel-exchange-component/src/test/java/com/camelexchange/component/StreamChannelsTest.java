package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the streaming routes of one context share the component's WebSocket connection: their channels are
 * multiplexed on one connection, a route that stops removes only its own channel, and a route that joins a
 * ticker or book channel another route subscribed already gets the current snapshot at once.
 */
class StreamChannelsTest {
    private static final String MARKET = "btc_usdt";
    private static final String TICKER = "btcusdt_ticker";

    private final ExpectedFailures failures = new ExpectedFailures();
    private ExchangeSimulator simulator;
    private DefaultCamelContext context;

    @BeforeEach
    void start() {
        // Books and history but no activity: the market moves only when a test makes it.
        simulator = ExchangeSimulator.builder().seed(3).activity(false).limits(SimulatorLimits.none()).build().start();
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        component.setKeepAliveInterval(100);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        ExpectedFailures.unloggedIn(context);
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
        simulator.stop();
    }

    /** Adds and starts a route from {@code uri} that collects the bodies it receives. */
    private List<Object> route(String id, String uri) throws Exception {
        List<Object> received = new CopyOnWriteArrayList<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "&exceptionHandler=#failures").routeId(id).process(e -> received.add(e.getMessage().getBody()));
            }
        });
        return received;
    }

    /** Makes one trade at {@code price}: the simulator pushes trades, ticker, K-lines and books. */
    private long trade(String price) {
        simulator.exchange().recordHistoricalTrade(MARKET, simulator.clock().millis(), new BigDecimal(price),
                new BigDecimal("0.01"), Side.BUY);
        return simulator.exchange().lastTrade(MARKET).tid();
    }

    private StreamSession session() {
        List<StreamSession> sessions = ClientInternals.streams(context.getComponent("exchange", ExchangeComponent.class).clientResources()).all();
        assertThat(sessions).as("one session: every channel here lives on the main address").hasSize(1);
        return sessions.get(0);
    }

    private static BigDecimal last(Object ticker) {
        return ((Ticker) ticker).last();
    }


    @Test
    void routesOnSeveralChannelsShareOneConnectionAndAStoppedRouteRemovesOnlyItsChannel() throws Exception {
        long start = simulator.exchange().lastTrade(MARKET).tid();
        List<Object> trades = route("trades", "exchange:trades?market=btc_usdt&streaming=true&since=" + start);
        List<Object> tickers = route("ticker", "exchange:ticker?market=btc_usdt&streaming=true");
        route("kline", "exchange:kline?market=btc_usdt&type=1min&streaming=true");
        Await.until(20, "three channels subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1
                && simulator.streamSubscriptions(TICKER) == 1 && simulator.streamSubscriptions("btcusdt_kline_1min") == 1);
        assertThat(simulator.streamConnectionsOpened()).as("one connection for the three").isEqualTo(1);
        assertThat(simulator.streamConnections()).isEqualTo(1);
        assertThat(session().channels()).containsExactlyInAnyOrder("btcusdt_trades", TICKER, "btcusdt_kline_1min");

        long first = trade("65001");
        Await.until(20, "the trade and its ticker on the shared connection",
                () -> trades.size() == 1 && tickers.stream().anyMatch(t -> last(t).compareTo(new BigDecimal("65001")) == 0));
        assertThat(((Trade) trades.get(0)).tid()).isEqualTo(first);

        context.getRouteController().stopRoute("trades");
        Await.until(20, "the trades channel removed", () -> simulator.streamSubscriptions("btcusdt_trades") == 0);
        assertThat(session().channels()).containsExactlyInAnyOrder(TICKER, "btcusdt_kline_1min");
        assertThat(simulator.streamSubscriptions(TICKER)).as("the other channels stay").isEqualTo(1);
        assertThat(simulator.streamSubscriptions("btcusdt_kline_1min")).isEqualTo(1);

        trade("65002");
        Await.until(20, "the ticker route still pushed to",
                () -> tickers.stream().anyMatch(t -> last(t).compareTo(new BigDecimal("65002")) == 0));
        assertThat(trades).as("nothing for the stopped route").hasSize(1);
        assertThat(simulator.streamConnections()).as("the same connection").isEqualTo(1);
        assertThat(simulator.streamConnectionsOpened()).isEqualTo(1);
        assertThat(session().reconnects()).isZero();
        assertThat(failures.failures()).isEmpty();
    }

    /** Adds and starts a route from {@code uri} that collects the headers of the messages it receives. */
    private List<Map<String, Object>> headersOf(String id, String uri) throws Exception {
        List<Map<String, Object>> received = new CopyOnWriteArrayList<>();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "&exceptionHandler=#failures").routeId(id)
                        .process(e -> received.add(new HashMap<>(e.getMessage().getHeaders())));
            }
        });
        return received;
    }

    @Test
    void everyStreamedMessageNamesItsOperationAndCarriesThePolledHeaders() throws Exception {
        long start = simulator.exchange().lastTrade(MARKET).tid();
        List<Map<String, Object>> trades = headersOf("trades", "exchange:trades?market=btc_usdt&streaming=true&since="
                                                               + start);
        List<Map<String, Object>> tickers = headersOf("ticker", "exchange:ticker?market=btc_usdt&streaming=true");
        List<Map<String, Object>> books = headersOf("depth", "exchange:depth?market=btc_usdt&streaming=true&size=20");
        List<Map<String, Object>> quick = headersOf("quick", "exchange:depth?market=btc_usdt&streaming=true&size=5");
        List<Map<String, Object>> candles = headersOf("kline", "exchange:kline?market=btc_usdt&type=1min"
                + "&streaming=true&since=" + (simulator.clock().millis() - Duration.ofMinutes(10).toMillis()));
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        long tid = trade("65001");
        Await.until(20, "a message on each route", () -> !trades.isEmpty() && !tickers.isEmpty() && !books.isEmpty()
                && !quick.isEmpty() && !candles.isEmpty());

        assertThat(trades.get(0)).containsEntry(ExchangeConstants.OPERATION, "trades")
                .containsEntry(ExchangeConstants.MARKET, MARKET).containsEntry(ExchangeConstants.TRADE_ID, tid)
                .containsKey(ExchangeConstants.TIMESTAMP);
        for (List<Map<String, Object>> received : List.of(tickers, books, quick)) {
            assertThat(received.get(0)).containsEntry(ExchangeConstants.MARKET, MARKET)
                    .containsKey(ExchangeConstants.TIMESTAMP);
        }
        assertThat(tickers.get(0)).containsEntry(ExchangeConstants.OPERATION, "ticker");
        assertThat(books.get(0)).containsEntry(ExchangeConstants.OPERATION, "depth");
        assertThat(quick.get(0)).containsEntry(ExchangeConstants.OPERATION, "depth");
        assertThat(candles.get(0)).containsEntry(ExchangeConstants.OPERATION, "kline")
                .containsEntry(ExchangeConstants.MARKET, MARKET).containsEntry(ExchangeConstants.KLINE_TYPE, "1min")
                .containsKeys(ExchangeConstants.TIMESTAMP, ExchangeConstants.KLINE_SYMBOL,
                        ExchangeConstants.KLINE_MONEY_TYPE);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void eachFrameIsReadOnceWhateverTheNumberOfItsSubscribers() throws Exception {
        context.getComponent("exchange", ExchangeComponent.class).setKeepAliveInterval(60_000);
        List<Object> first = route("first", "exchange:ticker?market=btc_usdt&streaming=true");
        List<Object> second = route("second", "exchange:ticker?market=btc_usdt&streaming=true&onlyChanges=false");
        List<Object> book = route("book", "exchange:depth?market=btc_usdt&streaming=true&size=20");
        List<Object> bookToo = route("bookToo", "exchange:depth?market=btc_usdt&streaming=true&size=30");
        Await.until(20, "the snapshots", () -> !first.isEmpty() && !second.isEmpty() && !book.isEmpty()
                && !bookToo.isEmpty());
        for (int i = 0; i < 5; i++) {
            String price = Integer.toString(65001 + i);
            trade(price);
            Await.until(20, "the ticker of " + price, () -> second.stream()
                    .anyMatch(t -> last(t).compareTo(new BigDecimal(price)) == 0));
        }
        var frames = ClientInternals.streams(context.getComponent("exchange", ExchangeComponent.class).clientResources()).frames();
        // The frames: the pushes, and the pongs to the pings sent after subscriptions (one per batch of them).
        Await.until(20, "every frame read",
                () -> frames.passes() >= simulator.streamFramesPushed() + simulator.streamPongs());
        assertThat(frames.passes()).as("one pass per frame, for its two subscribers")
                .isEqualTo(simulator.streamFramesPushed() + simulator.streamPongs());
        assertThat(session().channels()).containsExactlyInAnyOrder(TICKER, "btcusdt_depth");
    }

    @Test
    void aRouteJoiningASubscribedTickerChannelGetsTheCurrentTickerAtOnce() throws Exception {
        List<Object> first = route("first", "exchange:ticker?market=btc_usdt&streaming=true");
        Await.until(20, "the snapshot sent on subscribe", () -> first.size() == 1);
        long pushed = simulator.streamFramesPushed();

        List<Object> second = route("second", "exchange:ticker?market=btc_usdt&streaming=true&onlyChanges=true");
        Await.until(20, "the second route's first ticker", () -> second.size() == 1);
        assertThat(second.get(0)).isEqualTo(first.get(0));
        assertThat(simulator.streamFramesPushed()).as("the session's last snapshot, not a new one from the exchange")
                .isEqualTo(pushed);
        assertThat(simulator.streamSubscriptions(TICKER)).isEqualTo(1);
        assertThat(first).as("the first route gets nothing twice").hasSize(1);
    }

    @Test
    void routesJoiningSubscribedBookChannelsGetTheCurrentBookAtOnce() throws Exception {
        List<Object> full = route("full", "exchange:depth?market=btc_usdt&streaming=true&size=20");
        List<Object> quick = route("quick", "exchange:depth?market=btc_usdt&streaming=true&size=10");
        Await.until(20, "the snapshots sent on subscribe", () -> full.size() == 1 && quick.size() == 1);
        long pushed = simulator.streamFramesPushed();

        List<Object> fullToo = route("fullToo", "exchange:depth?market=btc_usdt&streaming=true&size=15");
        List<Object> quickToo = route("quickToo", "exchange:depth?market=btc_usdt&streaming=true&size=5");
        Await.until(20, "the joining routes' first books", () -> fullToo.size() == 1 && quickToo.size() == 1);
        assertThat(simulator.streamFramesPushed()).as("the sessions' last snapshots").isEqualTo(pushed);
        assertSameBookCut((Depth) fullToo.get(0), (Depth) full.get(0), 15);
        assertSameBookCut((Depth) quickToo.get(0), (Depth) quick.get(0), 5);
        assertThat(failures.failures()).isEmpty();
    }

    /** The joining route's book is the one the first route got, cut to its own size. */
    private static void assertSameBookCut(Depth joined, Depth book, int size) {
        assertThat(joined.asks()).isNotEmpty().isEqualTo(book.asks().stream().limit(size).toList());
        assertThat(joined.bids()).isNotEmpty().isEqualTo(book.bids().stream().limit(size).toList());
    }

    @Test
    void aSnapshotFromALostConnectionIsNeverHandedToAJoiningRoute() throws Exception {
        trade("65001");
        List<Object> first = route("first", "exchange:ticker?market=btc_usdt&streaming=true");
        Await.until(20, "the snapshot sent on subscribe", () -> first.size() == 1);
        assertThat(last(first.get(0))).isEqualByComparingTo("65001");

        // The connection drops; the new one's subscription is answered with a snapshot the stall swallows, so the
        // session has none from the connection open now.
        simulator.streamFaults().stall(Duration.ofMinutes(1));
        simulator.streamFaults().dropAll();
        Await.until(20, "subscribed again on a new connection",
                () -> session().reconnects() == 1 && simulator.streamSubscriptions(TICKER) == 1);
        trade("65002");

        // (Another URI than the first route's: Camel lets one endpoint have one consumer.)
        List<Object> second = route("second", "exchange:ticker?market=btc_usdt&streaming=true&onlyChanges=false");
        simulator.streamFaults().resume();
        trade("65003");
        Await.until(20, "the ticker pushed after the stall",
                () -> second.stream().anyMatch(t -> last(t).compareTo(new BigDecimal("65003")) == 0));
        assertThat(second).as("never the ticker of the lost connection")
                .noneMatch(t -> last(t).compareTo(new BigDecimal("65001")) == 0);
    }
}
