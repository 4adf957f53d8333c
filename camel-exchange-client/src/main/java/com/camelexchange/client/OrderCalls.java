package com.camelexchange.client;

import com.camelexchange.client.internal.MarketDirectory;
import com.camelexchange.client.ExchangeRequest.CancelOrder;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetOrders;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetUnfinishedOrders;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.SentOrders;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A client's order requests, signed: the market named is checked before anything is sent, an order is fitted to
 * its market's scales and minimums just before it is placed, and how each placement ended (placed, recovered by a
 * look-up, unknown) is recorded in the client's metrics.
 */
final class OrderCalls {
    private final SignedCalls signed;
    private final MarketDirectory directory;
    private final Supplier<Map<String, Market>> fetchMarkets;
    private final ApiVariant variant;
    private final Metrics metrics;

    OrderCalls(SignedCalls signed, MarketDirectory directory, Supplier<Map<String, Market>> fetchMarkets,
               ApiVariant variant, Metrics metrics) {
        this.signed = signed;
        this.directory = directory;
        this.fetchMarkets = fetchMarkets;
        this.variant = variant;
        this.metrics = metrics;
    }

    /** Fits the order to its market (scales, minimums) and places it at most once. */
    PlacedOrder placeOrder(PlaceOrder request) {
        OrderRequest order = request.order();
        Market market = directory.spec(fetchMarkets, order.market(), request.origins().market());
        BigDecimal price = MarketRules.price(request.origins().price(), order.price(), market, request.roundDown());
        BigDecimal amount = MarketRules.amount(request.origins().amount(), order.amount(), price, market,
                request.roundDown(), variant);
        TradingClient trading = signed.client(order.market());
        try {
            PlacedOrder placed = trading.placeOrder(new OrderRequest(order.market(), order.side(), price, amount,
                    order.acctType(), order.customerOrderId(), order.orderType()));
            metrics.orders("order", placed.recovered() ? "recovered" : "placed", 1);
            return placed;
        } catch (ExchangeOrderStateUnknownException e) {
            metrics.orders("order", "unknown", 1);
            throw e;
        }
    }

    List<String> placeOrders(PlaceOrders request) {
        return placeBatch(request).ids();
    }

    /** Fits each pair to the market and places the batch at most once. */
    PlacedBatch placeBatch(PlaceOrders request) {
        Market market = directory.spec(fetchMarkets, request.market(), "market");
        List<PriceAmount> fitted = new ArrayList<>(request.pairs().size());
        for (int i = 0; i < request.pairs().size(); i++) {
            PriceAmount pair = request.pairs().get(i);
            String source = "body pair " + (i + 1);
            BigDecimal price = MarketRules.price(source + " price", pair.price(), market, request.roundDown());
            fitted.add(new PriceAmount(price, MarketRules.amount(source + " amount", pair.amount(), price, market,
                    request.roundDown(), variant)));
        }
        TradingClient trading = signed.client(market.name());
        try {
            PlacedBatch placed = trading.placeOrders(market.name(), request.side(), request.acctType(), fitted);
            metrics.orders("orderMoreV2", placed.recovered() ? "recovered" : "placed", placed.ids().size());
            return placed;
        } catch (ExchangeOrderStateUnknownException e) {
            metrics.orders("orderMoreV2", "unknown", fitted.size());
            throw e;
        }
    }

    /** See {@link ExchangeClient#findSentOrders}. */
    List<String> findSentOrders(SentOrders sent) {
        List<String> ids = signed.client(sent.market()).findSent(sent);
        metrics.orders(sent.operation(), "recovered", ids.size());
        return ids;
    }

    void cancelOrder(CancelOrder request) {
        directory.requireKnown(fetchMarkets, request.market());
        signed.client(request.market()).cancelOrder(request.market(), request.order().id(),
                request.order().customerOrderId());
    }

    Order getOrder(GetOrder request) {
        directory.requireKnown(fetchMarkets, request.market());
        return signed.client(request.market()).getOrder(request.market(), request.order().id(),
                request.order().customerOrderId());
    }

    List<Order> getOrders(GetOrders request) {
        directory.requireKnown(fetchMarkets, request.market());
        return signed.client(request.market()).getOrders(request.market(), request.side(), request.pageIndex());
    }

    List<Order> getOrdersIgnoreTradeType(GetOrdersIgnoreTradeType request) {
        directory.requireKnown(fetchMarkets, request.market());
        return signed.client(request.market()).getOrdersIgnoreTradeType(request.market(), request.pageIndex(),
                request.pageSize());
    }

    List<Order> getUnfinishedOrders(GetUnfinishedOrders request) {
        directory.requireKnown(fetchMarkets, request.market());
        return signed.client(request.market()).getUnfinishedOrders(request.market(), request.pageIndex(),
                request.pageSize());
    }
}
