package com.camelexchange.component;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderEvent;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.PriceLevel;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawRecord;
import com.camelexchange.client.model.WithdrawalEvent;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every body the component emits, from producers and consumers against the simulator, through camel-jackson
 * with its defaults and back: exact decimal strings, ISO-8601 UTC times, enum names, the record's own fields
 * only, and a value equal to the original once read back.
 */
class ModelJsonTest extends TradingTestSupport {
    private static final Instant T0 = Instant.parse("2026-11-22T08:00:30.250Z");
    private static final String MARKET = "btc_usdt";

    private final MutableClock clock = new MutableClock(T0);
    private SimulatorAccount alice;
    private JsonForms json;

    @BeforeEach
    void start() {
        // The clock stands still, so the simulator's rate windows would never roll over: no limits here.
        simulator = ExchangeSimulator.builder().seed(3).clock(clock).reqTimeWindow(Duration.ofDays(3650)).quiet()
                .limits(SimulatorLimits.none()).build().start();
        alice = simulator.createAccount("alice", "alice-secret");
        var maker = simulator.exchange().createUser("maker", false);
        simulator.exchange().deposit(maker, 0, "btc", new BigDecimal("10"));
        simulator.exchange().deposit(maker, 0, "usdt", new BigDecimal("1000000"));
        simulator.exchange().place(maker, OrderCommand.limit(MARKET, Side.SELL, new BigDecimal("65010.10"),
                new BigDecimal("0.1000")));
        simulator.exchange().place(maker, OrderCommand.limit(MARKET, Side.BUY, new BigDecimal("64990.50"),
                new BigDecimal("0.2500")));
        simulator.exchange().recordHistoricalTrade(MARKET, T0.toEpochMilli(), new BigDecimal("65000.10"),
                new BigDecimal("0.0100"), Side.BUY);
    }

    private void startWith(RouteBuilder routes) throws Exception {
        startContext(ApiVariant.A, "alice", "alice-secret", routes);
        json = JsonForms.in(context, Ticker.class, Depth.class, Trade.class, Candle.class, Kline.class,
                OrderRequest.class, PlacedOrder.class, Order.class, AccountInfo.class, Address.class,
                WithdrawPage.class, WithdrawRecord.class, OrderEvent.class, WithdrawalEvent.class, PriceAmount.class, PriceLevel.class);
    }

