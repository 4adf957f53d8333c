package com.camelexchange.paper;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.StreamFaults;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingReader;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A paper session on A's market is recorded by the component ({@code recordTo}); the recording replayed by the
 * simulator serves the same tape, and the same orders placed at the same replay time get the same fills, run after
 * run and at any speed, through the same routes in live mode against the replaying simulator.
 */
class RecordAndReplayTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final CountDownLatch tickerRead = new CountDownLatch(1);

    /** What a replay run served and filled. */
    private record Run(List<String> tape, List<Fill> fills) {
    }

    private static List<String> tidsPricesAmounts(List<Trade> tape) {
        return tape.stream().map(t -> t.tid() + " " + t.price().toPlainString() + " " + t.amount().toPlainString())
                .toList();
    }

    @ParameterizedTest(name = "followed by {0}")
    @ValueSource(strings = {"streaming", "polling"})
    void aRecordedSessionReplaysToTheSameTapeAndFillsRunAfterRunAtAnySpeed(String follow) throws Exception {
        Path file = dir.resolve("session.jsonl");
        boolean streaming = follow.equals("streaming");
        List<String> liveTape;
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setPaperStreaming(streaming);
                 c.setPaperPollDelay(20);
                 c.setRecordTo(file.toString());
             }, tickers(streaming))) {
            paper.place(OrderSide.BUY, "59000.00", "0.2");
            if (streaming) {
                Await.until(10, "the paper exchange follows A's trades",
                        () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            }
            live.trade("59600.00", "0.2000", Side.SELL);
            live.quote(Side.SELL, "59995.00", "0.1000");
            live.trade("59450.00", "0.1000", Side.SELL);
            live.trade("60200.00", "0.3000", Side.BUY);
            live.trade("58900.00", "0.5000", Side.SELL);
            liveTape = tidsPricesAmounts(live.simulator().tape(BTC));
            Await.until(10, "the user's route read the ticker", () -> tickerRead.getCount() == 0);
            Await.until(10, "the paper exchange took A's whole tape", () -> paper.paperExchange().simulator()
                    .tape(BTC).size() == liveTape.size());
        }

        List<MarketEvent> lines = new ArrayList<>();
        try (RecordingReader reader = RecordingReader.open(file)) {
            for (MarketEvent line = reader.next(); line != null; line = reader.next()) {
                lines.add(line);
            }
        }
        assertThat(lines.get(0).kind()).as("a replay reads the markets from the top").isEqualTo(MarketEvent.Kind.MARKETS);
        assertThat(lines).extracting(MarketEvent::kind).contains(MarketEvent.Kind.DEPTH, MarketEvent.Kind.TRADE,
                MarketEvent.Kind.TICKER);
        Instant firstBook = lines.stream().filter(l -> l.kind() == MarketEvent.Kind.DEPTH).findFirst().orElseThrow()
                .at();

        Run stepped = replay(file, firstBook, 0);
        Run again = replay(file, firstBook, 0);
        Run fastest = replay(file, firstBook, Double.POSITIVE_INFINITY);
        Run hundredfold = replay(file, firstBook, 100);

        assertThat(stepped.tape()).as("the tape of the live service, tid for tid").isEqualTo(liveTape);
        assertThat(stepped.fills()).extracting(Fill::price).isNotEmpty();
        assertThat(stepped.fills()).anySatisfy(f -> assertThat(f.maker()).isTrue())
                .anySatisfy(f -> assertThat(f.maker()).isFalse());
        for (Run run : List.of(again, fastest, hundredfold)) {
            assertThat(run.tape()).isEqualTo(stepped.tape());
            assertThat(run.fills()).isEqualTo(stepped.fills());
        }
        assertThat(Files.readString(file)).doesNotContain(LiveStandIn.REAL_KEY);
    }

    /**
     * Trades reach the recorder more than once: pushed, then read again over REST by the catch-up that a push not
     * following the last trade makes (after a silence or a malformed frame; a stream drop brings the trades made
     * meanwhile over REST). The recording holds each trade once, and a book read again unchanged at once (over REST
     * and pushed) once.
     */
    @org.junit.jupiter.api.Test
    void aRecordingHoldsEachTradeOnceThroughAStreamDropAndItsCatchUp() throws Exception {
        Path file = dir.resolve("once.jsonl");
        List<Long> tids = new ArrayList<>();
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> {
                 c.setReconnectDelay(20);
                 c.setMaxReconnectDelay(100);
                 c.setRecordTo(file.toString());
             }, null)) {
            tids.add(live.trade("59600.00", "0.2000", Side.SELL).tid());
            paper.place(OrderSide.BUY, "59000.00", "0.2");
            Await.until(10, "the paper exchange follows A's trades",
                    () -> live.simulator().streamSubscriptions("btcusdt_trades") == 1);
            tids.add(live.trade("59450.00", "0.1000", Side.SELL).tid());
            tids.add(live.trade("60200.00", "0.3000", Side.BUY).tid());
            StreamFaults faults = live.simulator().streamFaults();
            faults.refuseUpgrade(1_000_000).dropAll();
            Await.until(10, "the stream is down", () -> live.simulator().streamConnections() == 0);
            tids.add(live.trade("58900.00", "0.5000", Side.SELL).tid());
            tids.add(live.trade("59100.00", "0.1000", Side.BUY).tid());
            while (faults.takeUpgradeRefusal()) {
                // Lets the stream come back.
            }
            Await.until(10, "the trades made while the stream was down are caught up",
                    () -> paper.paperExchange().simulator().tape(BTC).size() == tids.size());
            // Pushes that do not follow the last trade: each is read again over REST by the catch-up it makes.
            faults.silenceChannel("btcusdt_trades");
            tids.add(live.trade("59200.00", "0.1000", Side.BUY).tid());
            faults.serveChannel("btcusdt_trades");
            tids.add(live.trade("59300.00", "0.1000", Side.BUY).tid());
            Await.until(10, "the trade pushed after the silence is taken",
                    () -> paper.paperExchange().simulator().tape(BTC).size() == tids.size());
            faults.malformedFrame();
            tids.add(live.trade("59400.00", "0.1000", Side.BUY).tid());
            tids.add(live.trade("59500.00", "0.1000", Side.BUY).tid());
            Await.until(10, "the paper exchange took A's whole tape",
                    () -> paper.paperExchange().simulator().tape(BTC).size() == tids.size());
        }

        List<MarketEvent> lines = new ArrayList<>();
        try (RecordingReader reader = RecordingReader.open(file)) {
            for (MarketEvent line = reader.next(); line != null; line = reader.next()) {
                lines.add(line);
            }
        }
        assertThat(lines).filteredOn(l -> l instanceof MarketEvent.Trade).extracting(l -> ((MarketEvent.Trade) l).tid())
                .as("each trade once, in order").containsExactlyElementsOf(tids);
        List<MarketEvent.Depth> books = lines.stream().filter(l -> l instanceof MarketEvent.Depth)
                .map(l -> (MarketEvent.Depth) l).toList();
        assertThat(books).as("recorded").isNotEmpty();
        for (int i = 1; i < books.size(); i++) {
            MarketEvent.Depth before = books.get(i - 1);
            MarketEvent.Depth book = books.get(i);
            boolean same = book.timestamp().equals(before.timestamp()) && book.asks().equals(before.asks())
                    && book.bids().equals(before.bids());
            assertThat(same && Duration.between(before.at(), book.at()).compareTo(Duration.ofSeconds(1)) < 0)
                    .as("book %d the same as the one before, within a second: %s", i, book).isFalse();
        }
    }

    /** A route of the user's reading the ticker, pushed or polled: what it receives is recorded too. */
    private RouteBuilder tickers(boolean streaming) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:ticker?market=" + BTC + (streaming ? "&streaming=true" : "&delay=20&initialDelay=0"))
                        .process(exchange -> tickerRead.countDown());
            }
        };
    }

    /**
     * Replays the recording, placing a crossing and a resting buy through a route when the replay's clock stands at
     * {@code at}; stepped when {@code speed} is 0, else playing at that speed.
     */
    private Run replay(Path file, Instant at, double speed) throws Exception {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().seed(9).eventLoops(1)
                .limits(SimulatorLimits.none()).replay(file).stepped().key("replayer", "replayer-secret");
        if (speed > 0) {
            builder.speed(speed);
        }
        try (ExchangeSimulator replay = builder.build().start();
             PaperContext routes = PaperContext.live(replay.baseUrl(), "replayer", "replayer-secret", null)) {
            if (speed == 0) {
                replay.replay().runUntil(at);
            } else {
                replay.replay().pauseAt(at).play();
                assertThat(replay.replay().awaitPaused(WAIT)).isTrue();
            }
            routes.place(OrderSide.BUY, "60050.00", "0.4");
            routes.place(OrderSide.BUY, "59500.00", "0.3");
            if (speed == 0) {
                replay.replay().runToEnd();
            } else {
                replay.replay().pauseAt(null).play();
                assertThat(replay.replay().awaitPaused(WAIT)).isTrue();
            }
            assertThat(replay.replay().finished()).isTrue();
            return new Run(tidsPricesAmounts(replay.tape(BTC)), replay.fills("replayer"));
        }
    }
}
