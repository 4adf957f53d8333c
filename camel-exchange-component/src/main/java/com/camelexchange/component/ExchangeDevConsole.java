package com.camelexchange.component;

import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.ClientResources;
import com.camelexchange.client.StreamStatus;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.client.feed.FeedPosition;
import com.camelexchange.client.feed.PolledFeed;
import com.camelexchange.client.metrics.Metrics;
import com.camelexchange.component.consumer.HealthReporting;
import com.camelexchange.component.consumer.PolledConsumer;
import com.camelexchange.component.consumer.PushedConsumer;
import com.camelexchange.component.consumer.StatefulConsumer;
import com.camelexchange.component.metrics.ObservedRateBudgets;
import org.apache.camel.Component;
import org.apache.camel.Consumer;
import org.apache.camel.DelegateEndpoint;
import org.apache.camel.Endpoint;
import org.apache.camel.Route;
import org.apache.camel.StatefulService;
import org.apache.camel.spi.annotations.DevConsole;
import org.apache.camel.support.console.AbstractDevConsole;
import org.apache.camel.util.json.JsonArray;
import org.apache.camel.util.json.JsonObject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code exchange} dev console: for each exchange component of the context, its rate budgets and the permits
 * in use, the age of its market lists, where its consumers stand and how they are doing (their health check's
 * state, message and details; those behind {@code master:} too, with whether their consumer runs on this instance)
 * and the state of its WebSocket streams. It shows no key: a key's rate budget is named by a
 * hash of the key, as the budgets themselves are.
 */
@DevConsole(name = "exchange", displayName = "Exchange",
            description = "Rate budgets, market lists, consumer positions and health, and streams of the exchange component")
public class ExchangeDevConsole extends AbstractDevConsole {
    /** The longest committed state shown (the orders and withdrawals consumers keep theirs as JSON). */
    static final int MAX_STATE = 200;

    public ExchangeDevConsole() {
        super("camel", "exchange", "Exchange",
                "Rate budgets, market lists, consumer positions and health, and streams of the exchange component");
    }