    @Test
    void marketDataBodies() throws Exception {
        startWith(null);
        Ticker ticker = call("exchange:ticker?market=" + MARKET, null, Ticker.class);
        JsonNode t = json.roundTrip(ticker, Ticker.class);
        JsonForms.assertFields(t, "market", "high", "low", "buy", "sell", "last", "volume", "date");
        JsonForms.assertDecimal(t, "buy", new BigDecimal("64990.50"));
        JsonForms.assertDecimal(t, "sell", new BigDecimal("65010.10"));
        JsonForms.assertTime(t, "date", T0);

        Depth depth = call("exchange:depth?market=" + MARKET + "&size=5", null, Depth.class);
        JsonNode d = json.roundTrip(depth, Depth.class);
        JsonForms.assertFields(d, "market", "asks", "bids", "timestamp");
        JsonForms.assertFields(d.get("asks").get(0), "price", "amount");
        JsonForms.assertDecimal(d.get("asks").get(0), "price", new BigDecimal("65010.10"));
        JsonForms.assertDecimal(d.get("bids").get(0), "amount", new BigDecimal("0.2500"));
        JsonForms.assertTime(d, "timestamp", depth.timestamp());
        json.roundTrip(depth.bestAsk(), PriceLevel.class);

        List<?> trades = call("exchange:trades?market=" + MARKET, null, List.class);
        JsonNode tr = json.roundTripList(trades, Trade.class);
        JsonForms.assertFields(tr.get(0), "market", "tid", "date", "price", "amount", "takerSide");
        JsonForms.assertDecimal(tr.get(0), "price", new BigDecimal("65000.10"));
        JsonForms.assertDecimal(tr.get(0), "amount", new BigDecimal("0.0100"));
        assertThat(tr.get(0).get("takerSide").asText()).isEqualTo("BUY");
        assertThat(tr.get(0).get("tid").isIntegralNumber()).isTrue();

        List<?> candles = call("exchange:kline?market=" + MARKET + "&type=1min&size=10", null, List.class);
        assertThat(candles).isNotEmpty();
        JsonNode k = json.roundTripList(candles, Candle.class);
        JsonForms.assertFields(k.get(0), "openTime", "open", "high", "low", "close", "volume");
        Candle last = (Candle) candles.get(candles.size() - 1);
        JsonForms.assertTime(k.get(candles.size() - 1), "openTime", last.openTime());
        Kline kline = new Kline(MARKET, KlineType.MIN_1, "btc", "usdt", List.of(last));
        JsonNode kl = json.roundTrip(kline, Kline.class);
        assertThat(kl.get("type").asText()).isEqualTo("MIN_1");

        Map<?, ?> markets = call("exchange:markets", null, Map.class);
        String marketsJson = json.marshal(markets);
        Map<String, Market> marketsBack = new ObjectMapper().readValue(marketsJson, new TypeReference<>() { });
        assertThat(marketsBack).isEqualTo(markets);
        JsonNode m = new ObjectMapper().readTree(marketsJson).get(MARKET);
        JsonForms.assertFields(m, "name", "priceScale", "amountScale", "minAmount", "minSize");

        Map<?, ?> tickers = call("exchange:allTicker", null, Map.class);
        String tickersJson = json.marshal(tickers);
        Map<String, Ticker> tickersBack = new ObjectMapper().readValue(tickersJson, new TypeReference<>() { });
        assertThat(tickersBack).isEqualTo(tickers);
        JsonNode at = new ObjectMapper().readTree(tickersJson).get(MARKET);
        // The reply carries no time: its tickers carry the time it arrived, by this process's clock.
        Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Map<?, ?> again = call("exchange:allTicker", null, Map.class);
        Instant arrived = ((Ticker) again.get(MARKET)).date();
        assertThat(arrived).isBetween(before, Instant.now());
        assertThat(again.values()).allSatisfy(each -> assertThat(((Ticker) each).date()).isEqualTo(arrived));
        JsonForms.assertTime(new ObjectMapper().readTree(json.marshal(again)).get(MARKET), "date", arrived);

        // A route that unmarshals without the model gets the decimals as the exact text, not as doubles.
        Map<?, ?> untyped = (Map<?, ?>) json.untyped(json.marshal(ticker));
        assertThat(untyped.get("sell")).isEqualTo("65010.10");
    }

    @Test
    void tradingAndAccountBodies() throws Exception {
        startWith(null);
        OrderRequest request = new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal("60000.10"),
                new BigDecimal("0.0100"), 0, "json0001", OrderType.POST_ONLY);
        JsonNode r = json.roundTrip(request, OrderRequest.class);
        JsonForms.assertFields(r, "market", "side", "price", "amount", "acctType", "customerOrderId", "orderType");
        assertThat(r.get("side").asText()).isEqualTo("BUY");
        assertThat(r.get("orderType").asText()).isEqualTo("POST_ONLY");

        PlacedOrder placed = call("exchange:order", request, PlacedOrder.class);
        JsonNode p = json.roundTrip(placed, PlacedOrder.class);
        JsonForms.assertFields(p, "id", "customerOrderId", "recovered");

        Order order = call("exchange:getOrder?market=" + MARKET, null, orderId(placed.id()), Order.class);
        JsonNode o = json.roundTrip(order, Order.class);
        JsonForms.assertFields(o, "id", "currency", "side", "price", "totalAmount", "tradeAmount", "tradeMoney",
                "tradePrice", "tradeDate", "rawStatus", "status");
        JsonForms.assertDecimal(o, "price", order.price());
        JsonForms.assertTime(o, "tradeDate", order.tradeDate());
        assertThat(o.get("status").asText()).isEqualTo("PENDING");
        json.roundTripList(call("exchange:getOrdersIgnoreTradeType?market=" + MARKET, null, List.class), Order.class);

