package com.camelexchange.component.consumer;

import com.camelexchange.client.ExchangeRequest.GetKline;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.request.OrderEventsOptions;
import com.camelexchange.component.request.RequestResolver;
import com.camelexchange.component.request.WithdrawalEventsOptions;

import java.util.function.Supplier;

/**
 * Which data an endpoint's polling consumer polls, given what it needs from the endpoint's options: its request
 * resolved, its position store, where to read. Called when the consumer first starts, so a bad option fails the
 * route's start. A new polled operation is one class implementing {@link PolledData} and one line here.
 */
public final class PolledKinds {

    private PolledKinds() {
    }

    /** What a consumer of {@code endpoint} polls; null when its operation cannot be consumed by polling. */
    public static Supplier<PolledData> of(ExchangeEndpoint endpoint) {
        RequestResolver resolver = endpoint.resolver();
        ExchangeConfiguration conf = endpoint.getConfiguration();
        return switch (endpoint.getOperation()) {
            case markets -> PolledMarkets::new;
            case allTicker -> () -> new PolledAllTicker(conf.isSplitResult());
            case ticker -> () -> new PolledTicker(resolver.ticker(null), conf.isOnlyChanges());
            case depth -> () -> new PolledDepth(resolver.depth(null));
            case trades -> () -> {
                GetTrades request = resolver.trades(null);
                return new PolledTrades(request, conf.getMaxPagesPerPoll(),
                        PositionStore.of(endpoint, TradePages.stateKey(request.market())),
                        new TradeIdGuard(request.market(), endpoint.client().metrics()));
            };
            case kline -> () -> {
                GetKline request = resolver.kline(null);
                return new PolledKline(request, conf.getMaxPagesPerPoll(),
                        PositionStore.of(endpoint, CandlePages.stateKey(request)),
                        () -> endpoint.getComponent().getCandleClock().instant());
            };
            case orders -> () -> {
                OrderEventsOptions options = resolver.orderEvents();
                return new PolledOrderEvents(options, StateSlot.ofAccount(endpoint, PolledOrderEvents.stateKey(options)),
                        Reads.of(endpoint.client()));
            };
            case withdrawals -> () -> {
                WithdrawalEventsOptions options = resolver.withdrawalEvents();
                return new PolledWithdrawalEvents(options,
                        StateSlot.ofAccount(endpoint, PolledWithdrawalEvents.stateKey(options)), Reads.of(endpoint.client()));
            };
            default -> null;
        };
    }
}
