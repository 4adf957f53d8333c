package com.camelexchange.component;

import com.camelexchange.simulator.Fault;
import org.apache.camel.ConsumerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WARN of a run of failed polls names the consumer: its endpoint and its route, the one Camel named when the
 * route has no id of its own; a consumer with no route (polled by a {@code ConsumerTemplate} or {@code pollEnrich})
 * by its endpoint's URI, keys masked. It once said {@code (route null)} for the latter.
 */
class PollFailureWarningTest extends ConsumerHealthTestSupport {

    @Test
    void theWarningNamesTheRouteOrTheEndpointWhenThereIsNoRoute() throws Exception {
        simulator.faults().inject("ticker", Fault.malformedJson(), 100_000);
        simulator.faults().inject("depth", Fault.malformedJson(), 100_000);
        String log = capturingTheLog(() -> {
            start(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:ticker?market=" + MARKET + "&delay=20&initialDelay=0").to("mock:tickers");
                }
            });
            awaitHealth(routeId(), "failing", ConsumerHealthTestSupport::isDown);
            // Polls run one after another: the second comes after the first one's failure was logged.
            Await.until(60, "the ticker consumer's second poll", () -> simulator.requestCount("ticker") >= 2);
            ConsumerTemplate template = context.createConsumerTemplate();
            assertThat(template.receive("exchange:depth?market=" + MARKET
                    + "&delay=20&initialDelay=0&secretKey=depth-secret", 1000))
                    .as("nothing while the depth is refused").isNull();
            // The template's consumer keeps polling.
            Await.until(60, "the depth consumer's second poll", () -> simulator.requestCount("depth") >= 2);
        });
        List<String> warnings = log.lines().filter(line -> line.contains(" WARN ")).toList();
        assertThat(warnings).anySatisfy(line -> assertThat(line)
                .contains("PolledConsumer - exchange-ticker-btc_usdt (route " + routeId() + "): a poll failed with"));
        assertThat(warnings).anySatisfy(line -> assertThat(line)
                .contains("PolledConsumer - exchange-depth-btc_usdt (exchange://depth?delay=20&initialDelay=0"
                          + "&market=btc_usdt&secretKey=xxxxxx, no route): a poll failed with"));
        assertThat(log).doesNotContain("route null").doesNotContain("depth-secret");
    }

    /** The id Camel gave the route, which has none of its own: {@code route1}, or another number after other tests. */
    private String routeId() {
        return context.getRoutes().get(0).getRouteId();
    }
}
