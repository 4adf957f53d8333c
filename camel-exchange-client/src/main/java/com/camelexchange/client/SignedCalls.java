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
    /** What carries redirected calls; the target's client is made once, by {@link #base}, whatever carries them. */
    private final TradeTransport road;
    /** The calls whose target's client this shares: itself, or the redirected calls it is a view of. */
    private final SignedCalls base;
    /** Guarded by this. */
    private TradingClient redirected;

    private SignedCalls(TradingClient own, SignedCallRedirect redirect,
                        Function<SignedCallRedirect.Target, TradingClient> toTarget, TradeTransport road,
                        SignedCalls base) {
        this.own = own;
        this.redirect = redirect;
        this.toTarget = toTarget;
        this.road = road;
        this.base = base == null ? this : base;
    }

    /** @param own null for a client without keys */
    static SignedCalls own(TradingClient own) {
        return new SignedCalls(own, null, null, TradeTransport.REST, null);
    }

    static SignedCalls redirected(SignedCallRedirect redirect,
                                  Function<SignedCallRedirect.Target, TradingClient> toTarget) {
        return new SignedCalls(null, redirect, toTarget, TradeTransport.REST, null);
    }

    /**
     * These calls carried over {@code road}. Redirected calls (paper trading) go over the target's WebSocket road:
     * its own connection, or its frames in process ({@link SignedCallRedirect.Target#frames()}).
     */
    SignedCalls over(TradeTransport road) {
        if (redirect != null) {
            return road == this.road ? this : new SignedCalls(null, redirect, toTarget, road, base);
        }
        if (own == null) {
            if (road == TradeTransport.WEBSOCKET) {
                throw new ExchangeValidationException("tradeOver", "WEBSOCKET carries signed calls, which need keys");
            }
            return this;
        }
        TradingClient carried = own.over(road);
        return carried == own ? this : new SignedCalls(carried, null, null, road, null);
    }

    /** What carries these calls. */
    TradeTransport transport() {
        return own != null ? own.transport() : road;
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
            TradingClient target = base.target().over(road);
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
