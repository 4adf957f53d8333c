package com.camelexchange.component.hostile;

import java.util.List;

import static com.camelexchange.component.hostile.Field.of;
import static com.camelexchange.component.hostile.FieldKind.ID;
import static com.camelexchange.component.hostile.FieldKind.MILLIS;
import static com.camelexchange.component.hostile.FieldKind.NOT_NEGATIVE;
import static com.camelexchange.component.hostile.FieldKind.POSITIVE;
import static com.camelexchange.component.hostile.FieldKind.SECONDS;
import static com.camelexchange.component.hostile.FieldKind.SIDE_WORD;

/**
 * A push the component reads over the WebSocket, the streaming consumer that reads it, and its fields.
 *
 * @param channel   the channel, as the simulator's stream faults name it
 * @param uri       the streaming consumer's endpoint after the component's scheme
 * @param operation the push's kind as the meters tag it ({@code ticker}, {@code quick_depth}...)
 * @param scope     what a hostile value costs: the whole push (a snapshot), or the record it is in (a trade, a
 *                  candle)
 */
record PushShape(Kind kind, String channel, String uri, String operation, Scope scope, List<Field> fields) {
    /** How the stream goes on past a hostile push: the next snapshot replaces it, or a position is caught up. */
    enum Kind { SNAPSHOT, TRADES, KLINE }

    /** Every push shape the component reads, with every field it reads. */
    static List<PushShape> all() {
        return List.of(
                new PushShape(Kind.SNAPSHOT, "btcusdt_ticker", "ticker?market=btc_usdt&streaming=true", "ticker",
                        Scope.REPLY, List.of(of("/ticker/high", NOT_NEGATIVE), of("/ticker/low", NOT_NEGATIVE),
                        of("/ticker/buy", NOT_NEGATIVE), of("/ticker/sell", NOT_NEGATIVE),
                        of("/ticker/last", NOT_NEGATIVE), of("/ticker/vol", NOT_NEGATIVE), of("/date", MILLIS))),
                // More than 10 levels: the full book of the main address; asks come worst first on the wire.
                new PushShape(Kind.SNAPSHOT, "btcusdt_depth", "depth?market=btc_usdt&size=20&streaming=true", "depth",
                        Scope.REPLY, List.of(of("/asks/2/0", POSITIVE), of("/asks/2/1", NOT_NEGATIVE),
                        of("/bids/2/0", POSITIVE), of("/bids/2/1", NOT_NEGATIVE), of("/timestamp", SECONDS))),
                // 10 levels or fewer: the short book of the trade coin's address.
                new PushShape(Kind.SNAPSHOT, "btcusdt_quick_depth", "depth?market=btc_usdt&size=5&streaming=true",
                        "quick_depth", Scope.REPLY, List.of(of("/listDown/2/0", POSITIVE),
                        of("/listDown/2/1", NOT_NEGATIVE), of("/listUp/2/0", POSITIVE), of("/listUp/2/1", NOT_NEGATIVE),
                        of("/lastTime", MILLIS))),
                new PushShape(Kind.TRADES, "btcusdt_trades", "trades?market=btc_usdt&streaming=true", "trades",
                        Scope.RECORD, List.of(of("/data/0/tid", ID), of("/data/0/date", SECONDS),
                        of("/data/0/price", POSITIVE), of("/data/0/amount", POSITIVE), of("/data/0/type", SIDE_WORD),
                        of("/data/0/trade_type", SIDE_WORD))),
                // The older of the two candles pushed: the one the push closes, which the route is to get. The
                // newer one is still open; the next push brings it again.
                new PushShape(Kind.KLINE, "btcusdt_kline_1min", "kline?market=btc_usdt&type=1min&streaming=true",
                        "kline", Scope.RECORD, List.of(of("/datas/data/0/0", MILLIS), of("/datas/data/0/1", POSITIVE),
                        of("/datas/data/0/2", POSITIVE), of("/datas/data/0/3", POSITIVE),
                        of("/datas/data/0/4", POSITIVE), of("/datas/data/0/5", NOT_NEGATIVE))));
    }

    @Override
    public String toString() {
        return channel;
    }
}
