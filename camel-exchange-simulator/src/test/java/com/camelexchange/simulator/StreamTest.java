package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;

/** The WebSocket interface: channels, snapshots, pushes after trading, pings and error frames. */
class StreamTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock).andThen(ExchangeSimulator.Builder::noFees));

    private final List<StreamClient> clients = new ArrayList<>();
    private ReferenceClient maker;
    private ReferenceClient taker;

    @BeforeEach
    void book() {
        ExchangeSimulator sim = simulator.get();
        maker = ReferenceClient.forNewAccount(sim, "maker");
        taker = ReferenceClient.forNewAccount(sim, "taker");
        order(maker, "64990", "0.5", "1");
        order(maker, "64980", "0.25", "1");
        order(maker, "65010", "0.1", "0");
        order(maker, "65020", "0.2", "0");
    }

    @AfterEach
    void disconnect() {
        clients.forEach(StreamClient::close);
    }

    private StreamClient connect() {
        StreamClient client = StreamClient.connect(simulator.get());
        clients.add(client);
        return client;
    }

    private StreamClient connect(String baseCoin) {
        StreamClient client = StreamClient.connect(simulator.get(), baseCoin);
        clients.add(client);
        return client;
    }

    private static void order(ReferenceClient client, String price, String amount, String tradeType) {
        JsonNode reply = client.api("order", "currency", "btc_usdt", "price", price, "amount", amount,
                "tradeType", tradeType);
        assertThat(reply.get("code").asText()).as(reply.toString()).isEqualTo("1000");
    }

    private static List<String> prices(JsonNode levels) {
        List<String> out = new ArrayList<>();
        levels.forEach(l -> out.add(l.get(0).decimalValue().stripTrailingZeros().toPlainString()));
        return out;
    }

    @Test
    void tickerSnapshotOnSubscribeThenAPushAfterATrade() {
        StreamClient ws = connect().subscribe("btcusdt_ticker");
        JsonNode snapshot = ws.next();
        assertThat(snapshot.get("channel").asText()).isEqualTo("btcusdt_ticker");
        assertThat(snapshot.get("dataType").asText()).isEqualTo("ticker");
        assertThat(snapshot.get("date").isTextual()).isTrue();
        assertThat(snapshot.get("date").asLong()).isEqualTo(T0.toEpochMilli());
        JsonNode ticker = snapshot.get("ticker");
        for (String field : List.of("high", "vol", "last", "low", "buy", "sell", "open", "riseRate", "turnover")) {
            assertThat(ticker.get(field).isTextual()).as(field).isTrue();
        }
        assertThat(ticker.get("buy").asText()).isEqualTo("64990.00");
        assertThat(ticker.get("sell").asText()).isEqualTo("65010.00");

        order(taker, "65010", "0.1", "1");
        JsonNode push = ws.next("btcusdt_ticker");
        assertThat(push.get("ticker").get("last").asText()).isEqualTo("65010.00");
        assertThat(push.get("ticker").get("sell").asText()).isEqualTo("65020.00");
        assertThat(new BigDecimal(push.get("ticker").get("turnover").asText())).isEqualByComparingTo("6501");
        assertThat(new BigDecimal(push.get("ticker").get("vol").asText())).isEqualByComparingTo("0.1");
    }

    @Test
    void depthSnapshotListsAsksDescendingAndBidsDescendingLikeTheRestReply() {
        StreamClient ws = connect().subscribe("btcusdt_depth");
        JsonNode depth = ws.next();
        assertThat(depth.get("dataType").asText()).isEqualTo("depth");
        assertThat(depth.get("channel").asText()).isEqualTo("btcusdt_depth");
        assertThat(prices(depth.get("asks"))).containsExactly("65020", "65010");
        assertThat(prices(depth.get("bids"))).containsExactly("64990", "64980");
        assertThat(depth.get("asks").get(0).get(0).isNumber()).isTrue();
        assertThat(depth.get("asks").get(0).get(1).isNumber()).isTrue();
        assertThat(depth.get("timestamp").asLong()).isEqualTo(T0.getEpochSecond());
        JsonNode rest = maker.data("depth", "market", "btc_usdt", "size", "50");
        assertThat(prices(depth.get("asks"))).isEqualTo(prices(rest.get("asks")));

        order(maker, "65000", "0.3", "0");
        JsonNode push = ws.next("btcusdt_depth");
        assertThat(prices(push.get("asks"))).containsExactly("65020", "65010", "65000");
    }

    @Test
    void quickDepthOnTheCoinPathListsBothSidesBestFirstWithTheChosenLength() {
        for (int i = 1; i <= 7; i++) {
            order(maker, Integer.toString(65100 + i), "0.01", "0");
        }
        StreamClient ws = connect("btc").send("{\"event\":\"addChannel\",\"channel\":\"btcusdt_quick_depth\","
                + "\"length\":5}");
        JsonNode quick = ws.next();
        assertThat(quick.get("dataType").asText()).isEqualTo("quickDepth");
        assertThat(quick.get("channel").asText()).isEqualTo("btcusdt_quick_depth");
        assertThat(quick.get("market").asText()).isEqualTo("btcusdt");
        assertThat(quick.get("showMarket").asText()).isEqualTo("btcusdt");
        assertThat(quick.get("lastTime").asLong()).isEqualTo(T0.toEpochMilli());
        assertThat(prices(quick.get("listUp"))).containsExactly("65010", "65020", "65101", "65102", "65103");
        assertThat(prices(quick.get("listDown"))).containsExactly("64990", "64980");
        assertThat(quick.get("listUp").get(0).get(0).isNumber()).isTrue();
        assertThat(quick.get("rate").isTextual()).isTrue();
        for (String field : List.of("currentPrice", "high", "low", "dayNumber", "totalBtc")) {
            assertThat(quick.get(field).isNumber()).as(field).isTrue();
        }
        assertThat(quick.get("currentIsBuy").isBoolean()).isTrue();

        StreamClient tenDeep = connect("btc").send("{\"event\":\"addChannel\",\"channel\":\"btcusdt_quick_depth\"}");
        assertThat(tenDeep.next().get("listUp").size()).isEqualTo(9);

        order(taker, "65010", "0.1", "1");
        JsonNode push = ws.next("btcusdt_quick_depth");
        assertThat(prices(push.get("listUp"))).containsExactly("65020", "65101", "65102", "65103", "65104");
        assertThat(push.get("currentPrice").decimalValue()).isEqualByComparingTo("65010");
        assertThat(push.get("currentIsBuy").asBoolean()).isTrue();

        connect("btc").send("{\"event\":\"addChannel\",\"channel\":\"btcusdt_quick_depth\",\"length\":7}");
        assertThat(clients.get(2).next().get("code").asInt()).isEqualTo(1007);
        StreamClient wrongCoin = connect("eth").subscribe("btcusdt_quick_depth");
        assertThat(wrongCoin.next().get("code").asInt()).isEqualTo(1007);
        StreamClient mainPath = connect().subscribe("btcusdt_quick_depth");
        assertThat(mainPath.next().get("code").asInt()).isEqualTo(1007);
    }

    @Test
    void tradesSendNothingOnSubscribeThenEachNewTradeOnceInTidOrder() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = connect().subscribe("btcusdt_trades");
        Await.until("subscribed", () -> sim.streamSubscriptions("btcusdt_trades") == 1);
        ws.ping();
        assertThat(ws.next().get("channel").asText()).as("nothing before the pong").isEqualTo("pong");

        order(taker, "65020", "0.15", "1");
        JsonNode push = ws.next("btcusdt_trades");
        assertThat(push.get("dataType").asText()).isEqualTo("trades");
        JsonNode data = push.get("data");
        assertThat(data.size()).isEqualTo(2);
        JsonNode first = data.get(0);
        assertThat(first.get("price").asText()).isEqualTo("65010.00");
        assertThat(first.get("amount").asText()).isEqualTo("0.1000");
        assertThat(first.get("date").asLong()).isEqualTo(T0.getEpochSecond());
        assertThat(first.get("trade_type").asText()).isEqualTo("bid");
        assertThat(first.get("type").asText()).isEqualTo("buy");
        assertThat(data.get(1).get("tid").asLong()).isEqualTo(first.get("tid").asLong() + 1);

        order(taker, "64980", "0.6", "0");
        JsonNode sells = ws.next("btcusdt_trades").get("data");
        assertThat(sells.get(0).get("trade_type").asText()).isEqualTo("ask");
        assertThat(sells.get(0).get("type").asText()).isEqualTo("sell");

        List<Long> pushed = new ArrayList<>();
        data.forEach(t -> pushed.add(t.get("tid").asLong()));
        sells.forEach(t -> pushed.add(t.get("tid").asLong()));
        assertThat(pushed).isEqualTo(sim.tape("btc_usdt").stream().map(Trade::tid).toList());
    }

    @Test
    void tradesMadeWhileNoConnectionWasOpenAreHistoryToTheNextOne() {
        ExchangeSimulator sim = simulator.get();
        order(taker, "65020", "0.15", "1");
        long before = sim.exchange().lastTrade("btc_usdt").tid();
        StreamClient ws = connect().subscribe("btcusdt_trades");
        Await.until("subscribed", () -> sim.streamSubscriptions("btcusdt_trades") == 1);

        order(taker, "64980", "0.6", "0");
        List<Long> pushed = new ArrayList<>();
        ws.next("btcusdt_trades").get("data").forEach(t -> pushed.add(t.get("tid").asLong()));
        assertThat(pushed).as("only the trades after the connection").isNotEmpty().allMatch(tid -> tid > before)
                .first().isEqualTo(before + 1);
    }

    @Test
    void tradesOfManyOperationsArriveExactlyOnceEqualToTheTape() {
        ExchangeSimulator sim = simulator.get();
        SimulatorAccount makerAccount = sim.account("maker");
        SimulatorAccount takerAccount = sim.account("taker");
        StreamClient ws = connect().subscribe("btcusdt_trades");
        Await.until("subscribed", () -> sim.streamSubscriptions("btcusdt_trades") == 1);
        for (int i = 0; i < 200; i++) {
            BigDecimal price = new BigDecimal(60000 + i % 7);
            sim.exchange().place(makerAccount.user(), OrderCommand.limit("btc_usdt", Side.SELL, price,
                    new BigDecimal("0.001")));
            sim.exchange().place(takerAccount.user(), OrderCommand.limit("btc_usdt", Side.BUY, price,
                    new BigDecimal("0.001")));
        }
        List<Long> expected = sim.tape("btc_usdt").stream().map(Trade::tid).toList();
        assertThat(expected).hasSize(200);
        List<Long> received = new ArrayList<>();
        while (received.size() < expected.size()) {
            ws.next("btcusdt_trades").get("data").forEach(t -> received.add(t.get("tid").asLong()));
        }
        assertThat(received).isEqualTo(expected);
        ws.ping();
        assertThat(ws.next().get("channel").asText()).as("no trade repeated").isEqualTo("pong");
    }

    @Test
    void klinePushesThePreviousAndTheCurrentCandle() {
        ExchangeSimulator sim = simulator.get();
        long minute = T0.toEpochMilli() / 60_000 * 60_000;
        sim.exchange().recordHistoricalTrade("btc_usdt", minute - 60_000, new BigDecimal("64000"), BigDecimal.ONE,
                Side.BUY);
        StreamClient ws = connect().subscribe("btcusdt_kline_1min");
        JsonNode snapshot = ws.next();
        assertThat(snapshot.get("channel").asText()).isEqualTo("btcusdt_kline_1min");
        assertThat(snapshot.get("isSuc").asBoolean()).isTrue();
        assertThat(snapshot.get("datas").get("data").size()).isEqualTo(1);

        order(taker, "65010", "0.1", "1");
        JsonNode data = ws.next("btcusdt_kline_1min").get("datas").get("data");
        assertThat(data.size()).isEqualTo(2);
        assertThat(data.get(0).get(0).asLong()).isEqualTo(minute - 60_000);
        assertThat(data.get(1).get(0).asLong()).isEqualTo(minute);
        assertThat(data.get(1).get(4).decimalValue()).isEqualByComparingTo("65010");
        assertThat(data.get(1).get(5).decimalValue()).isEqualByComparingTo("0.1");

        StreamClient other = connect().subscribe("btcusdt_kline_1week");
        assertThat(other.next().get("datas").get("data").size()).isEqualTo(1);
        connect().subscribe("btcusdt_kline_2min");
        assertThat(clients.get(2).next().get("code").asInt()).isEqualTo(1007);
    }

    @Test
    void marketsChannelAnswersTheRestMarketsReplyWithItsChannel() {
        JsonNode markets = connect().subscribe("markets").next();
        assertThat(markets.get("channel").asText()).isEqualTo("markets");
        JsonNode rest = maker.data("markets");
        rest.fieldNames().forEachRemaining(name -> assertThat(markets.get(name)).as(name).isEqualTo(rest.get(name)));
        assertThat(markets.size()).isEqualTo(rest.size() + 1);
    }

    @Test
    void removeChannelStopsPushesAndClosingDropsEverySubscription() {
        ExchangeSimulator sim = simulator.get();
        StreamClient ws = connect().subscribe("btcusdt_ticker").subscribe("btcusdt_depth")
                .subscribe("btcusdt_trades");
        ws.next("btcusdt_ticker");
        ws.next("btcusdt_depth");
        assertThat(sim.streamSubscriptions("btcusdt_ticker")).isEqualTo(1);
        ws.unsubscribe("btcusdt_ticker").unsubscribe("btcusdt_depth");
        Await.until("unsubscribed", () -> sim.streamSubscriptions("btcusdt_depth") == 0);
        assertThat(sim.streamSubscriptions("btcusdt_ticker")).isZero();

        order(taker, "65010", "0.1", "1");
        JsonNode push = ws.next();
        assertThat(push.get("channel").asText()).as("only trades remain").isEqualTo("btcusdt_trades");
        ws.ping();
        assertThat(ws.next().get("channel").asText()).isEqualTo("pong");

        assertThat(sim.streamConnections()).isEqualTo(1);
        assertThat(sim.streamConnectionsOpened()).isEqualTo(1);
        ws.close();
        Await.until("closed", () -> sim.streamConnections() == 0);
        assertThat(sim.streamSubscriptions("btcusdt_trades")).isZero();
    }

    @Test
    void pingIsAnsweredWithPongAndBadFramesWithErrorFrames() {
        StreamClient ws = connect();
        JsonNode pong = ws.ping().next();
        assertThat(pong.get("channel").asText()).isEqualTo("pong");

        JsonNode unknown = ws.subscribe("dogeusdt_ticker").next();
        assertThat(unknown.get("code").asInt()).isEqualTo(1007);
        assertThat(unknown.get("success").asBoolean()).isFalse();
        assertThat(unknown.get("no").asText()).isEqualTo("0");
        assertThat(unknown.get("channel").asText()).isEqualTo("dogeusdt_ticker");
        assertThat(unknown.get("message").asText()).isEqualTo("Channel is empty");

        JsonNode noEvent = ws.send("{\"channel\":\"btcusdt_ticker\"}").next();
        assertThat(noEvent.get("code").asInt()).isEqualTo(1008);
        assertThat(noEvent.get("message").asText()).isEqualTo("Event is empty");
        assertThat(noEvent.get("channel").asText()).isEqualTo("btcusdt_ticker");
        assertThat(ws.send("{\"event\":\" \",\"channel\":\"btcusdt_ticker\"}").next().get("code").asInt())
                .isEqualTo(1008);
        assertThat(ws.send("not json at all").next().get("code").asInt()).isEqualTo(1008);
        assertThat(ws.send("{\"event\":\"addChannel\"}").next().get("code").asInt()).isEqualTo(1007);
        assertThat(simulator.get().streamFramesPushed()).as("errors and pongs are not pushes").isZero();
    }

    @Test
    void oversizedClientMessagesCloseWith1009() {
        StreamClient big = connect();
        big.send("{\"event\":\"addChannel\",\"channel\":\"" + "x".repeat(70 * 1024) + "\"}");
        assertThat(big.awaitEnd()).isEqualTo(1009);

        StreamClient fine = connect();
        fine.send("{\"event\":\"addChannel\",\"channel\":\"" + "x".repeat(60 * 1024) + "\"}");
        assertThat(fine.next().get("code").asInt()).as("just under 64 KiB is read").isEqualTo(1007);
    }

    @Test
    void channelsPerConnectionAreBounded() {
        try (ExchangeSimulator small = ExchangeSimulator.builder().quiet().eventLoops(1).streamChannelLimit(3)
                .build().start(); StreamClient ws = StreamClient.connect(small)) {
            ws.subscribe("btcusdt_ticker").subscribe("btcusdt_depth").subscribe("btcusdt_trades");
            ws.next("btcusdt_ticker");
            ws.next("btcusdt_depth");
            JsonNode refused = ws.subscribe("ethusdt_ticker").next();
            assertThat(refused.get("code").asInt()).isEqualTo(1007);
            assertThat(refused.get("channel").asText()).isEqualTo("ethusdt_ticker");
            assertThat(ws.subscribe("btcusdt_ticker").next().get("channel").asText())
                    .as("a channel already held is not a new one").isEqualTo("btcusdt_ticker");
            ws.unsubscribe("btcusdt_depth").subscribe("ethusdt_ticker");
            assertThat(ws.next().get("channel").asText()).isEqualTo("ethusdt_ticker");
        }
    }
}
