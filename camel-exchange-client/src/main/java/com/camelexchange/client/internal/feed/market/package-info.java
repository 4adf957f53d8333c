/**
 * The market data as feeds, polled and pushed: trades (each once in tid order; an id the exchange does not stand by
 * refused), closed K-line candles, books, tickers, the markets. Each kind is built from plain values: its request, its
 * options, the client, its positions and, pushed, where its pushes come from.
 */
package com.camelexchange.client.internal.feed.market;
