package com.camelexchange.client.internal.http;

import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.ExecChainHandler;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;

import java.io.IOException;

/**
 * Marks a call once its connection to the exchange is established, just before its request is written: placed in
 * the client's chain right after the step that leases and connects. A call that fails unmarked failed while
 * waiting for a connection, resolving the host, connecting or negotiating TLS, so its request never left: a write
 * that failed so did nothing. A marked one may have been sent, whatever happened next.
 */
final class ConnectedMark implements ExecChainHandler {
    /** The chain element's name. */
    static final String NAME = "camel-exchange-connected";
    private static final String ATTRIBUTE = ConnectedMark.class.getName();

    @Override
    public ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        scope.clientContext.setAttribute(ATTRIBUTE, Boolean.TRUE);
        return chain.proceed(request, scope);
    }

    /** Whether the call of {@code context} got as far as a connection, so that its request may have been sent. */
    static boolean reached(HttpClientContext context) {
        return context.getAttribute(ATTRIBUTE) != null;
    }
}
