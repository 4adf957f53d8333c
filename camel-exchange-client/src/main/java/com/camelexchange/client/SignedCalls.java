package com.camelexchange.client;

import com.camelexchange.client.spi.SignedCallRedirect;
import com.camelexchange.client.error.ExchangeValidationException;

import java.util.function.Function;

/**
 * Where a client's signed calls go: the trading client of its own keys (none without keys), or that of a
 * {@link SignedCallRedirect}'s target, made at the first signed call and told of every market named.
 */
final class SignedCalls {
    private final TradingClient own;
    private final SignedCallRedirect redirect;
    private final Function<SignedCallRedirect.Target, TradingClient> toTarget;
    /** Guarded by this. */
    private TradingClient redirected;

    private SignedCalls(TradingClient own, SignedCallRedirect redirect,
                        Function<SignedCallRedirect.Target, TradingClient> toTarget) {
        this.own = own;
        this.redirect = redirect;
        this.toTarget = toTarget;
    }

    /** @param own null for a client without keys */
    static SignedCalls own(TradingClient own) {
        return new SignedCalls(own, null, null);
    }

    static SignedCalls redirected(SignedCallRedirect redirect,
                                  Function<SignedCallRedirect.Target, TradingClient> toTarget) {
        return new SignedCalls(null, redirect, toTarget);
    }

    /** These calls carried over {@code road}; a redirect has no WebSocket road and refuses it. */
    SignedCalls over(TradeTransport road) {
        if (redirect != null || own == null) {
            if (road == TradeTransport.WEBSOCKET) {
                throw new ExchangeValidationException("tradeOver", redirect != null
                        ? "WEBSOCKET is not available for signed calls redirected elsewhere (paper trading)"
                        : "WEBSOCKET carries signed calls, which need keys");
            }
            return this;
        }
        TradingClient carried = own.over(road);
        return carried == own ? this : new SignedCalls(carried, null, null);
    }

    /** What carries these calls. */
    TradeTransport transport() {
        return own != null ? own.transport() : TradeTransport.REST;
    }

    boolean isRedirected() {
        return redirect != null;
    }

    boolean hasKeys() {
        return own != null;
    }

    /** The client of a signed call naming {@code market} (null when it names none). */
    TradingClient client(String market) {
        if (redirect != null) {
            TradingClient target = target();
            if (market != null) {
                redirect.beforeCall(market);
            }
            return target;
        }
        if (own == null) {
            throw new ExchangeValidationException("options accessKey and secretKey", "signed operations need both");
        }
        return own;
    }

    private synchronized TradingClient target() {
        if (redirected == null) {
            redirected = toTarget.apply(redirect.target());
        }
        return redirected;
    }
}