    @Override
    protected String doCallText(Map<String, Object> options) {
        StringBuilder text = new StringBuilder();
        components().forEach((name, component) -> {
            Metrics metrics = component.shared().metricsIfResolved();
            text.append(String.format("Component %s (metrics: %s)%n", name,
                    metrics == null ? "not looked up yet" : metrics.describe()));
            text.append("  Rate budgets:").append(component.isClientRateLimits() ? "" : " off (clientRateLimits=false)")
                    .append('\n');
            for (ObservedRateBudgets.Budget budget : component.shared().budgetsInUse()) {
                int inUse = budget.inUse();
                text.append(String.format("    %s (%s): %s of %d per %s in use%n", budget.id(), budget.label(),
                        inUse < 0 ? "?" : Integer.toString(inUse), budget.permits(), print(budget.window())));
            }
            text.append("  Market lists:\n");
            ClientResources resources = component.shared().clientIfMade();
            marketLists(resources).forEach((address, list) -> text.append(String.format("    %s: %s%n", address,
                    list.age() == null ? "not fetched yet" : list.markets() + " markets, fetched " + print(list.age())
                            + " ago (kept " + print(ClientResources.marketListTimeToLive()) + ")")));
            ClientResources.ReadSharing reads = readSharing(resources);
            text.append(String.format("  Polling: %d thread(s); %d request(s) sent, %d read(s) answered by a shared"
                                      + " reply%n", component.getPollThreads(), reads.fetched(), reads.shared()));
            text.append("  Consumers:\n");
            for (JsonObject consumer : consumers(component)) {
                text.append(String.format("    route %s: %s%s, %s", consumer.get("routeId"), consumer.get("operation"),
                        consumer.get("subject") == null ? "" : " " + consumer.get("subject"),
                        Boolean.TRUE.equals(consumer.get("streaming")) ? "streaming" : "polling"));
                if (consumer.containsKey("wrappedBy")) {
                    text.append(", behind ").append(consumer.get("wrappedBy")).append(':')
                            .append(Boolean.TRUE.equals(consumer.get("consuming")) ? " consuming here"
                                    : " not consuming here");
                }
                if (consumer.containsKey("stateKey")) {
                    text.append(String.format(", key %s in %s, position %s", consumer.get("stateKey"),
                            Boolean.TRUE.equals(consumer.get("stateRepository")) ? "the state repository" : "memory",
                            consumer.get("position") == null ? "none yet" : consumer.get("position")));
                }
                if (consumer.get("refusedTradeIds") instanceof Long refused && refused > 0) {
                    text.append(", ").append(consumer.get("refusedTradeIds")).append(" trade id(s) refused");
                }
                text.append(String.format(" (%s)", consumer.get("status")));
                if (consumer.containsKey("health")) {
                    text.append(", health ").append(consumer.get("health"));
                    if (consumer.get("healthMessage") != null) {
                        text.append(": ").append(consumer.get("healthMessage"));
                    }
                }
                text.append(System.lineSeparator());
            }
            text.append("  Streams:").append(streamWork(component, resources)).append('\n');
            for (StreamStatus session : streams(resources)) {
                text.append(String.format("    %s: %s, %d reconnect(s), %d unreadable frame(s)%n", session.address(),
                        session.connected() ? "connected" : "not connected", session.reconnects(),
                        session.undecodableFrames()));
                for (ChannelStatus channel : session.channels()) {
                    text.append(String.format("      %s: %s, last frame %s, silent %s (allowed %s)%s, %d unreadable,"
                                              + " %d silence(s), %d resubscribe(s)%n", channel.channel(),
                            channel.subscribed() ? "subscribed" : "not subscribed",
                            channel.lastFrameAt() == null ? "none yet" : channel.lastFrameAt().toString(),
                            print(channel.silentFor()), print(channel.allowedSilence()),
                            channel.silent() ? " SILENT" : "", channel.undecodable(), channel.silences(),
                            channel.resubscribes()));
                }
            }
        });
        return text.toString();
    }

