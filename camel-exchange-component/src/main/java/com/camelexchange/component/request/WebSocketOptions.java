package com.camelexchange.component.request;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.component.ExchangeOperation;

/**
 * The options a signed producer with {@code tradeOver=WEBSOCKET} cannot have, refused when the endpoint is created:
 * the route fails to start instead of each message failing later. What a message itself asks for that the WebSocket
 * cannot carry (a customerOrderId, acctType or orderType in its body or headers) is refused by the client, per message,
 * before anything is sent.
 */
public final class WebSocketOptions {
    private WebSocketOptions() {
    }

    /**
     * In paper mode and a backtest the same options are refused: the paper exchange takes the WebSocket's frames as
     * the live one would (a connection on loopback, or in process in a backtest), so a paper run takes the road the
     * live run will take.
     *
     * @throws ExchangeValidationException naming the option that cannot go with it
     */
    public static void check(ExchangeOperation operation, ExchangeConfiguration config) {
        if (operation != ExchangeOperation.order) {
            return;
        }
        if (config.getAcctType() != null && config.getAcctType() != 0) {
            throw new ExchangeValidationException("option acctType", "the WebSocket's order carries none (spot only);"
                    + " with tradeOver=WEBSOCKET leave it unset or 0, or place margin orders over REST");
        }
        if (config.getOrderType() != null && OrderType.parse(config.getOrderType()) != OrderType.LIMIT) {
            throw new ExchangeValidationException("option orderType", "the WebSocket's order carries none (plain"
                    + " limit orders only); with tradeOver=WEBSOCKET leave it unset or limit, or place it over REST");
        }
    }
}
