package com.camelexchange.examples.springboot;

import com.camelexchange.examples.support.ExchangeTarget;
import com.camelexchange.simulator.ExchangeSimulator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.test.spring.junit5.CamelSpringBootTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Request bodies above {@code example.max-request-body} (16KB) are refused with 413 before they are read into
 * memory. The same application context as {@link ExchangeSpringBootApplicationTest}.
 */
@CamelSpringBootTest
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureObservability(tracing = false)
class RequestBodyLimitTest {
    private static final long FIFTY_MB = 50L * 1024 * 1024;
    private final ObjectMapper json = new ObjectMapper();

    @LocalServerPort
    int port;
    @Autowired
    ExchangeSimulator simulator;

    @Test
    void aDeclaredLengthAboveTheLimitIsRefusedBeforeTheClientSendsTheBody() throws Exception {
        long ordersBefore = simulator.requestCount("order");
        String answer;
        try (RawHttp client = RawHttp.connect(port, 0)) {
            // As curl asks for a body above 1 MB: the server says 100 Continue before the client sends it.
            answer = client.send("""
                    POST /api/orders HTTP/1.1
                    Host: 127.0.0.1
                    Content-Type: application/json
                    Content-Length: %d
                    Expect: 100-continue""".formatted(FIFTY_MB)).readToEnd();
        }
        assertThat(answer).as("no 100 Continue: not a byte of the body was asked for")
                .startsWith("HTTP/1.1 413 ").containsIgnoringCase("Connection: close");
        assertProblem(answer);
        assertThat(simulator.requestCount("order")).isEqualTo(ordersBefore);
    }

    @Test
    void aStreamedBodyAboveTheLimitIsRefusedWithoutBeingHeldInMemory() throws Exception {
        long ordersBefore = simulator.requestCount("order");
        long allocatedBefore = allocatedByAllThreads();
        String answer;
        long sent;
        try (RawHttp client = RawHttp.connect(port, 0)) {
            client.send("""
                    POST /api/orders HTTP/1.1
                    Host: 127.0.0.1
                    Content-Type: application/json
                    Transfer-Encoding: chunked""");
            // 50 MB generated while it is sent (no length known up front), the answer read meanwhile.
            CompletableFuture<Long> body = CompletableFuture.supplyAsync(() -> client.sendChunked(FIFTY_MB, (byte) ' '));
            answer = client.readToEnd();
            client.close();
            sent = body.join();
        }
        long allocated = allocatedByAllThreads() - allocatedBefore;

        assertThat(answer).startsWith("HTTP/1.1 413 ");
        assertProblem(answer);
        // Unchecked, the body was read into one array and then into text: about 450 MB allocated and 200 MB
        // of heap held for these 50 MB. Refused, it allocates next to nothing (the whole JVM's allocations
        // while the request ran, other threads included).
        assertThat(allocated).as("bytes allocated while %d bytes of body were sent", sent)
                .isLessThan(FIFTY_MB / 5);
        assertThat(simulator.requestCount("order")).isEqualTo(ordersBefore);
    }

    @Test
    void aChunkedOrderWithinTheLimitIsPlaced() throws Exception {
        byte[] order = "{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"1100.00\", \"amount\": \"0.0100\"}"
                .getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> placed = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/orders"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(order)))
                        .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(placed.statusCode()).as(placed.body()).isEqualTo(201);
        String id = json.readTree(placed.body()).get("id").asText();
        assertThat(simulator.exchange().order(simulator.exchange().key(ExchangeTarget.DEMO_ACCESS_KEY).user(),
                "btc_usdt", Long.parseLong(id), null).id()).isEqualTo(Long.parseLong(id));
    }

    private void assertProblem(String answer) throws Exception {
        JsonNode problem = json.readTree(answer.substring(answer.indexOf('{'), answer.lastIndexOf('}') + 1));
        assertThat(problem.get("status").asInt()).isEqualTo(413);
        assertThat(problem.get("error").asText()).isEqualTo("Request body larger than 16384 bytes");
    }

    /** What every live thread has allocated so far: a bound on how much the heap can have grown. */
    private static long allocatedByAllThreads() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long total = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            total += Math.max(0, bytes);
        }
        return total;
    }
}
