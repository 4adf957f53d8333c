package com.camelexchange.client;

import com.camelexchange.client.internal.http.CallDeadline;
import com.camelexchange.client.internal.http.ClientSettings;
import com.camelexchange.client.internal.http.HttpTransport;
import com.camelexchange.client.internal.http.RetryPolicy;
import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.spi.MarketDataSource;
import com.camelexchange.client.budget.Held;
import com.camelexchange.client.internal.budget.RateLimits;
import com.camelexchange.client.error.ExchangeUnavailableException;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.json.ReplyProblems;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The market-data calls: limiter permit → bounded HTTP GET → status check → {@link ExchangeJson}, retried
 * by the {@link RetryPolicy} when a failure may pass. Parameters arrive checked.
 */
final class MarketDataClient implements MarketDataSource {
    private static final String DATA = "/data/v1/";

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final RateLimits limits;
    private final ExchangeJson json;
    private final RetryPolicy reads;
    private final Metrics metrics;
    /**
     * The last request's address, text and URI: an endpoint asks for the same address call after call (a ticker, a
     * book, a page of trades of its market), and parsing it into a URI again cost more than the rest of building it.
     */
    private volatile RequestUri last;

    MarketDataClient(ClientSettings settings, HttpTransport transport, RateLimits limits, ExchangeJson json,
                     RetryPolicy reads, Metrics metrics) {
        this.settings = settings;
        this.transport = transport;
        this.limits = limits;
        this.json = json;
        this.reads = reads;
        this.metrics = metrics;
    }

    @Override
    public Map<String, Market> markets() {
        return read("markets", query("markets"), json::markets);
    }

    /**
     * The reply carries no time: each ticker's date is when the reply arrived, by this process's clock, in whole
     * milliseconds as the exchange's times are.
     *
     * @param pairToMarket maps {@code btcusdt}-style keys to market names
     */
    @Override
    public Map<String, Ticker> allTicker(Map<String, String> pairToMarket) {
        return read("allTicker", query("allTicker"), body -> {
            Instant arrived = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            Map<String, Ticker> tickers = new LinkedHashMap<>();
            json.allTicker(body, pairToMarket).forEach((market, ticker) -> tickers.put(market, ticker.at(arrived)));
            return tickers;
        });
    }

    @Override
    public Ticker ticker(String market) {
        StringBuilder query = query("ticker");
        Urls.appendParameter(query, "market", market);
        return read("ticker", query, body -> json.ticker(market, body));
    }

    /** @param merge null for exact levels */
    @Override
    public Depth depth(String market, int size, BigDecimal merge) {
        StringBuilder query = query("depth");
        Urls.appendParameter(query, "market", market);
        Urls.appendParameter(query, "size", Integer.toString(size));
        if (merge != null) {
            Urls.appendParameter(query, "merge", merge.toPlainString());
        }
        return read("depth", query, body -> json.depth(market, body));
    }

    /** The 50 trades after {@code since}, or the latest 50 when it is null; in tid order. */
    @Override
    public List<Trade> trades(String market, Long since) {
        StringBuilder query = query("trades");
        Urls.appendParameter(query, "market", market);
        if (since != null) {
            Urls.appendParameter(query, "since", since.toString());
        }
        return read("trades", query, body -> json.trades(market, body));
    }

    /**
     * @param since null for the latest candles; otherwise candles from this open time (epoch ms)
     * @param size  at most this many candles (1..1000)
     */
    @Override
    public Kline kline(String market, KlineType type, Long since, int size) {
        StringBuilder query = query("kline");
        Urls.appendParameter(query, "market", market);
        Urls.appendParameter(query, "type", type.wireName());
        if (since != null) {
            Urls.appendParameter(query, "since", since.toString());
        }
        Urls.appendParameter(query, "size", Integer.toString(size));
        return read("kline", query, body -> json.kline(market, type, body));
    }

    private StringBuilder query(String operation) {
        return new StringBuilder(settings.baseUrl().length() + 64).append(settings.baseUrl()).append(DATA)
                .append(operation);
    }

    /** One read, retried by the policy within one {@code callTimeout}; each attempt is recorded as a call. */
    private <T> T read(String operation, CharSequence uri, Function<byte[], T> decode) {
        CallDeadline deadline = CallDeadline.in(settings.callTimeout());
        return reads.read(operation, deadline,
                () -> metrics.timed(operation, () -> decode.apply(get(operation, uri, deadline))));
    }

    private byte[] get(String operation, CharSequence uri, CallDeadline deadline) {
        CallTransport.Reply reply;
        Duration timeout = deadline.cap(settings.requestTimeout());
        try (Held permit = operation.equals("kline") ? limits.acquireKline(timeout, deadline.remaining())
                : limits.acquireMarketData(timeout, deadline.remaining())) {
            reply = transport.get(operation, requestUri(operation, uri), settings.userAgent(),
                    deadline.cap(settings.requestTimeout()), settings.maxReplySize());
        }
        if (reply.status() != 200) {
            throw new ExchangeUnavailableException(operation, reply.status(), ReplyProblems.snippet(reply.body()));
        }
        return reply.body();
    }

    /** The URI of {@code text}: the last request's when it is the same text, else parsed and kept as the last. */
    private URI requestUri(String operation, CharSequence text) {
        RequestUri known = last;
        if (known != null && known.text().contentEquals(text)) {
            return known.uri();
        }
        String whole = text.toString();
        URI uri = Urls.request(operation, whole);
        last = new RequestUri(whole, uri);
        return uri;
    }

    private record RequestUri(String text, URI uri) {
    }
}
