package com.camelexchange.cluster;

import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;

import static com.camelexchange.cluster.ClusterTestSupport.MARKET;
import static com.camelexchange.cluster.ClusterTestSupport.addTrade;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static com.camelexchange.cluster.ClusterTestSupport.leads;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code master:} trades route without a state repository: camel-master makes a new exchange consumer each time
 * the instance leads, outside any route id, and the position kept in the endpoint's memory must still carry over.
 */
class MasterMemoryTest {
    private final List<Long> delivered = new CopyOnWriteArrayList<>();

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(13).quiet().limits(SimulatorLimits.none()));

    @Test
    void aMasterRouteStoppedAndStartedAgainGoesOnFromItsPositionInMemory() throws Exception {
        addTrade(cluster.simulator(), 0);
        long start = cluster.simulator().exchange().lastTrade(MARKET).tid();
        CamelContext context = cluster.instance("instance-1", cluster.client());
        context.getComponent("exchange", ExchangeComponent.class).setMarketDataRequestsPerSecond(0);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:trades:exchange:trades?market=" + MARKET + "&delay=20&since=" + start).routeId("trades")
                        .process(e -> delivered.add(e.getMessage().getBody(Trade.class).tid()));
            }
        });
        context.start();
        for (int i = 1; i <= 3; i++) {
            addTrade(cluster.simulator(), i);
        }
        awaitUntil("the first three trades", 30, () -> delivered.size() == 3);

        context.getRouteController().stopRoute("trades");
        for (int i = 4; i <= 6; i++) {
            addTrade(cluster.simulator(), i);
        }
        context.getRouteController().startRoute("trades");
        awaitUntil("leading again", 30, () -> leads(context, "trades"));
        addTrade(cluster.simulator(), 7);
        long last = cluster.simulator().exchange().lastTrade(MARKET).tid();
        awaitUntil("the trade after the restart", 30, () -> delivered.contains(last));

        assertThat(delivered).as("the trades made while stopped, then the next; none twice")
                .containsExactlyElementsOf(LongStream.rangeClosed(start + 1, last).boxed().toList());
    }
}