    @Override
    protected Map<String, Object> doCallJson(Map<String, Object> options) {
        JsonObject root = new JsonObject();
        JsonArray list = new JsonArray();
        root.put("components", list);
        components().forEach((name, component) -> {
            JsonObject jo = new JsonObject();
            list.add(jo);
            jo.put("name", name);
            Metrics metrics = component.shared().metricsIfResolved();
            jo.put("metrics", metrics == null ? null : metrics.describe());
            jo.put("clientRateLimits", component.isClientRateLimits());
            JsonArray budgets = new JsonArray();
            for (ObservedRateBudgets.Budget budget : component.shared().budgetsInUse()) {
                JsonObject bo = new JsonObject();
                bo.put("id", budget.id());
                bo.put("label", budget.label());
                bo.put("permits", budget.permits());
                bo.put("windowMillis", budget.window().toMillis());
                bo.put("inUse", budget.inUse());
                budgets.add(bo);
            }
            jo.put("rateBudgets", budgets);
            JsonArray markets = new JsonArray();
            ClientResources resources = component.shared().clientIfMade();
            marketLists(resources).forEach((address, marketList) -> {
                JsonObject mo = new JsonObject();
                mo.put("address", address);
                mo.put("markets", marketList.markets());
                if (marketList.age() != null) {
                    mo.put("ageMillis", marketList.age().toMillis());
                }
                mo.put("timeToLiveMillis", ClientResources.marketListTimeToLive().toMillis());
                markets.add(mo);
            });
            jo.put("marketLists", markets);
            jo.put("pollThreads", component.getPollThreads());
            ClientResources.ReadSharing reads = readSharing(resources);
            jo.put("sharedReads", new JsonObject(Map.of("fetched", reads.fetched(), "shared", reads.shared(),
                    "kept", reads.kept())));
            JsonArray consumers = new JsonArray();
            consumers.addAll(consumers(component));
            jo.put("consumers", consumers);
            JsonArray streams = new JsonArray();
            for (StreamStatus session : streams(resources)) {
                JsonObject so = new JsonObject();
                so.put("address", session.address().toString());
                so.put("connected", session.connected());
                so.put("reconnects", session.reconnects());
                so.put("undecodableFrames", session.undecodableFrames());
                so.put("channels", new JsonArray(session.channels().stream().map(ChannelStatus::channel).toList()));
                JsonArray statuses = new JsonArray();
                for (ChannelStatus channel : session.channels()) {
                    JsonObject cs = new JsonObject();
                    cs.put("channel", channel.channel());
                    cs.put("subscribed", channel.subscribed());
                    cs.put("lastFrameAt", channel.lastFrameAt() == null ? null : channel.lastFrameAt().toString());
                    cs.put("silentForMillis", channel.silentFor().toMillis());
                    cs.put("allowedSilenceMillis", channel.allowedSilence().toMillis());
                    cs.put("silent", channel.silent());
                    cs.put("undecodable", channel.undecodable());
                    cs.put("silences", channel.silences());
                    cs.put("resubscribes", channel.resubscribes());
                    statuses.add(cs);
                }
                so.put("channelStatus", statuses);
                streams.add(so);
            }
            jo.put("streams", streams);
            if (resources != null) {
                resources.catchUps().ifPresent(turns -> {
                    JsonObject catchUps = new JsonObject();
                    catchUps.put("slots", turns.slots());
                    catchUps.put("inUse", turns.inUse());
                    catchUps.put("waiting", turns.waiting());
                    jo.put("streamThreads", component.getStreamThreads());
                    jo.put("streamCatchUps", catchUps);
                });
            }
        });
        return root;
    }

    /** The exchange components of the context, by name; none is created here. */
    private Map<String, ExchangeComponent> components() {
        Map<String, ExchangeComponent> found = new TreeMap<>();
        for (String name : getCamelContext().getComponentNames()) {
            Component component = getCamelContext().hasComponent(name);
            if (component instanceof ExchangeComponent exchange) {
                found.put(name, exchange);
            }
        }
        return found;
    }

    /**
     * The consumers of routes reading from an endpoint of {@code component}, directly or through an endpoint that
     * wraps it ({@code master:}): what they read, where they stand and, behind {@code master:}, whether their
     * consumer runs here.
     */
    private List<JsonObject> consumers(ExchangeComponent component) {
        List<JsonObject> found = new ArrayList<>();
        for (Route route : getCamelContext().getRoutes()) {
            Consumer consumer = route.getConsumer();
            ExchangeEndpoint endpoint = consumer == null ? null : unwrap(consumer.getEndpoint());
            if (endpoint == null || endpoint.getComponent() != component) {
                continue;
            }
            ExchangeConfiguration conf = endpoint.getConfiguration();
            JsonObject co = new JsonObject();
            co.put("routeId", route.getRouteId());
            co.put("operation", endpoint.getOperation().name());
            co.put("subject", endpoint.getOperation().needsMarket() ? conf.getMarket() : conf.getCoin());
            co.put("streaming", conf.isStreaming());
            co.put("status", consumer instanceof StatefulService service
                    ? service.getStatus().name() : "unknown");
            Consumer reading = consumer;
            if (consumer.getEndpoint() != endpoint) {
                // Only the scheme: the wrapped URI may carry a key.
                String wrapper = consumer.getEndpoint().getEndpointUri();
                co.put("wrappedBy", wrapper.substring(0, Math.max(0, wrapper.indexOf(':'))));
                // Behind master: the wrapper starts the exchange consumer only while this instance leads, so
                // a running one is what leading means here, without asking camel-master (no dependency of ours).
                reading = delegate(endpoint, consumer);
                co.put("consuming", reading != null);
            }
            PolledFeed polledFeed = reading instanceof PolledConsumer polling ? polling.feed() : null;
            if (polledFeed != null && polledFeed.refusesTradeIds()) {
                co.put("refusedTradeIds", polledFeed.refusedTradeIds());
            } else if (reading instanceof PushedConsumer streaming && streaming.refusesTradeIds()) {
                co.put("refusedTradeIds", streaming.refusedTradeIds());
            }
            if (reading instanceof HealthReporting reporting) {
                ConsumerHealth.Report health = reporting.healthReport();
                co.put("health", health.state().name());
                co.put("healthMessage", health.message());
                co.put("healthDetails", new JsonObject(health.details()));
            }
            if (reading instanceof StatefulConsumer stateful) {
                FeedPosition state = stateful.state();
                if (state != null) {
                    co.put("stateKey", state.key());
                    co.put("stateRepository", state.durable());
                    co.put("position", state.value() == null ? null : cut(state.value()));
                }
            }
            found.add(co);
        }
        return found;
    }

