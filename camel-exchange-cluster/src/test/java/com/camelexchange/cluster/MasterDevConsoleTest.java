package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.util.json.JsonObject;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static com.camelexchange.cluster.ClusterTestSupport.MARKET;
import static com.camelexchange.cluster.ClusterTestSupport.addTrade;
import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component's {@code exchange} dev console on two instances of a {@code master:} trades route: the leader's
 * shows the position it committed to ZooKeeper, the other's that it does not lead and consumes nothing.
 */
class MasterDevConsoleTest {
    private static final String ROUTE_LINE = "route trades: trades " + MARKET + ", polling, behind master:";

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(11).quiet().limits(SimulatorLimits.none()));

    @Test
    void showsTheLeadersPositionAndThatTheOtherInstanceIsNotConsuming() throws Exception {
        addTrade(cluster.simulator(), 0);
        long start = cluster.simulator().exchange().lastTrade(MARKET).tid();
        for (int i = 1; i <= 5; i++) {
            addTrade(cluster.simulator(), i);
        }
        long last = cluster.simulator().exchange().lastTrade(MARKET).tid();
        String uri = "master:trades:exchange:trades?market=" + MARKET + "&delay=20&stateRepository=#positions&since="
                     + start;
        List<Instance> instances = List.of(instance("instance-1", uri), instance("instance-2", uri));
        Instance leader = awaitSingleLeader(instances, i -> ClusterTestSupport.leads(i.context(), "trades"));
        Instance follower = instances.get(0) == leader ? instances.get(1) : instances.get(0);
        awaitUntil("the leader's commit of the last trade", 30,
                () -> Long.toString(last).equals(leader.positions().getState("trades:" + MARKET)));

        assertThat(text(leader)).contains(ROUTE_LINE + " consuming here, key trades:" + MARKET + " in the state repository,"
                                          + " position " + last + " (Started)");
        assertThat(text(follower)).contains(ROUTE_LINE + " not consuming here (Started)");

        JsonObject led = route(leader);
        assertThat(led.getString("operation")).isEqualTo("trades");
        assertThat(led.getString("wrappedBy")).isEqualTo("master");
        assertThat(led.getBoolean("consuming")).isTrue();
        assertThat(led.getString("stateKey")).isEqualTo("trades:" + MARKET);
        assertThat(led.getBoolean("stateRepository")).isTrue();
        assertThat(led.getString("position")).isEqualTo(Long.toString(last));

        JsonObject waiting = route(follower);
        assertThat(waiting.getBoolean("consuming")).isFalse();
        assertThat(waiting).doesNotContainKey("position");
    }

    private record Instance(CamelContext context, ZooKeeperStateRepository positions) {
    }

    private Instance instance(String name, String uri) throws Exception {
        CuratorFramework client = cluster.client();
        DefaultCamelContext context = cluster.instance(name, client);
        ZooKeeperStateRepository positions = cluster.resources().repository(new ZooKeeperStateRepository(client));
        context.getRegistry().bind("positions", positions);
        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri).routeId("trades").process(exchange -> {
                    // Where the trades go does not matter here: the console shows the committed position.
                });
            }
        });
        context.start();
        return new Instance(context, positions);
    }

    private static DevConsole console(Instance instance) {
        return PluginHelper.getDevConsoleResolver(instance.context()).resolveDevConsole("exchange");
    }

    private static String text(Instance instance) {
        return (String) console(instance).call(DevConsole.MediaType.TEXT);
    }

    /** The JSON of the trades route, from the instance's console. */
    private static JsonObject route(Instance instance) {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) console(instance).call(DevConsole.MediaType.JSON);
        JsonObject component = (JsonObject) ((List<?>) json.get("components")).get(0);
        return component.getCollection("consumers").stream().map(JsonObject.class::cast)
                .filter(c -> "trades".equals(c.getString("routeId"))).findFirst().orElseThrow();
    }
}
