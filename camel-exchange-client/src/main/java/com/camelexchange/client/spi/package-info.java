/**
 * Where a client's signed calls and market-data reads go when not to the exchange its settings name: the hooks a
 * paper exchange and a backtest plug into ({@link com.camelexchange.client.ExchangeClient.Builder#signedCallsTo},
 * {@link com.camelexchange.client.ExchangeClient.Builder#marketDataFrom}). A program rarely implements them itself:
 * {@link com.camelexchange.client.paper.PaperRun} sets a client up with them.
 */
package com.camelexchange.client.spi;