        AccountInfo account = call("exchange:getAccountInfo", null, AccountInfo.class);
        JsonNode a = json.roundTrip(account, AccountInfo.class);
        JsonForms.assertFields(a, "coins", "username", "tradePasswordEnabled", "googleAuthEnabled",
                "mobileAuthEnabled", "assetPerm", "entrustPerm", "moneyPerm", "leverPerm");
        JsonForms.assertFields(a.get("coins").get(0), "coin", "enName", "cnName", "showName", "unitTag", "unitDecimal", "fundsType",
                "available", "frozen", "canRecharge", "canWithdraw", "canLoan");

        Address address = call("exchange:getUserAddress?coin=btc", null, Address.class);
        JsonNode ad = json.roundTrip(address, Address.class);
        JsonForms.assertFields(ad, "coin", "address");

        long settled = alice.requestWithdrawal("btc", new BigDecimal("0.5"), null);
        alice.settleWithdrawal(settled, 2);
        WithdrawPage page = call("exchange:getWithdrawRecord?coin=btc&pageSize=100", null, WithdrawPage.class);
        JsonNode wp = json.roundTrip(page, WithdrawPage.class);
        JsonForms.assertFields(wp, "records", "pageIndex", "pageSize", "totalCount", "totalPage");
        WithdrawRecord done = page.records().stream().filter(w -> w.id() == settled).findFirst().orElseThrow();
        JsonNode w = json.roundTrip(done, WithdrawRecord.class);
        JsonForms.assertFields(w, "id", "amount", "fees", "submitTime", "manageTime", "rawStatus", "status",
                "toAddress");
        JsonForms.assertTime(w, "manageTime", done.manageTime());
        assertThat(w.get("status").asText()).isEqualTo("SUCCESS");
    }

    @Test
    void aHandWrittenOrderUnmarshalsLikeOneTheComponentWrote() throws Exception {
        startWith(null);
        Object read = template.requestBody("direct:unmarshal-OrderRequest", "{\"market\":\"btc_usdt\",\"side\":"
                + "\"buy\",\"price\":60000.10,\"amount\":\"0.01\",\"orderType\":\"postOnly\"}");
        assertThat(read).isEqualTo(new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal("60000.10"),
                new BigDecimal("0.01"), null, null, OrderType.POST_ONLY));
        List<?> pairs = List.of(new PriceAmount(new BigDecimal("60000.10"), new BigDecimal("0.0100")));
        json.roundTripList(pairs, PriceAmount.class);

        // A bare number could be seconds or milliseconds: refused, naming the form a time takes.
        Exchange epoch = template.request("direct:unmarshal-Trade", e -> e.getMessage().setBody("{\"market\":"
                + "\"btc_usdt\",\"tid\":1,\"date\":1795334430,\"price\":\"1\",\"amount\":\"1\",\"takerSide\":null}"));
        assertThat(epoch.getException()).hasStackTraceContaining("not an ISO-8601 UTC time");
    }

    @Test
    void aYamlRouteUnmarshalsAnOrderAndATradeWithTheDataFormatsDefaults() throws Exception {
        startWith(null);
        // As a user writes it: camel-jackson with no ObjectMapper of its own, the model's class by name.
        PluginHelper.getRoutesLoader(context).loadRoutes(ResourceHelper.fromString("unmarshal.yaml", """
                - route:
                    from:
                      uri: direct:yamlOrder
                      steps:
                        - unmarshal:
                            json:
                              library: Jackson
                              unmarshalType: com.camelexchange.client.model.OrderRequest
                        - setVariable:
                            name: read
                            simple: "${body}"
                        - to: exchange:order
                - route:
                    from:
                      uri: direct:yamlTrade
                      steps:
                        - unmarshal:
                            json:
                              library: Jackson
                              unmarshalType: com.camelexchange.client.model.Trade
                """));

        Exchange placed = template.request("direct:yamlOrder", e -> e.getMessage().setBody(
                "{\"market\":\"btc_usdt\",\"side\":\"buy\",\"price\":\"60000.10\",\"amount\":\"0.0100\"}"));
        assertThat(placed.getException()).isNull();
        assertThat(placed.getVariable("read")).isEqualTo(new OrderRequest(MARKET, OrderSide.BUY,
                new BigDecimal("60000.10"), new BigDecimal("0.0100"), null, null, null));
        Order order = call("exchange:getOrder?market=" + MARKET, null,
                orderId(placed.getMessage().getBody(PlacedOrder.class).id()), Order.class);
        assertThat(order.price()).isEqualByComparingTo("60000.10");
        assertThat(order.totalAmount()).isEqualByComparingTo("0.0100");

        Trade trade = (Trade) call("exchange:trades?market=" + MARKET, null, List.class).get(0);
        Object read = template.requestBody("direct:yamlTrade", json.marshal(trade));
        assertThat(read).isEqualTo(trade);
        assertThat(((Trade) read).price().toPlainString()).isEqualTo("65000.10");
    }

    @Test
    void eventBodies() throws Exception {
        List<Object> trades = new CopyOnWriteArrayList<>();
        List<Object> orderEvents = new CopyOnWriteArrayList<>();
        List<Object> withdrawalEvents = new CopyOnWriteArrayList<>();
        startWith(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + MARKET + "&streaming=true")
                        .process(e -> trades.add(e.getMessage().getBody()));
                from("exchange:orders?market=" + MARKET + "&delay=20")
                        .process(e -> orderEvents.add(e.getMessage().getBody()));
                from("exchange:withdrawals?coin=btc&delay=20")
                        .process(e -> withdrawalEvents.add(e.getMessage().getBody()));
            }
        });
        // Without a position the stream starts with the first trade pushed after its subscription.
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions("btcusdt_trades") == 1);
        simulator.exchange().recordHistoricalTrade(MARKET, T0.toEpochMilli(), new BigDecimal("65001.20"),
                new BigDecimal("0.0200"), Side.SELL);
        Await.until(20, "the pushed trade", () -> !trades.isEmpty());
        JsonNode t = json.roundTrip(trades.get(0), Trade.class);
        JsonForms.assertDecimal(t, "price", new BigDecimal("65001.20"));
        assertThat(t.get("takerSide").asText()).isEqualTo("SELL");

        call("exchange:order", OrderRequest.limit(MARKET, OrderSide.SELL, "70000.50", "0.0100"), PlacedOrder.class);
        Await.until(20, "the order's NEW event", () -> !orderEvents.isEmpty());
        JsonNode oe = json.roundTrip(orderEvents.get(0), OrderEvent.class);
        JsonForms.assertFields(oe, "type", "order", "tradedSinceLast", "tradedTotal", "detectedAt");
        assertThat(oe.get("type").asText()).isEqualTo("NEW");
        JsonForms.assertDecimal(oe, "tradedSinceLast", BigDecimal.ZERO);

        Await.until(20, "the pending withdrawals", () -> !withdrawalEvents.isEmpty());
        WithdrawalEvent first = (WithdrawalEvent) withdrawalEvents.get(0);
        alice.settleWithdrawal(first.record().id(), 5);
        Await.until(20, "a status change", () -> withdrawalEvents.stream()
                .anyMatch(e -> ((WithdrawalEvent) e).previousStatus() != null));
        Object changed = withdrawalEvents.stream().filter(e -> ((WithdrawalEvent) e).previousStatus() != null)
                .findFirst().orElseThrow();
        JsonNode we = json.roundTrip(changed, WithdrawalEvent.class);
        JsonForms.assertFields(we, "type", "record", "previousStatus", "previousRawStatus");
        assertThat(we.get("type").asText()).isEqualTo("STATUS_CHANGED");
        assertThat(we.get("previousStatus").asText()).isEqualTo("SUBMITTED");
        json.roundTrip(first, WithdrawalEvent.class);
    }
}
