package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingFormatException;
import com.camelexchange.simulator.replay.RecordingWriter;
import com.camelexchange.simulator.replay.Replay;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.simulator.RecordedMarket.BTC;
import static com.camelexchange.simulator.RecordedMarket.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A recording served as the market over REST and WebSocket, with paper orders filled against it. */
class ReplayTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private final RecordedMarket recorded = new RecordedMarket();

    private ExchangeSimulator replay(Path file, double speed) {
        // K-lines are limited to one request a second by the real clock; the tests read several at once.
        return ExchangeSimulator.builder().seed(42).eventLoops(1).limits(SimulatorLimits.none()).replay(file)
                .speed(speed).stepped().key("paper", "paper-secret").build().start();
    }

    @Test
    void theRecordedMarketIsServedOverRestAsRecorded() {
        try (ExchangeSimulator sim = replay(recorded.writeTo(dir.resolve("market.jsonl")), 1)) {
            Replay replay = sim.replay();
            Trader client = new Trader(sim, "paper");
            assertThat(replay.now()).as("it stands at its first line").isEqualTo(RecordedMarket.START);
            assertThat(ReferenceClient.of(sim, "paper", "paper-secret").api("getUserAddress", "currency", "btc")
                    .get("message").get("datas").get("key").asText()).as("a replay's account is a paper account")
                    .isEqualTo("paper-btc-not-a-deposit-address");
            assertThat(client.data("trades", "market", BTC).size()).isZero();

            assertThat(replay.runUntil(at(10_000))).isEqualTo(7);
            assertThat(replay.now()).isEqualTo(at(10_000));
            assertThat(client.dataText("trades?market=btc_usdt&since=7002")).isEqualTo(
                    "[{\"amount\":0.5000,\"date\":" + at(9_950).getEpochSecond() + ",\"price\":59979.00,\"tid\":7003,"
                            + "\"trade_type\":\"ask\",\"type\":\"sell\"},{\"amount\":0.0300,\"date\":"
                            + at(9_950).getEpochSecond() + ",\"price\":59975.50,\"tid\":7004,\"trade_type\":\"ask\","
                            + "\"type\":\"sell\"}]");
            assertThat(client.dataText("depth?market=btc_usdt&size=2")).isEqualTo(
                    "{\"asks\":[[60005.00,0.4000],[59995.00,0.3000]],\"bids\":[[59980.00,0.3000],[59970.00,0.4000]],"
                            + "\"timestamp\":" + at(5_000).getEpochSecond() + "}");
            JsonNode ticker = client.data("ticker", "market", BTC);
            assertThat(ticker.get("ticker").get("vol").asText()).isEqualTo("812.3456");
            assertThat(ticker.get("ticker").get("high").asText()).isEqualTo("61000.00");
            assertThat(ticker.get("date").asText()).isEqualTo(Long.toString(at(90).toEpochMilli()));
            assertThat(client.dataText("kline?market=btc_usdt&type=1min")).as("built from the trades until fed")
                    .contains("\"data\":[[" + RecordedMarket.START.toEpochMilli()
                            + ",60000.00,60000.00,59975.50,59975.50,0.5600]]");

            replay.runUntil(at(20_000));
            assertThat(client.dataText("kline?market=btc_usdt&type=1min")).as("the fed candle, once there is one")
                    .contains("\"data\":[[" + RecordedMarket.START.toEpochMilli()
                            + ",60001.00,60010.00,59975.50,59975.50,1.5600]]");
            assertThat(client.dataText("kline?market=btc_usdt&type=5min")).as("other types from the trades")
                    .contains("\"data\":[[" + RecordedMarket.START.toEpochMilli()
                            + ",60000.00,60000.00,59975.50,59975.50,0.5600]]");
            assertThat(replay.runToEnd()).isEqualTo(5);
            assertThat(replay.finished()).isTrue();
            assertThat(replay.now()).isEqualTo(at(120_000));
            assertThat(sim.tape(BTC)).extracting(t -> t.tid()).containsExactly(7001L, 7002L, 7003L, 7004L, 7005L,
                    7006L, 7007L);
            assertThat(replay.eventsApplied()).isEqualTo(13);
            assertThat(replay.step()).isFalse();
        }
    }

    @Test
    void subscribersGetTheRecordedTradesOnceInOrderAndTheMarketAsItMoves() {
        try (ExchangeSimulator sim = replay(recorded.writeTo(dir.resolve("market.jsonl")), 1);
             StreamClient ws = StreamClient.connect(sim)) {
            ws.subscribe("btcusdt_trades").subscribe("btcusdt_depth").subscribe("btcusdt_kline_1min");
            Await.until("three subscriptions", () -> sim.streamSubscriptions("btcusdt_trades") == 1
                    && sim.streamSubscriptions("btcusdt_depth") == 1
                    && sim.streamSubscriptions("btcusdt_kline_1min") == 1);
            sim.replay().runToEnd();

            List<String> pushed = new ArrayList<>();
            JsonNode lastDepth = null;
            JsonNode lastKline = null;
            // Snapshots on subscribing show the empty market; pushes may be coalesced, so read up to the last ones.
            while (pushed.size() < recorded.trades.size() || lastDepth == null
                    || !lastDepth.path("bids").path(0).path(0).asText().equals("60100.0")
                    || lastKline == null || lastKline.path("datas").path("data").path(0).path(5).asDouble() != 1.56) {
                JsonNode frame = ws.next();
                switch (frame.get("channel").asText()) {
                    case "btcusdt_trades" -> frame.get("data").forEach(t -> pushed.add(t.get("tid").asLong() + " "
                            + t.get("price").asText() + " " + t.get("amount").asText() + " " + t.get("type").asText()));
                    case "btcusdt_depth" -> lastDepth = frame;
                    case "btcusdt_kline_1min" -> lastKline = frame;
                    default -> throw new AssertionError("unexpected " + frame);
                }
            }
            List<String> expected = recorded.trades.stream().map(t -> t.tid() + " " + t.price().toPlainString() + " "
                    + t.amount().toPlainString() + " " + t.takerSide().name().toLowerCase()).toList();
            assertThat(pushed).isEqualTo(expected);
        }
    }

    @Test
    void aRecordedCandleIsPushedToKlineSubscribersWithoutATrade() {
        try (ExchangeSimulator sim = replay(recorded.writeTo(dir.resolve("market.jsonl")), 1);
             StreamClient ws = StreamClient.connect(sim)) {
            sim.replay().runUntil(at(10_000));
            JsonNode snapshot = ws.subscribe("btcusdt_kline_1min").next("btcusdt_kline_1min");
            assertThat(snapshot.get("datas").get("data").get(0).get(5).decimalValue()).as("built from the trades")
                    .isEqualByComparingTo("0.56");
            assertThat(sim.replay().runUntil(at(20_000))).as("the candle line only").isEqualTo(1);
            JsonNode pushed = ws.next("btcusdt_kline_1min");
            assertThat(pushed.get("datas").get("data").get(0).get(5).decimalValue()).as("as recorded")
                    .isEqualByComparingTo("1.56");
        }
    }

    /** What one run of the scenario gave: the tape served, the paper fills, orders and balances. */
    private record Outcome(String tape, List<String> fills, List<String> orders, String usdt, String btc) {
    }

    /**
     * Orders at 3 s (a taker, two resting buys, a resting sell) and 35 s (an IOC sell), placed while the
     * replay stands at those times, then the rest of the recording.
     */
    private Outcome scenario(Path file, double speed, boolean stepped) throws InterruptedException {
        try (ExchangeSimulator sim = replay(file, speed)) {
            Replay replay = sim.replay();
            Trader paper = new Trader(sim, "paper");
            List<String> ids = new ArrayList<>();
            advance(replay, at(3_000), stepped);
            ids.add(paper.place(BTC, "buy", "60005.00", "0.5"));
            ids.add(paper.place(BTC, "buy", "59985.00", "0.2"));
            ids.add(paper.place(BTC, "sell", "60080.00", "0.1"));
            advance(replay, at(35_000), stepped);
            ids.add(paper.place(BTC, "sell", "60000.00", "0.3", "orderType", "2"));
            advance(replay, null, stepped);
            List<String> orders = new ArrayList<>();
            for (String id : ids) {
                JsonNode o = paper.get(BTC, id);
                orders.add(id + " " + o.get("status").asInt() + " " + o.get("trade_amount").asText() + " "
                        + o.get("trade_money").asText() + " " + o.get("trade_date").asLong());
            }
            List<String> fills = sim.fills("paper").stream().map(f -> "#" + f.id() + " order"
                    + (ids.indexOf(Long.toString(f.orderId())) + 1) + " " + plain(f.price()) + " " + plain(f.amount())
                    + " " + plain(f.fee()) + " " + f.feeCoin() + " " + f.maker() + " " + f.time()).toList();
            return new Outcome(paper.dataText("trades?market=btc_usdt&since=7000"), fills, orders,
                    paper.coin("usdt").get("available").asText(), paper.coin("btc").get("available").asText());
        }
    }

    private static void advance(Replay replay, Instant to, boolean stepped) throws InterruptedException {
        if (stepped) {
            if (to == null) {
                replay.runToEnd();
            } else {
                replay.runUntil(to);
            }
            return;
        }
        replay.pauseAt(to).play();
        assertThat(replay.awaitPaused(WAIT)).isTrue();
        if (to != null) {
            assertThat(replay.now()).isEqualTo(to);
        } else {
            assertThat(replay.finished()).isTrue();
        }
    }

    @Test
    void theSameRecordingGivesTheSameTapeAndFillsRunAfterRunAtAnySpeed() throws InterruptedException {
        Path file = recorded.writeTo(dir.resolve("market.jsonl"));
        Outcome stepped = scenario(file, 1, true);
        assertThat(stepped.fills()).as("what the fill model makes of the scenario").containsExactly(
                fill(1, 1, "60000", "0.3", "0.0006", "btc", false, 3_000),
                fill(2, 1, "60005", "0.2", "0.0004", "btc", true, 10_000),
                fill(3, 2, "59985", "0.2", "0.0004", "btc", true, 10_000),
                fill(4, 4, "60050", "0.3", "36.03", "usdt", false, 35_000),
                fill(5, 3, "60080", "0.1", "12.016", "usdt", true, 61_000));
        assertThat(stepped.tape()).contains("\"tid\":7001").contains("\"tid\":7007");

        assertThat(scenario(file, 1, true)).as("again").isEqualTo(stepped);
        assertThat(scenario(file, 1_000, false)).as("playing at 1000x").isEqualTo(stepped);
        assertThat(scenario(file, Double.POSITIVE_INFINITY, false)).as("playing as fast as it reads")
                .isEqualTo(stepped);
    }

    /** A replay fills by the fill model and latency it was built with, like a paper exchange on a live feed. */
    @Test
    void theFillModelAndLatencyApplyToAReplay() {
        Path file = recorded.writeTo(dir.resolve("market.jsonl"));
        for (FillModel.Kind kind : List.of(FillModel.Kind.QUEUE, FillModel.Kind.TOUCH)) {
            try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).eventLoops(1).replay(file).stepped()
                    .fillModel(kind).latency(Duration.ofMillis(100)).key("paper", "paper-secret").build().start()) {
                Trader paper = new Trader(sim, "paper");
                sim.replay().runUntil(at(1_000));
                String resting = paper.place(BTC, "buy", "59990.00", "0.1");
                String taker = paper.place(BTC, "buy", "60000.00", "0.1");
                assertThat(paper.get(BTC, taker).get("trade_amount").decimalValue()).as("on its way")
                        .isEqualByComparingTo("0");

                // The trade of 2 s, 0.02 at exactly 59990.00: behind the 0.3 the book showed there, or touched.
                sim.replay().runUntil(at(2_000));
                assertThat(paper.get(BTC, resting).get("trade_amount").decimalValue()).as(kind.optionName())
                        .isEqualByComparingTo(kind == FillModel.Kind.QUEUE ? "0" : "0.02");
                assertThat(sim.fills("paper")).filteredOn(f -> f.orderId() == Long.parseLong(taker))
                        .singleElement().satisfies(f -> {
                            assertThat(f.price()).isEqualByComparingTo("60000.00");
                            assertThat(f.time()).as("it reached the book when the next line came")
                                    .isEqualTo(at(2_000));
                            assertThat(f.model()).isEqualTo(kind.optionName());
                        });
            }
        }
    }

    private static String plain(BigDecimal value) {
        return value.stripTrailingZeros().toPlainString();
    }

    private static String fill(long id, int order, String price, String amount, String fee, String coin,
                               boolean maker, long at) {
        return "#" + id + " order" + order + " " + price + " " + amount + " " + fee + " " + coin + " " + maker + " "
                + at(at);
    }

    @Test
    void aLineThatCannotBeReadEndsTheReplayAndSaysWhere() throws IOException {
        Path file = recorded.writeTo(dir.resolve("market.jsonl"));
        Files.writeString(file, "{\"at\":\"2026-11-25T08:03:00Z\",\"kind\":\"trade\",\"market\":\"doge_usdt\","
                + "\"data\":{\"tid\":1,\"date\":\"2026-11-25T08:03:00Z\",\"price\":\"1\",\"amount\":\"1\"}}\n"
                + "{\"at\":\"2026-11-25T08:04:00Z\",\"kind\":\"trade\",\"market\":\"btc_usdt\",\"data\":{\"tid\":7008,"
                + "\"date\":\"2026-11-25T08:04:00Z\",\"price\":\"0\",\"amount\":\"1\"}}\n",
                StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (ExchangeSimulator sim = replay(file, 1)) {
            Replay replay = sim.replay();
            replay.runToEnd();
            assertThat(replay.eventsSkipped()).as("the doge_usdt line").isEqualTo(1);
            assertThat(replay.failure()).isInstanceOf(RecordingFormatException.class)
                    .hasMessageContaining("line 16").hasMessageContaining("price must be positive");
            assertThat(replay.finished()).isTrue();
            assertThat(sim.tape(BTC)).hasSize(7);
            assertThatThrownBy(replay::step).isSameAs(replay.failure());
        }
    }

    @Test
    void recordedMarketsOfAnyCoinAreReplayed() throws IOException {
        Path file = dir.resolve("two.jsonl");
        try (RecordingWriter writer = RecordingWriter.create(file)) {
            writer.write(new MarketEvent.Markets(RecordedMarket.START, List.of(RecordedMarket.BTC_SPEC,
                    new MarketSpec("doge_usdt", 6, 0, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ZERO))));
            writer.write(new MarketEvent.Trade(at(1), "doge_usdt", 1, at(1), BigDecimal.ONE, BigDecimal.ONE, null));
            writer.write(recorded.trades.get(0));
        }
        try (ExchangeSimulator sim = replay(file, 1)) {
            assertThat(sim.exchange().markets()).extracting(MarketSpec::name).containsExactly(BTC, "doge_usdt");
            sim.replay().runToEnd();
            assertThat(sim.replay().eventsSkipped()).isZero();
            assertThat(sim.tape("doge_usdt")).hasSize(1);
            assertThat(sim.tape(BTC)).hasSize(1);
            assertThat(sim.exchange().coins().exists("doge")).as("the wallets hold the coin").isTrue();
        }
    }

    @Test
    void aPlayingReplayRefusesStepsAndTheCommandLineStartsOne() throws InterruptedException {
        Path file = recorded.writeTo(dir.resolve("market.jsonl"));
        try (ExchangeSimulator sim = SimulatorCommandLine.parse("--replay", file.toString(), "--speed", "max",
                "--key", "paper:paper-secret").build().start()) {
            Replay replay = sim.replay();
            assertThat(replay.awaitPaused(WAIT)).isTrue();
            assertThat(replay.finished()).isTrue();
            assertThat(sim.tape(BTC)).hasSize(7);
            assertThat(sim.exchange().markets()).extracting(m -> m.name()).containsExactly(BTC);
        }
        try (ExchangeSimulator sim = replay(file, 0.001)) {
            Replay replay = sim.replay().play();
            assertThatThrownBy(replay::step).isInstanceOf(IllegalStateException.class);
            Await.until("the first line, due at once", () -> replay.eventsApplied() == 1);
            replay.pause();
            assertThat(replay.eventsApplied()).as("the second is 100 ms of replay away: 100 s at this speed")
                    .isEqualTo(1);
            assertThat(replay.now()).isBefore(at(100));
            assertThat(replay.awaitPaused(WAIT)).isTrue();
            assertThat(replay.step()).isTrue();
        }
    }

    @Test
    void theClockOfRequestsStaysRealWhileTheEngineReplays() {
        try (ExchangeSimulator sim = replay(recorded.writeTo(dir.resolve("market.jsonl")), 1)) {
            sim.replay().runUntil(at(3_000));
            Trader paper = new Trader(sim, "paper");
            String id = paper.place(BTC, "buy", "50000.00", "0.01");
            assertThat(paper.get(BTC, id).get("trade_date").asLong()).as("orders live in the replayed time")
                    .isEqualTo(at(3_000).toEpochMilli());
            assertThat(id).startsWith("20261125");
            MarketEvent.Trade first = recorded.trades.get(0);
            assertThat(first.price()).isEqualTo(new BigDecimal("60000.00"));
            assertThat(first.takerSide()).isEqualTo(Side.BUY);
        }
    }
}
