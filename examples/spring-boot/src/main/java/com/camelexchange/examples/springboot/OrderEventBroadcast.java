package com.camelexchange.examples.springboot;

import com.camelexchange.client.model.OrderEvent;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import jakarta.servlet.AsyncContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The users listening to order events, each an open server-sent-events response ({@link EventStreamClient}),
 * and the route's way to reach them all: {@link #publish} queues one event for every listener and returns at
 * once. A listener that falls {@code example.order-events.client-queue} events behind (default 1024: several
 * polls of the orders consumer, whose one poll emits at most a few hundred) is disconnected and counted; the
 * route and the other listeners never wait for it. The queues hold the same frames (each event is turned into
 * text once), so a full queue costs a few KB of references. A listener gets the events that happen while it is connected; there is no replay (a browser's
 * {@code EventSource} reconnects by itself after a timeout or a dropped connection).
 */
@Component
public class OrderEventBroadcast implements MeterBinder {
    private static final Logger LOG = LoggerFactory.getLogger(OrderEventBroadcast.class);

    private final Set<EventStreamClient> listeners = ConcurrentHashMap.newKeySet();
    private final AtomicLong dropped = new AtomicLong();
    private final ObjectMapper json;
    private final int queueCapacity;

    public OrderEventBroadcast(ObjectMapper json, @Value("${example.order-events.client-queue:1024}") int queueCapacity) {
        this.json = json;
        this.queueCapacity = queueCapacity;
    }

    /** A new listener on an asynchronous {@code text/event-stream} response; removed when its response ends. */
    public void subscribe(AsyncContext response, String market) throws IOException {
        // A comment line: tells the client the stream is open before the first event.
        byte[] opening = (":order events of " + market + "\n\n").getBytes(StandardCharsets.UTF_8);
        listeners.add(EventStreamClient.start(response, queueCapacity, opening, listeners::remove));
    }

    /**
     * Queues the event for every listener: named after its type ({@code NEW}, {@code PARTIALLY_FILLED},
     * {@code FILLED}, {@code CANCELLED}), the {@link OrderEvent} as JSON in its data. Never waits for a listener.
     */
    public void publish(OrderEvent event) throws JsonProcessingException {
        byte[] frame = frame(event.type().name(), json.writeValueAsString(event));
        for (EventStreamClient listener : listeners) {
            if (!listener.offer(frame)) {
                dropped.incrementAndGet();
                LOG.info("An order-event listener fell {} events behind and is disconnected", queueCapacity);
                listener.end();
            }
        }
    }

    /**
     * Ends every open response when the application shuts down: the web server's graceful shutdown would
     * otherwise wait for these never-ending requests until its timeout.
     */
    @EventListener(ContextClosedEvent.class)
    public void closeAll() {
        listeners.forEach(EventStreamClient::end);
    }

    /** How many listeners are connected now. */
    public int listeners() {
        return listeners.size();
    }

    /** How many listeners were disconnected for falling behind. */
    public long dropped() {
        return dropped.get();
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("example.order.events.listeners", this, OrderEventBroadcast::listeners)
                .description("Clients connected to GET /api/orders/events").register(registry);
        FunctionCounter.builder("example.order.events.listeners.dropped", this, OrderEventBroadcast::dropped)
                .description("Clients of GET /api/orders/events disconnected for falling behind").register(registry);
    }

    /** One server-sent event; each line of the data its own {@code data:} line. */
    private static byte[] frame(String name, String data) {
        return ("event:" + name + "\ndata:" + data.replaceAll("\r\n|\r|\n", "\ndata:") + "\n\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
