package com.camelexchange.cluster;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Optional;

import static com.camelexchange.cluster.ClusterTestSupport.MARKET;
import static com.camelexchange.cluster.ClusterTestSupport.awaitSingleLeader;
import static com.camelexchange.cluster.ClusterTestSupport.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Behind {@code master:} the route's consumer is camel-master's, which hides the exchange consumer it runs while
 * this instance leads: that one's health check is in the registry under its own id while it runs, on the leader
 * only, and reads DOWN while its polls fail.
 */
class MasterConsumerHealthTest {
    private static final String CHECK = "consumer:exchange-ticker-" + MARKET;

    @RegisterExtension
    final ClusterFixture cluster = new ClusterFixture(b -> b.seed(12).quiet().limits(SimulatorLimits.none()));

    @Test
    void theLeadersConsumerHasAHealthCheckTheOtherInstanceHasNone() throws Exception {
        List<CamelContext> instances = List.of(instance("instance-1"), instance("instance-2"));
        CamelContext leader = awaitSingleLeader(instances, c -> ClusterTestSupport.leads(c, "ticker"));
        CamelContext follower = instances.get(0) == leader ? instances.get(1) : instances.get(0);

        awaitUntil("the leader's consumer polled", 30, () -> check(leader)
                .map(r -> "UP".equals(r.getDetails().get("state"))).orElse(false));
        assertThat(check(follower)).as("no consumer runs on the other instance").isEmpty();
        assertThat(check(leader).orElseThrow().getDetails()).containsEntry("operation", "ticker")
                .containsEntry("market", MARKET);

        cluster.simulator().faults().inject("ticker", Fault.http500(), 1_000);
        awaitUntil("DOWN while the leader's polls fail", 30, () -> check(leader)
                .map(r -> r.getState() == HealthCheck.State.DOWN).orElse(false));
        cluster.simulator().faults().clear();

        leader.getRouteController().stopRoute("ticker");
        assertThat(check(leader)).as("gone with the consumer").isEmpty();
    }

    private static Optional<HealthCheck.Result> check(CamelContext context) {
        return HealthCheckHelper.invoke(context).stream().filter(r -> r.getCheck().getId().equals(CHECK)).findFirst();
    }

    private CamelContext instance(String name) throws Exception {
        DefaultCamelContext context = cluster.instance(name, cluster.client());
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.setMarketDataRequestsPerSecond(0);
        component.getConfiguration().setReadRetries(0);
        context.getRegistry().bind("quiet", new org.apache.camel.spi.ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
            }

            @Override
            public void handleException(String message, Throwable exception) {
            }

            @Override
            public void handleException(String message, org.apache.camel.Exchange exchange, Throwable exception) {
            }
        });
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:ticker:exchange:ticker?market=" + MARKET + "&delay=20&initialDelay=0"
                     + "&exceptionHandler=#quiet").routeId("ticker").process(exchange -> {
                         // The tickers do not matter here: the health check does.
                     });
            }
        });
        context.start();
        return context;
    }
}
