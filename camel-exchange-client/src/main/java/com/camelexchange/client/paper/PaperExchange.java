package com.camelexchange.client.paper;

import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.spi.InProcessFrames;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The in-process exchange that takes every signed call of a paper run's clients: an HTTP address on loopback and
 * keys of its own, which the clients sign with instead of the user's. It follows the live market of each
 * market it is asked about and fills orders against it.
 */
public interface PaperExchange extends AutoCloseable {

    /** Where signed calls go: {@code http://127.0.0.1:<port>}. */
    String tradeUrl();

    /**
     * How the signed calls reach this exchange when not over HTTP to {@link #tradeUrl()}: a road in process, on the
     * caller's thread, through the same signing, checks and replies (a backtest's, whose calls would otherwise each
     * wait on a loopback round trip). Null, the default, for HTTP.
     */
    default CallTransport signedCallTransport() {
        return null;
    }

    /**
     * How the signed calls a client carries over the WebSocket reach this exchange when not over a connection to
     * {@link #tradeUrl()}'s {@code /websocket}: frames answered in process, on the caller's thread, through the same
     * signing, checks and replies (a backtest's, as {@link #signedCallTransport()}). Null, the default, for a
     * connection.
     */
    default InProcessFrames signedFrames() {
        return null;
    }

    /** The paper account's access key. */
    String accessKey();

    /** The paper account's secret key: made for this run, never the user's. */
    String secretKey();

    /**
     * Called before every signed call naming a market: the first time, the exchange learns the market's book and
     * latest trades and starts following it, so that an order finds the live book. Returns when it has, or could
     * not (an order then finds no book and rests, which the fill model allows). The markets of an account kept from
     * an earlier run are followed from the start.
     */
    void beforeCall(String market);

    /**
     * Writes the run's report into {@code directory} (created when missing): a summary in text and a picture of
     * the equity curve and the fills over the price.
     *
     * @return the summary in one line
     */
    String report(Path directory) throws IOException;

    /** Saves the paper account (where {@link PaperSettings#keptIn} keeps it) and stops. */
    @Override
    void close();
}
