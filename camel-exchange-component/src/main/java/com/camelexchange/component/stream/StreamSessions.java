package com.camelexchange.component.stream;

import com.camelexchange.component.api.wire.PushFrames;
import com.camelexchange.component.api.Metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;

/** The WebSocket sessions of one component: one per address, created when a consumer first asks for it. */
public final class StreamSessions {
    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final StreamSettings settings;
    private final PushFrames frames;
    private final Map<String, StreamSession> sessions = new ConcurrentHashMap<>();
    private final Metrics metrics;
    private final List<Metrics.Registration> registrations = new CopyOnWriteArrayList<>();

    public StreamSessions(HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                          PushFrames frames) {
        this(http, scheduler, settings, frames, Metrics.NONE);
    }

    /** @param metrics follows each session's reconnects and connection */
    public StreamSessions(HttpClient http, ScheduledExecutorService scheduler, StreamSettings settings,
                          PushFrames frames, Metrics metrics) {
        this.http = http;
        this.scheduler = scheduler;
        this.settings = settings;
        this.frames = frames;
        this.metrics = metrics;
    }

    /** The session of an address, e.g. {@code wss://api.example.com/websocket}. */
    public StreamSession session(String address) {
        return sessions.computeIfAbsent(address, a -> {
            StreamSession session = new StreamSession(URI.create(a), http, scheduler, settings, frames, metrics);
            registrations.add(metrics.stream(session));
            return session;
        });
    }

    /** Every session opened so far. */
    public List<StreamSession> all() {
        return List.copyOf(sessions.values());
    }

    public PushFrames frames() {
        return frames;
    }

    public void close() {
        sessions.values().forEach(StreamSession::close);
        sessions.clear();
        registrations.forEach(Metrics.Registration::close);
        registrations.clear();
    }
}
