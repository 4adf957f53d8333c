package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.engine.Order;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.converter.stream.InputStreamCache;
import org.apache.camel.converter.stream.ReaderCache;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Orders and batches in every body Camel can turn into text (files from a file: route, bytes, streams,
 * readers, stream caches), placed on the simulator; bodies too large or not text are refused before
 * anything is sent, naming the limit or what is accepted.
 */
class OrderBodyTypesTest extends TradingTestSupport {
    private static final String MARKET = "btc_usdt";
    /** The documented bound of an order or batch body: 1 MiB. */
    private static final int MAX_BODY = 1 << 20;

    private SimulatorAccount alice;

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        alice = simulator.createAccount("alice", "alice-secret");
    }

    private static String order(String cid, String price) {
        return "{\"market\":\"btc_usdt\",\"side\":\"buy\",\"price\":\"" + price + "\",\"amount\":\"0.01\","
               + "\"customerOrderId\":\"" + cid + "\"}";
    }

    /** The order as the simulator holds it. */
    private Order placed(String cid) {
        return simulator.exchange().order(simulator.exchange().key("alice").user(), MARKET, null, cid);
    }

    private ExchangeValidationException refused(Object body, String uri) {
        Exchange reply = send(uri, body);
        assertThat(reply.getException()).isInstanceOf(ExchangeValidationException.class);
        return (ExchangeValidationException) reply.getException();
    }

    @Test
    void jsonOrderFilesAndABatchFileFromFileRoutesArePlaced(@TempDir Path dir) throws Exception {
        Path orders = Files.createDirectories(dir.resolve("orders"));
        Path batches = Files.createDirectories(dir.resolve("batches"));
        Files.writeString(orders.resolve("a.json"), order("file0001", "60000.10"));
        Files.writeString(orders.resolve("b.json"), order("file0002", "59000"));
        Files.writeString(batches.resolve("grid.json"), "[[\"58000\", \"0.01\"], {\"price\": 57000, \"amount\": 0.02}]");
        List<Object> batchIds = new CopyOnWriteArrayList<>();
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                from("file:" + orders + "?delay=20&initialDelay=0").to("exchange:order").to("mock:placed");
                from("file:" + batches + "?delay=20&initialDelay=0")
                        .to("exchange:orderMoreV2?market=" + MARKET + "&tradeType=buy")
                        .process(e -> batchIds.addAll(e.getMessage().getBody(List.class)));
            }
        });
        MockEndpoint placed = context.getEndpoint("mock:placed", MockEndpoint.class);
        placed.expectedMessageCount(2);
        placed.assertIsSatisfied();
        assertThat(placed.getExchanges()).allSatisfy(e -> assertThat(e.getMessage().getBody()).isInstanceOf(PlacedOrder.class));
        assertThat(placed("file0001").price()).isEqualByComparingTo("60000.10");
        assertThat(placed("file0002").price()).isEqualByComparingTo("59000");
        Await.until(10, "the batch", () -> batchIds.size() == 2);
        assertThat(alice.openOrderCount(MARKET)).isEqualTo(4);
        Await.until(10, "the files done with", () -> isEmpty(orders) && isEmpty(batches));
    }

    private static boolean isEmpty(Path dir) {
        try (var files = Files.list(dir)) {
            return files.noneMatch(Files::isRegularFile);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void bytesStreamsReadersAndStreamCachesAreOrders() throws Exception {
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                // Stream caching is on for routes: a plain stream arrives at the producer as a stream cache.
                from("direct:cached").to("exchange:order");
            }
        });
        call("exchange:order", order("bytes001", "60001").getBytes(StandardCharsets.UTF_8), PlacedOrder.class);
        call("exchange:order", new ByteArrayInputStream(order("stream01", "60002").getBytes(StandardCharsets.UTF_8)),
                PlacedOrder.class);
        call("exchange:order", new StringReader(order("reader01", "60003")), PlacedOrder.class);
        call("exchange:order", new InputStreamCache(order("cache001", "60004").getBytes(StandardCharsets.UTF_8)),
                PlacedOrder.class);
        call("exchange:order", new ReaderCache(order("cache002", "60005")), PlacedOrder.class);
        call("direct:cached", new ByteArrayInputStream(order("route001", "60006").getBytes(StandardCharsets.UTF_8)),
                PlacedOrder.class);
        call("exchange:order", "\uFEFF" + order("bom00001", "60007"), PlacedOrder.class);
        List<String> ids = List.of("bytes001", "stream01", "reader01", "cache001", "cache002", "route001", "bom00001");
        for (int i = 0; i < ids.size(); i++) {
            assertThat(placed(ids.get(i)).price()).as(ids.get(i)).isEqualByComparingTo(new BigDecimal(60001 + i));
        }
        @SuppressWarnings("unchecked")
        List<String> batch = call("exchange:orderMoreV2?market=" + MARKET + "&tradeType=buy",
                new ByteArrayInputStream("[[\"50000\", \"0.01\"]]".getBytes(StandardCharsets.UTF_8)), List.class);
        assertThat(batch).hasSize(1);
        assertThat(alice.openOrderCount(MARKET)).isEqualTo(ids.size() + 1);
    }

    @Test
    void aBodyBeyondOneMebibyteIsRefusedNamingTheLimitAndNothingIsSent(@TempDir Path dir) throws Exception {
        Path orders = Files.createDirectories(dir.resolve("orders"));
        Files.writeString(orders.resolve("huge.json"), padded(order("huge0001", "60000"), 3 * MAX_BODY));
        List<Exception> refusals = new CopyOnWriteArrayList<>();
        startContext(ApiVariant.A, "alice", "alice-secret", new RouteBuilder() {
            @Override
            public void configure() {
                from("file:" + orders + "?delay=20&initialDelay=0").doTry().to("exchange:order")
                        .doCatch(ExchangeValidationException.class)
                        .process(e -> refusals.add(e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class))).end();
            }
        });
        Await.until(10, "the file refused", () -> !refusals.isEmpty());
        assertThat(refusals.get(0)).hasMessageContaining("body").hasMessageContaining("1048576 bytes (1 MiB)");

        String exactly = padded(order("limit001", "60000"), MAX_BODY);
        assertThat(exactly.getBytes(StandardCharsets.UTF_8)).hasSize(MAX_BODY);
        call("exchange:order", exactly.getBytes(StandardCharsets.UTF_8), PlacedOrder.class);
        long ordersSent = simulator.requestCount("order");
        String over = exactly + " ";
        assertThat(refused(over.getBytes(StandardCharsets.UTF_8), "exchange:order")).hasMessageContaining("1 MiB");
        assertThat(refused(over, "exchange:order")).hasMessageContaining("1 MiB");
        assertThat(refused(new StringReader(over), "exchange:order")).hasMessageContaining("1 MiB");
        // A stream that never ends is read only up to the limit.
        assertThat(refused(new EndlessSpaces(), "exchange:order")).hasMessageContaining("1 MiB");
        assertThat(refused(new EndlessSpaces(), "exchange:orderMoreV2?market=" + MARKET + "&tradeType=buy"))
                .hasMessageContaining("1 MiB");
        assertThat(simulator.requestCount("order")).as("only the order at the limit was sent").isEqualTo(ordersSent);
        assertThat(simulator.requestCount("orderMoreV2")).isZero();
        assertThat(alice.hasOrder(MARKET, "huge0001")).isFalse();
        assertThat(alice.openOrderCount(MARKET)).isEqualTo(1);
    }

    /** The JSON followed by spaces, to exactly {@code length} bytes. */
    private static String padded(String json, int length) {
        return json + " ".repeat(length - json.getBytes(StandardCharsets.UTF_8).length);
    }

    /** An input stream of spaces without end, as a broken or hostile source would give. */
    private static final class EndlessSpaces extends java.io.InputStream {
        @Override
        public int read() {
            return ' ';
        }
    }

    private record NotAnOrder(String note) {
    }

    @Test
    void aBodyThatIsNotTextNamesWhatIsAccepted() throws Exception {
        startContext(ApiVariant.A, "alice", "alice-secret", null);
        assertThat(refused(new NotAnOrder("x"), "exchange:order")).hasMessage("Invalid body: a NotAnOrder is not an"
                + " order; send an OrderRequest, a Map or JSON text (a String, byte[], InputStream, Reader, stream"
                + " cache or file)");
        assertThat(refused(new NotAnOrder("x"), "exchange:orderMoreV2?market=" + MARKET + "&tradeType=buy"))
                .hasMessageContaining("a NotAnOrder is not a batch").hasMessageContaining("InputStream, Reader");
        assertThat(refused(new byte[]{'{', (byte) 0xC3, '}'}, "exchange:order")).hasMessage("Invalid body: is not"
                + " UTF-8 text");
        assertThat(simulator.requestCount("order")).isZero();
    }

    @Test
    void aKeyGivenTwiceOrASecondOrderInTheBodyIsRefused() throws Exception {
        startContext(ApiVariant.A, "alice", "alice-secret", null);
        String twice = "{\"market\":\"btc_usdt\",\"side\":\"buy\",\"price\":\"60000\",\"amount\":\"0.01\","
                       + "\"price\":\"1\"}";
        assertThat(refused(twice, "exchange:order")).hasMessage("Invalid body: key 'price' is given more than once;"
                + " each key may appear once");
        assertThat(refused(twice.getBytes(StandardCharsets.UTF_8), "exchange:order")).hasMessageContaining("'price'");
        String longKey = "k".repeat(5000);
        assertThat(refused("{\"" + longKey + "\":1,\"" + longKey + "\":2}", "exchange:order").getMessage())
                .as("the key is echoed cut short").hasSizeLessThan(200);
        assertThat(refused("[{\"price\":\"60000\",\"amount\":\"0.01\",\"amount\":\"5\"}]",
                "exchange:orderMoreV2?market=" + MARKET + "&tradeType=buy")).hasMessageContaining("'amount'");
        assertThat(refused(order("first001", "60000") + order("second01", "60000"), "exchange:order"))
                .hasMessageContaining("not a JSON order object");
        assertThat(simulator.requestCount("order")).isZero();
        assertThat(simulator.requestCount("orderMoreV2")).isZero();
    }
}
