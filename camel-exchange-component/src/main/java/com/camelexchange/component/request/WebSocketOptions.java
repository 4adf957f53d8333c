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
     * @param paper whether signed calls go to the in-process paper exchange (paper mode or a backtest)
     * @throws ExchangeValidationException naming the option that cannot go with it
     */
    public static void check(ExchangeOperation operation, ExchangeConfiguration config, boolean paper) {
        if (paper) {
            // The paper exchange answers in the process, over no WebSocket: refused rather than quietly kept on REST,
            // so that a paper run never measures another road than the one the live run will take.
            throw new ExchangeValidationException("option tradeOver", "WEBSOCKET is not available in paper mode or"
                    + " a backtest, whose exchange runs in this process; set tradeOver=REST (the default) there");
        }
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
