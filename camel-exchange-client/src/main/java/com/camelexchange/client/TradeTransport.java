package com.camelexchange.client;

/**
 * What carries a client's signed calls: REST (the default) or the exchange's WebSocket, one connection per client on
 * which many calls are in flight at once. Either way a call keeps the same deadline ({@code callTimeout}), rate
 * budget, typed errors and metrics, and a write is carried out at most once. Chosen per client
 * ({@link ExchangeClient.Builder#tradeOver}) or per call ({@link ExchangeClient#over}).
 *
 * <p>Over the WebSocket an order carries no {@code customerOrderId} (the exchange's frame has none): a reply lost to
 * a cut connection or the deadline is settled by looking the account's orders up over REST and recognising the order
 * by what it is, among those numbered above the newest order read just before it was sent; when that cannot be
 * established the order ends in {@link com.camelexchange.client.error.ExchangeOrderStateUnknownException}, never sent
 * again. The calls the WebSocket cannot express go over REST whatever is chosen: a batch of orders, and a look-up or
 * cancel by {@code customerOrderId}. The account's key permissions are not in the WebSocket's account reply: over
 * it, {@link com.camelexchange.client.model.AccountInfo}'s permission flags read false.
 */
public enum TradeTransport {
    /** One signed HTTP request per call. */
    REST,
    /** Signed frames on one WebSocket connection per client, replies matched by their {@code no}. */
    WEBSOCKET
}
