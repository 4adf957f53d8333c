package com.camelexchange.client.internal;

import com.camelexchange.client.ClientResources;
import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.internal.feed.ReadProfile;
import com.camelexchange.client.internal.feed.SharedReads;
import com.camelexchange.client.internal.http.HttpTransport;
import com.camelexchange.client.internal.json.ExchangeJson;
import com.camelexchange.client.internal.stream.StreamSessions;

/**
 * How the client's own internal code reaches what its public {@link ClientResources} and {@link ExchangeClient} hold
 * (their streams, shared replies, transport), which their public methods do not show a program: the public classes
 * hand an {@link Access} over when they are first loaded. Not for use outside the client (a build rule keeps the
 * component's and the paper module's code out of every internal package); tests may look inside with it.
 */
public final class ClientInternals {
    /** What the public classes let the internal code reach. */
    public interface Access {
        StreamSessions streams(ClientResources resources);

        /** The streams when open; null before the first feed streamed. */
        StreamSessions streamsIfOpen(ClientResources resources);

        SharedReads sharedReads(ClientResources resources);

        HttpTransport transport(ClientResources resources);

        /** The connection pool when made; null before a road over HTTP asked for it. */
        HttpTransport transportIfMade(ClientResources resources);

        ExchangeJson json(ClientResources resources);

        ReadProfile readProfile(ExchangeClient client);

        com.camelexchange.client.internal.http.Credentials accountKeys(ExchangeClient client);
    }

    private static volatile Access access;

    private ClientInternals() {
    }

    /** Called once, by {@link ClientResources} as it is loaded. */
    public static void grant(Access granted) {
        if (access != null) {
            throw new IllegalStateException("The client's internals were granted already");
        }
        access = granted;
    }

    private static Access access() {
        Access granted = access;
        if (granted == null) {
            try {
                // Loading the public class grants the access.
                Class.forName(ClientResources.class.getName(), true, ClientResources.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            granted = access;
        }
        return granted;
    }

    /** The WebSocket sessions of {@code resources}, made with the first stream. */
    public static StreamSessions streams(ClientResources resources) {
        return access().streams(resources);
    }

    /** The WebSocket sessions of {@code resources}; null before the first stream. */
    public static StreamSessions streamsIfOpen(ClientResources resources) {
        return access().streamsIfOpen(resources);
    }

    /** The market-data replies the polled feeds of {@code resources}' clients share. */
    public static SharedReads sharedReads(ClientResources resources) {
        return access().sharedReads(resources);
    }

    /** The connection pool of {@code resources}, made with the first call. */
    public static HttpTransport transport(ClientResources resources) {
        return access().transport(resources);
    }

    /** The connection pool of {@code resources} when a road over HTTP made it; null before (a backtest never does). */
    public static HttpTransport transportIfMade(ClientResources resources) {
        return access().transportIfMade(resources);
    }

    /** The one reader of replies and pushes of {@code resources}. */
    public static ExchangeJson json(ClientResources resources) {
        return access().json(resources);
    }

    /**
     * The keys {@code client}'s account pushes are subscribed with; null for a client without keys, or whose signed
     * calls go elsewhere (paper trading).
     */
    public static com.camelexchange.client.internal.http.Credentials accountKeys(ExchangeClient client) {
        return access().accountKeys(client);
    }

    /** What makes {@code client}'s market-data reads the same as another's. */
    public static ReadProfile readProfile(ExchangeClient client) {
        return access().readProfile(client);
    }
}
