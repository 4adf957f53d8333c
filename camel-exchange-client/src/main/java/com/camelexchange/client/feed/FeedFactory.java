package com.camelexchange.client.feed;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.internal.feed.account.OrderEventsOptions;
import com.camelexchange.client.internal.feed.account.OrderPushes;
import com.camelexchange.client.internal.feed.account.PolledOrderEvents;
import com.camelexchange.client.internal.feed.account.PolledWithdrawalEvents;
import com.camelexchange.client.internal.feed.account.WithdrawalEventsOptions;
import com.camelexchange.client.internal.feed.PolledData;
import com.camelexchange.client.internal.feed.PushSource;
import com.camelexchange.client.internal.feed.Pushes;
import com.camelexchange.client.internal.feed.StreamAddresses;
import com.camelexchange.client.internal.feed.market.DepthPushes;
import com.camelexchange.client.internal.feed.market.KlinePushes;
import com.camelexchange.client.internal.feed.market.PolledAllTicker;
import com.camelexchange.client.internal.feed.market.PolledDepth;
import com.camelexchange.client.internal.feed.market.PolledKline;
import com.camelexchange.client.internal.feed.market.PolledMarkets;
import com.camelexchange.client.internal.feed.market.PolledTicker;
import com.camelexchange.client.internal.feed.market.PolledTrades;
import com.camelexchange.client.internal.feed.market.TickerPushes;
import com.camelexchange.client.internal.feed.market.TradePushes;
import com.camelexchange.client.internal.stream.StreamSessions;

import java.util.Locale;

/**
 * The one place where a description of data ({@link FeedSpec}) becomes a feed of it: polled ({@link PolledFeed}) or
 * streamed ({@link PushedFeed}). A program's {@link FeedBuilder} and the Camel component's consumers make their feeds
 * here, so both read and stream the same way. A new kind of data is one case in each switch: the compiler asks for
 * it.
 */
public final class FeedFactory {
    private FeedFactory() {
    }

    /**
     * A polled feed of {@code spec} for {@code client}.
     *
     * @param name names it in the log and the meters, e.g. {@code exchange-trades-btc_usdt}; see {@link #name}
     */
    public static PolledFeed polled(ExchangeClient client, FeedSpec spec, FeedHost host, String name) {
        return new PolledFeed(polledData(client, spec, host), client, host, name);
    }

    /**
     * A streamed feed of {@code spec} for {@code client}.
     *
     * @throws ExchangeValidationException for data the exchange does not push (withdrawal events, every market's
     *                                     ticker or configuration), and for order events of a client without keys
     *                                     for the exchange: poll them
     */
    public static PushedFeed pushed(ExchangeClient client, FeedSpec spec, FeedHost host, String name) {
        StreamSessions streams = ClientInternals.streams(client.resources());
        return new PushedFeed(pushes(client, spec, host, streams), streams, name);
    }

    /** The name a feed of {@code spec} has by default: {@code feed-trades-btc_usdt}, {@code feed-markets}. */
    public static String name(FeedSpec spec) {
        return "feed-" + spec.kind().name().toLowerCase(Locale.ROOT).replace('_', '-')
               + (spec.subject() == null ? "" : "-" + spec.subject());
    }

    private static PolledData polledData(ExchangeClient client, FeedSpec spec, FeedHost host) {
        return switch (spec.kind()) {
            case MARKETS -> new PolledMarkets();
            case ALL_TICKER -> new PolledAllTicker(spec.split());
            case TICKER -> new PolledTicker(new GetTicker(spec.subject()), spec.onlyChanges());
            case DEPTH -> new PolledDepth(depth(spec));
            case TRADES -> new PolledTrades(trades(spec), spec.maxPagesPerPoll(), client, host.positions(), spec.key());
            case KLINE -> new PolledKline(kline(spec), spec.maxPagesPerPoll(), host.positions(), spec.key(),
                    host.clock()::instant);
            case ORDERS -> new PolledOrderEvents(new OrderEventsOptions(spec.subject(), spec.pageSize(),
                    spec.maxPagesPerPoll(), spec.maxEventsPerPoll()), client, host.positions(), spec.key())
                    .clock(host.clock());
            case WITHDRAWALS -> new PolledWithdrawalEvents(new WithdrawalEventsOptions(spec.subject(), spec.pageSize(),
                    spec.maxPagesPerPoll(), spec.maxEventsPerPoll()), client, host.positions(), spec.key());
        };
    }

    private static Pushes pushes(ExchangeClient client, FeedSpec spec, FeedHost host, StreamSessions streams) {
        PushSource source = new PushSource(streams, StreamAddresses.main(host.streamFrom() != null ? host.streamFrom()
                : client.websocketUrl(), client.baseUrl()), host.pollDelay());
        return switch (spec.kind()) {
            case TICKER -> TickerPushes.of(spec.subject(), spec.onlyChanges(), client, source);
            case DEPTH -> DepthPushes.of(depth(spec), client, source);
            case TRADES -> TradePushes.of(trades(spec), spec.maxPagesPerPoll(), client, host.positions(), spec.key(),
                    source);
            case KLINE -> KlinePushes.of(kline(spec), spec.maxPagesPerPoll(), client, host.positions(), spec.key(),
                    host.clock(), source);
            case ORDERS -> orderPushes(client, spec, host, source);
            case MARKETS, ALL_TICKER, WITHDRAWALS -> throw new ExchangeValidationException("streaming",
                    "the exchange pushes no " + spec.kind().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + (spec.kind().positioned() ? " events" : "") + ": poll them");
        };
    }

    /** The account's order pushes, subscribed with the client's keys: a client without them polls. */
    private static Pushes orderPushes(ExchangeClient client, FeedSpec spec, FeedHost host, PushSource source) {
        Pushes pushes = OrderPushes.of(new OrderEventsOptions(spec.subject(), spec.pageSize(), spec.maxPagesPerPoll(),
                spec.maxEventsPerPoll()), client, host.positions(), spec.key(), host.clock(), source);
        if (pushes == null) {
            throw new ExchangeValidationException("streaming", "order events are pushed to the account whose keys"
                    + " subscribe them: this client has none for the exchange (no keys, or paper trading): poll them");
        }
        return pushes;
    }

    private static GetDepth depth(FeedSpec spec) {
        return new GetDepth(spec.subject(), spec.size(), spec.merge());
    }

    private static GetTrades trades(FeedSpec spec) {
        return new GetTrades(spec.subject(), spec.since());
    }

    private static GetKline kline(FeedSpec spec) {
        return new GetKline(spec.subject(), spec.klineType(), spec.since(), spec.size());
    }
}
