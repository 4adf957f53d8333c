package com.camelexchange.examples.springboot;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.NotifyBuilder;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.annotation.DirtiesContext;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Clients of {@code GET /api/orders/events} that never read: each is disconnected once it has fallen its
 * queue's length behind, and neither the route nor the client that reads ever waits for them. Its own
 * application context: the web server's socket send buffers are made small (the kernel would otherwise take
 * a few MB for each client before the application notices it does not read, thousands of events).
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "example.order-events.client-queue=" + OrderEventListenersTest.QUEUE)
@Import(OrderEventListenersTest.SmallSendBuffers.class)
@DirtiesContext
class OrderEventListenersTest {
    /** Above what one poll of the orders consumer emits here (20 pages of 10 new orders). */
    static final int QUEUE = 256;
    private static final int STUCK = 20;
    /** Events enough to fill a stuck client's queue and socket buffers more than once. */
    private static final int ORDERS = 600;

    @LocalServerPort
    int port;
    @Autowired
    CamelContext camelContext;
    @Autowired
    ExchangeSimulator simulator;
    @Autowired
    OrderEventBroadcast broadcast;

    @Test
    void clientsThatDoNotReadAreDroppedAndHoldUpNeitherTheRouteNorTheOthers() throws Exception {
        List<RawHttp> stuck = new ArrayList<>();
        HttpResponse<Stream<String>> stream = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/orders/events")).build(),
                HttpResponse.BodyHandlers.ofLines());
        try {
            ServerSentEvents reading = new ServerSentEvents(stream.body());
            for (int i = 0; i < STUCK; i++) {
                stuck.add(RawHttp.connect(port, 4096).send("GET /api/orders/events HTTP/1.1\nHost: 127.0.0.1"));
            }
            await().atMost(Duration.ofSeconds(20)).until(() -> broadcast.listeners() == STUCK + 1);

            NotifyBuilder routed = new NotifyBuilder(camelContext).fromRoute("order-events").whenCompleted(ORDERS)
                    .create();
            List<String> ids = placeOrders(ORDERS);

            assertThat(routed.matches(60, TimeUnit.SECONDS)).as("the route passed on all %d events", ORDERS).isTrue();
            reading.awaitEach("NEW", ids, Duration.ofSeconds(20));
            await().atMost(Duration.ofSeconds(20)).until(() -> broadcast.dropped() == STUCK);
            assertThat(broadcast.listeners()).as("the reading client only").isEqualTo(1);
        } finally {
            stream.body().close();
            for (RawHttp client : stuck) {
                client.close();
            }
        }
    }

    /** Buy orders far below the market, resting: one NEW event each. Their ids, oldest first. */
    private List<String> placeOrders(int count) {
        List<BigDecimal[]> pairs = Collections.nCopies(count,
                new BigDecimal[] {new BigDecimal("1000.00"), new BigDecimal("0.0100")});
        List<String> ids = new ArrayList<>();
        for (Order order : simulator.exchange().placeBatch(
                simulator.exchange().key(ExchangeTarget.DEMO_ACCESS_KEY).user(), "btc_usdt", Side.BUY, 0, pairs)) {
            ids.add(Long.toString(order.id()));
        }
        return ids;
    }

    /** 8 KB of socket send buffer per connection instead of the kernel's few MB on loopback. */
    @TestConfiguration
    static class SmallSendBuffers {
        @Bean
        WebServerFactoryCustomizer<TomcatServletWebServerFactory> smallSendBuffers() {
            return factory -> factory.addConnectorCustomizers(
                    connector -> connector.setProperty("socket.txBufSize", "8192"));
        }
    }
}
