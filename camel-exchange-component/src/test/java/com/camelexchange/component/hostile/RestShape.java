package com.camelexchange.component.hostile;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.camelexchange.component.hostile.Field.of;
import static com.camelexchange.component.hostile.FieldKind.COUNT;
import static com.camelexchange.component.hostile.FieldKind.FLAG;
import static com.camelexchange.component.hostile.FieldKind.ID;
import static com.camelexchange.component.hostile.FieldKind.MILLIS;
import static com.camelexchange.component.hostile.FieldKind.NAME;
import static com.camelexchange.component.hostile.FieldKind.NOT_NEGATIVE;
import static com.camelexchange.component.hostile.FieldKind.OPTIONAL_NAME;
import static com.camelexchange.component.hostile.FieldKind.OPTIONAL_NOT_NEGATIVE;
import static com.camelexchange.component.hostile.FieldKind.OPTIONAL_TEXT;
import static com.camelexchange.component.hostile.FieldKind.ORDER_ID;
import static com.camelexchange.component.hostile.FieldKind.POSITIVE;
import static com.camelexchange.component.hostile.FieldKind.SECONDS;
import static com.camelexchange.component.hostile.FieldKind.SIDE_WORD;
import static com.camelexchange.component.hostile.FieldKind.SMALL_WHOLE;
import static com.camelexchange.component.hostile.FieldKind.TEXT;

/**
 * A REST reply the component reads, the producer call that reads it, and its fields.
 *
 * @param method  the API method, as the simulator's faults name it
 * @param uri     the producer's endpoint after the component's scheme
 * @param headers headers of the call
 */
record RestShape(String method, String uri, Map<String, Object> headers, Scope scope, List<Field> fields) {

    /** Every REST reply shape the component reads, with every field it reads. */
    static List<RestShape> all(String orderId) {
        List<RestShape> shapes = new ArrayList<>();
        shapes.add(new RestShape("markets", "markets", Map.of(), Scope.RECORD, List.of(
                of("/btc_usdt/priceScale", SMALL_WHOLE), of("/btc_usdt/amountScale", SMALL_WHOLE),
                of("/btc_usdt/minAmount", OPTIONAL_NOT_NEGATIVE), of("/btc_usdt/minSize", OPTIONAL_NOT_NEGATIVE))));
        shapes.add(new RestShape("allTicker", "allTicker", Map.of(), Scope.RECORD, tickerValues("/btcusdt")));
        List<Field> ticker = new ArrayList<>(tickerValues("/ticker"));
        ticker.add(of("/date", MILLIS));
        shapes.add(new RestShape("ticker", "ticker?market=btc_usdt", Map.of(), Scope.REPLY, ticker));
        shapes.add(new RestShape("depth", "depth?market=btc_usdt&size=5", Map.of(), Scope.REPLY, List.of(
                of("/asks/2/0", POSITIVE), of("/asks/2/1", NOT_NEGATIVE), of("/bids/2/0", POSITIVE),
                of("/bids/2/1", NOT_NEGATIVE), of("/timestamp", SECONDS))));
        shapes.add(new RestShape("trades", "trades?market=btc_usdt", Map.of(), Scope.RECORD, List.of(
                of("/20/tid", ID), of("/20/date", SECONDS), of("/20/price", POSITIVE), of("/20/amount", POSITIVE),
                of("/20/type", SIDE_WORD), of("/20/trade_type", SIDE_WORD))));
        shapes.add(new RestShape("kline", "kline?market=btc_usdt&size=10", Map.of(), Scope.RECORD, List.of(
                of("/data/4/0", MILLIS), of("/data/4/1", POSITIVE), of("/data/4/2", POSITIVE),
                of("/data/4/3", POSITIVE), of("/data/4/4", POSITIVE), of("/data/4/5", NOT_NEGATIVE))));
        shapes.add(new RestShape("kline", "kline?market=btc_usdt&size=10", Map.of(), Scope.REPLY, List.of(
                of("/moneyType", OPTIONAL_NAME), of("/symbol", OPTIONAL_NAME))));
        shapes.add(new RestShape("getOrder", "getOrder?market=btc_usdt",
                Map.of("CamelExchangeOrderId", orderId), Scope.REPLY, order("")));
        shapes.add(new RestShape("getOrdersIgnoreTradeType", "getOrdersIgnoreTradeType?market=btc_usdt&pageSize=10",
                Map.of(), Scope.RECORD, order("/1")));
        shapes.add(new RestShape("getAccountInfo", "getAccountInfo", Map.of(), Scope.REPLY, List.of(
                of("/result/coins/1/key", NAME), of("/result/coins/1/available", NOT_NEGATIVE),
                of("/result/coins/1/freez", NOT_NEGATIVE), of("/result/coins/1/unitDecimal", SMALL_WHOLE),
                of("/result/coins/1/enName", OPTIONAL_TEXT), of("/result/coins/1/cnName", OPTIONAL_TEXT),
                of("/result/coins/1/unitTag", OPTIONAL_TEXT), of("/result/base/username", OPTIONAL_TEXT),
                of("/assetPerm", FLAG), of("/entrustPerm", FLAG))));
        shapes.add(new RestShape("getUserAddress", "getUserAddress?coin=btc", Map.of(), Scope.REPLY, List.of(
                of("/message/datas/key", TEXT))));
        shapes.add(new RestShape("getWithdrawRecord", "getWithdrawRecord?coin=btc&pageSize=10", Map.of(),
                Scope.RECORD, List.of(
                of("/message/datas/list/1/id", ID), of("/message/datas/list/1/amount", POSITIVE),
                of("/message/datas/list/1/fees", NOT_NEGATIVE), of("/message/datas/list/1/submitTime", MILLIS),
                of("/message/datas/list/1/status", SMALL_WHOLE), of("/message/datas/list/1/toAddress", OPTIONAL_TEXT))));
        shapes.add(new RestShape("getWithdrawRecord", "getWithdrawRecord?coin=btc&pageSize=10", Map.of(),
                Scope.REPLY, List.of(
                of("/message/datas/pageIndex", COUNT), of("/message/datas/totalCount", COUNT))));
        return shapes;
    }

    private static List<Field> tickerValues(String at) {
        return List.of(of(at + "/high", NOT_NEGATIVE), of(at + "/low", NOT_NEGATIVE), of(at + "/buy", NOT_NEGATIVE),
                of(at + "/sell", NOT_NEGATIVE), of(at + "/last", NOT_NEGATIVE), of(at + "/vol", NOT_NEGATIVE));
    }

    private static List<Field> order(String at) {
        return List.of(of(at + "/id", ORDER_ID), of(at + "/currency", NAME), of(at + "/price", POSITIVE),
                of(at + "/status", SMALL_WHOLE), of(at + "/total_amount", POSITIVE),
                of(at + "/trade_amount", NOT_NEGATIVE), of(at + "/trade_money", NOT_NEGATIVE),
                of(at + "/trade_date", MILLIS), of(at + "/type", SMALL_WHOLE));
    }

    @Override
    public String toString() {
        return method;
    }
}
