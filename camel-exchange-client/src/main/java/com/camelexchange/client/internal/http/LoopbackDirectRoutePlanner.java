package com.camelexchange.client.internal.http;

import org.apache.hc.client5.http.impl.routing.DefaultProxyRoutePlanner;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.protocol.HttpContext;

import java.util.Locale;
import java.util.Set;

/**
 * Sends requests through the configured proxy, except those for this machine's loopback addresses, which go direct
 * (as the JDK's default {@code http.nonProxyHosts} has it): the paper exchange listens on 127.0.0.1 in this very
 * process, and no proxy elsewhere could reach it, nor should a paper order's signed request travel through one.
 */
final class LoopbackDirectRoutePlanner extends DefaultProxyRoutePlanner {
    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    LoopbackDirectRoutePlanner(HttpHost proxy) {
        super(proxy);
    }

    @Override
    protected HttpHost determineProxy(HttpHost target, HttpContext context) throws HttpException {
        String host = target.getHostName().toLowerCase(Locale.ROOT);
        return LOOPBACK.contains(host) || host.startsWith("127.") ? null : super.determineProxy(target, context);
    }
}
