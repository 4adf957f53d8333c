package com.camelexchange.component.producer;

import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeEndpoint;
import com.camelexchange.component.ExchangeOperation;
import com.camelexchange.component.TradingParameters;
import com.camelexchange.component.api.TradingClient;
import com.camelexchange.component.model.Market;
import com.camelexchange.component.model.OrderRequest;
import com.camelexchange.component.model.PlacedOrder;
import org.apache.camel.Message;

/**
 * Performs the signed operations: parameters are read and checked by {@link TradingParameters}, the call
 * goes through the endpoint's {@link TradingClient}, the typed reply becomes the body.
 */
final class TradingOperations {
    private final ExchangeEndpoint endpoint;

    TradingOperations(ExchangeEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    void perform(ExchangeOperation operation, Message message) {
        TradingParameters params = endpoint.tradingParameters();
        TradingClient client = endpoint.tradingClient();
        switch (operation) {
            case order -> {
                OrderRequest request = params.order(message);
                PlacedOrder placed = client.placeOrder(request);
                message.setHeader(ExchangeConstants.ORDER_ID, placed.id());
                message.setHeader(ExchangeConstants.ORDER_RECOVERED, placed.recovered());
                message.setBody(placed);
            }
            case orderMoreV2 -> {
                Market market = params.batchMarket(message);
                var pairs = params.batch(message, market);
                message.setBody(client.placeOrders(market.name(), params.side(message, null), params.acctType(message),
                        pairs));
            }
            case cancelOrder -> {
                String market = params.market(message);
                TradingParameters.OrderRef ref = params.orderRef(message);
                client.cancelOrder(market, ref.id(), ref.customerOrderId());
                message.setBody(ref.id() != null ? ref.id().toString() : ref.customerOrderId());
            }
            case getOrder -> {
                String market = params.market(message);
                TradingParameters.OrderRef ref = params.orderRef(message);
                message.setBody(client.getOrder(market, ref.id(), ref.customerOrderId()));
            }
            case getOrders -> message.setBody(client.getOrders(params.market(message), params.side(message, null),
                    params.pageIndex(message)));
            case getOrdersIgnoreTradeType -> message.setBody(client.getOrdersIgnoreTradeType(params.market(message),
                    params.pageIndex(message), params.pageSize(message)));
            case getUnfinishedOrdersIgnoreTradeType -> message.setBody(client.getUnfinishedOrders(
                    params.market(message), params.pageIndex(message), params.pageSize(message)));
            case getAccountInfo -> message.setBody(client.getAccountInfo());
            case getUserAddress -> message.setBody(client.getUserAddress(params.coin(message)));
            case getWithdrawAddress -> message.setBody(client.getWithdrawAddress(params.coin(message)));
            case getWithdrawRecord -> message.setBody(client.getWithdrawRecord(params.coin(message),
                    params.pageIndex(message), params.pageSize(message)));
            default -> throw new IllegalStateException("Not a signed operation: " + operation);
        }
    }
}
