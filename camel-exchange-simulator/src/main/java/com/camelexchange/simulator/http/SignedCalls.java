package com.camelexchange.simulator.http;

import com.camelexchange.simulator.account.ApiKey;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.ExchangeError;
import com.camelexchange.simulator.engine.SimulatedExchange;

import java.time.Clock;

/**
 * The checks a signed call meets before the engine sees it, over HTTP, in process or on the WebSocket: IP limit →
 * method → key → signature → time → key/user limit → parameters → permission. One instance serves every interface,
 * so a key has one budget however it calls.
 */
final class SignedCalls {
    private final SimulatedExchange exchange;
    private final RequestLimits limits;
    private final Clock clock;

    SignedCalls(SimulatedExchange exchange, RequestLimits limits, Clock clock) {
        this.exchange = exchange;
        this.limits = limits;
        this.clock = clock;
    }

    /** The key of an admitted call; an {@link ExchangeError} with the service's code for a refused one. */
    ApiKey admit(SignedRequest request, String ip) {
        long now = clock.millis();
        if (!limits.admitIp(ip, now)) {
            throw new ExchangeError(ExchangeError.API_LOCKED, "API locked: too many requests from this IP");
        }
        request.checkMethod();
        ApiKey key = exchange.key(request.accessKey());
        if (key == null) {
            throw new ExchangeError(ExchangeError.UNKNOWN_USER, "User does not exist");
        }
        if (!request.signedWith(key.hmacKey())) {
            throw new ExchangeError(ExchangeError.SIGNATURE, "Verification failed");
        }
        if (!request.fresh(now)) {
            throw new ExchangeError(ExchangeError.REQUEST_EXPIRED, "Request time expired");
        }
        String scope = exchange.variant().hasVariantAFeatures()
                ? "key:" + key.accessKey() : "user:" + key.user().id();
        if (!limits.admitScope(scope, now)) {
            throw new ExchangeError(ExchangeError.TOO_FREQUENT, "Requests too frequent");
        }
        String unknown = request.unknownParameter();
        if (unknown != null) {
            throw ExchangeError.invalidArguments("unknown parameter " + Echo.quoted(unknown));
        }
        if (!key.has(request.permission())) {
            throw new ExchangeError(ExchangeError.NO_PERMISSION,
                    "Insufficient permissions: " + request.permission().flag());
        }
        return key;
    }
}
