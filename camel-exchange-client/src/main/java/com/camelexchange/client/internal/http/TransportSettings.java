package com.camelexchange.client.internal.http;

import java.time.Duration;
import javax.net.ssl.SSLContext;

/**
 * The connection pool shared by every endpoint of a component.
 *
 * @param proxyHost      null for direct connections
 * @param sslContext     null for the JVM default
 * @param maxConnections size of the keep-alive pool
 */
public record TransportSettings(Duration connectTimeout, String proxyHost, int proxyPort, SSLContext sslContext,
                                int maxConnections) {
}
