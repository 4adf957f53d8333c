/**
 * Paper trading and backtests, for a program on the client as for the component: {@link
 * com.camelexchange.client.paper.PaperRun} puts together what one run needs (the paper exchange that takes every
 * signed call, the live market it follows or the recording a backtest applies, the recorder), and configures a
 * client's builder so that its signed calls go to the paper exchange and, in a backtest, its market data comes from
 * the recording.
 *
 * <p>The paper exchange, the recorder and the backtest live in {@code com.camelexchange:camel-exchange-paper}, found
 * with {@link java.util.ServiceLoader} through {@link com.camelexchange.client.paper.PaperProvider} only when a run
 * needs them: this package holds the interfaces and values they speak, of the client's own models only.
 */
package com.camelexchange.client.paper;
