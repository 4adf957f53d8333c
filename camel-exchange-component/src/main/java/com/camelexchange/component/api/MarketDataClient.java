package com.camelexchange.component.api;

import com.camelexchange.component.model.Depth;
import com.camelexchange.component.model.Kline;
import com.camelexchange.component.model.KlineType;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.Ticker;
import com.camelexchange.component.model.Trade;

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The market-data API as Java calls: limiter permit → HTTP GET → status check → {@link ReplyDecoder},
 * retried by the {@link RetryPolicy} when a failure may pass.
 * Knows nothing of Camel. Cheap to create; the transport and limits it uses are shared.
 */
public final class ExchangeClient {
    private static final String DATA = "/data/v1/";

    private final ClientSettings settings;
    private final HttpTransport transport;
    private final RateLimits limits;
    private final ReplyDecoder decoder;
    private final RetryPolicy reads;

    public ExchangeClient(ClientSettings settings, HttpTransport transport, RateLimits limits, ReplyDecoder decoder,
                          RetryPolicy reads) {
        this.settings = settings;
        this.transport = transport;
        this.limits = limits;
        this.decoder = decoder;
        this.reads = reads;
    }

    public ClientSettings settings() {
        return settings;
    }

    public Map<String, Market> markets() {
        return reads.read(() -> {
            return decoder.markets(getData("markets"));
        });
    }

    /** @param pairToMarket maps {@code btcusdt}-style keys to market names */
    public Map<String, Ticker> allTicker(Map<String, String> pairToMarket) {
        return reads.read(() -> {
            return decoder.allTicker(getData("allTicker"), pairToMarket);
        });
    }

    public Ticker ticker(String market) {
        return reads.read(() -> {
            return decoder.ticker(market, getData("ticker", "market", market));
        });
    }

    /** @param merge null for exact levels */
    public Depth depth(String market, int size, BigDecimal merge) {
        return reads.read(() -> {
            return decoder.depth(market, merge == null
                    ? getData("depth", "market", market, "size", Integer.toString(size))
                    : getData("depth", "market", market, "size", Integer.toString(size), "merge",
                            merge.toPlainString()));
        });
    }

    /** The 50 trades after {@code since}, or the latest 50 when it is null; in tid order. */
    public List<Trade> trades(String market, Long since) {
        return reads.read(() -> {
            return decoder.trades(market, since == null
                    ? getData("trades", "market", market)
                    : getData("trades", "market", market, "since", Long.toString(since)));
        });
    }

    /**
     * @param since  null for the latest candles; otherwise candles from this open time (epoch ms)
     * @param size   at most this many candles (1..1000)
     */
    public Kline kline(String market, KlineType type, Long since, int size) {
        return reads.read(() -> {
            String body = since == null
                    ? getData("kline", "market", market, "type", type.wireName(), "size", Integer.toString(size))
                    : getData("kline", "market", market, "type", type.wireName(), "since", Long.toString(since),
                            "size", Integer.toString(size));
            return decoder.kline(market, type, body);
        });
    }

    private String getData(String operation, String... keyValues) {
        URI uri = URI.create(settings.baseUrl() + DATA + operation + query(keyValues));
        HttpTransport.Reply reply;
        try (Held permit = operation.equals("kline") ? limits.acquireKline() : limits.acquireMarketData()) {
            reply = transport.get(operation, uri, settings.userAgent(), settings.requestTimeout());
        }
        if (reply.status() != 200) {
            throw new ExchangeUnavailableException(operation, reply.status(), ReplyDecoder.snippet(reply.body()));
        }
        return reply.body();
    }

    /** {@code ?a=1&b=2} with values URL-encoded. */
    static String query(String... keyValues) {
        if (keyValues.length == 0) {
            return "";
        }
        StringBuilder q = new StringBuilder(64);
        for (int i = 0; i < keyValues.length; i += 2) {
            q.append(i == 0 ? '?' : '&').append(keyValues[i]).append('=')
                    .append(URLEncoder.encode(keyValues[i + 1], StandardCharsets.UTF_8));
        }
        return q.toString();
    }
}
