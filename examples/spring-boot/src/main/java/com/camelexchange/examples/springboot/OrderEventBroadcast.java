package com.camelexchange.examples.springboot;

import com.camelexchange.component.model.OrderEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The users listening to order events, each an open server-sent-events response ({@link SseEmitter}), and
 * the route's way to reach them all: {@link #publish} sends one event to every listener. A listener gets the
 * events that happen while it is connected; there is no replay (a browser's {@code EventSource} reconnects by
 * itself after a timeout or a dropped connection).
 */
@Component
public class OrderEventBroadcast {
    private static final Logger LOG = LoggerFactory.getLogger(OrderEventBroadcast.class);
    /** How long one response stays open; the client then reconnects. */
    static final Duration TIMEOUT = Duration.ofMinutes(30);

    private final List<SseEmitter> listeners = new CopyOnWriteArrayList<>();

    /** A new listener, for a {@code text/event-stream} answer; removed when its response ends. */
    public SseEmitter subscribe(String market) {
        SseEmitter emitter = new SseEmitter(TIMEOUT.toMillis());
        emitter.onCompletion(() -> listeners.remove(emitter));
        emitter.onTimeout(() -> listeners.remove(emitter));
        emitter.onError(e -> listeners.remove(emitter));
        try {
            // A comment line: tells the client the stream is open before the first event.
            emitter.send(SseEmitter.event().comment("order events of " + market));
        } catch (IOException e) {
            emitter.completeWithError(e);
            return emitter;
        }
        listeners.add(emitter);
        return emitter;
    }

    /**
     * Sends the event to every listener: named after its type ({@code NEW}, {@code PARTIALLY_FILLED},
     * {@code FILLED}, {@code CANCELLED}), the {@link OrderEvent} as JSON in its data. A listener that cannot be
     * written to any more is dropped; the others still get the event.
     */
    public void publish(OrderEvent event) {
        for (SseEmitter listener : listeners) {
            try {
                listener.send(SseEmitter.event().name(event.type().name()).data(event, MediaType.APPLICATION_JSON));
            } catch (IOException | IllegalStateException gone) {
                LOG.debug("An order-event listener is gone: {}", gone.toString());
                listeners.remove(listener);
                listener.completeWithError(gone);
            }
        }
    }

    /**
     * Ends every open response when the application shuts down: the web server's graceful shutdown would
     * otherwise wait for these never-ending requests until its timeout.
     */
    @EventListener(ContextClosedEvent.class)
    public void closeAll() {
        for (SseEmitter listener : listeners) {
            listeners.remove(listener);
            listener.complete();
        }
    }

    /** How many listeners are connected now. */
    public int listeners() {
        return listeners.size();
    }
}