    /** The exchange endpoint that {@code endpoint} is or wraps ({@code master:} wraps one), or null. */
    private static ExchangeEndpoint unwrap(Endpoint endpoint) {
        Endpoint current = endpoint;
        // A few levels at most: a wrapper that answers itself must not loop.
        for (int depth = 0; depth < 5 && current instanceof DelegateEndpoint wrapper
                            && !(current instanceof ExchangeEndpoint); depth++) {
            current = wrapper.getEndpoint();
        }
        return current instanceof ExchangeEndpoint exchange ? exchange : null;
    }

    /**
     * The consumer that a wrapping consumer (camel-master's, once it leads) runs on {@code endpoint}: the one
     * running there with the route's processor, which the wrapper hands on. Null while it runs none.
     */
    private static Consumer delegate(ExchangeEndpoint endpoint, Consumer wrapper) {
        for (Consumer running : endpoint.runningConsumers()) {
            if (running.getProcessor() == wrapper.getProcessor()) {
                return running;
            }
        }
        return null;
    }

    /** The market list of each address, by address; none before the first endpoint needed a client. */
    private static Map<String, ClientResources.MarketListStatus> marketLists(ClientResources resources) {
        return resources == null ? Map.of() : resources.marketLists();
    }

    private static ClientResources.ReadSharing readSharing(ClientResources resources) {
        return resources == null ? new ClientResources.ReadSharing(0, 0, 0) : resources.readSharing();
    }

    /** The WebSocket sessions, by address; none before the first streaming consumer. */
    private static List<StreamStatus> streams(ClientResources resources) {
        return resources == null ? List.of() : resources.streamStatus();
    }

    /** The shared work of the streaming consumers: its threads and the turns at catching up over REST. */
    private static String streamWork(ExchangeComponent component, ClientResources resources) {
        if (resources == null) {
            return "";
        }
        return resources.catchUps().map(turns -> String.format(" %d thread(s); catch-ups over REST %d of %d at once,"
                + " %d waiting", component.getStreamThreads(), turns.inUse(), turns.slots(), turns.waiting()))
                .orElse("");
    }

    private static String cut(String value) {
        return value.length() <= MAX_STATE ? value : value.substring(0, MAX_STATE) + "... (" + value.length() + " chars)";
    }

    /** {@code 250ms}, {@code 1s}, {@code 2m5s}, {@code 30m}, {@code 1h}. */
    static String print(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        long seconds = duration.toSeconds();
        if (seconds < 60) {
            return seconds + "s";
        }
        long minutes = duration.toMinutes();
        if (minutes < 60) {
            return minutes + "m" + (seconds % 60 == 0 ? "" : seconds % 60 + "s");
        }
        return duration.toHours() + "h" + (minutes % 60 == 0 ? "" : minutes % 60 + "m");
    }
}
