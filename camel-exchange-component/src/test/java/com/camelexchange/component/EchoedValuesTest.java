package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.simulator.ExchangeSimulator;
import com.sun.net.httpserver.HttpServer;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value from outside that holds line breaks or other control characters is escaped where a message repeats it:
 * a header or a reply cannot write a forged line into the log that prints the message.
 */
class EchoedValuesTest extends TradingTestSupport {
    private HttpServer hostile;

    @AfterEach
    void stopPeer() {
        if (hostile != null) {
            hostile.stop(0);
        }
    }

    @Test
    void aHeaderWithLineBreaksIsEscapedInTheRefusal() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        startContext(ApiVariant.A, null, null, null);
        Exchange reply = send("exchange:ticker", null,
                Map.of(ExchangeConstants.MARKET, "btc_usdt\r\n2026-11-25 ERROR forged\u001b[31m"));
        assertThat(reply.getException()).isInstanceOf(ExchangeValidationException.class);
        assertThat(reply.getException().getMessage())
                .doesNotContain("\r", "\n", "\u001b")
                .contains("btc_usdt\\r\\n2026-11-25 ERROR forged\\u001b[31m");
    }

    @Test
    void aReplyWithLineBreaksIsEscapedInTheFailure() throws Exception {
        hostile = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        hostile.createContext("/", exchange -> {
            byte[] body = "{\"code\":1001,\"message\":\"busy\\r\\nERROR forged line\\u2028and another\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException ignored) {
                // the client may have gone
            }
        });
        hostile.start();
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        startContext(ApiVariant.A, null, null, null);
        String url = "http://127.0.0.1:" + hostile.getAddress().getPort();
        Exchange reply = send("exchange:markets?readRetries=0&baseUrl=" + url, null);
        assertThat(reply.getException()).isInstanceOf(ExchangeClientException.class);
        assertThat(reply.getException().getMessage())
                .doesNotContain("\r", "\n", "\u2028")
                .contains("busy\\r\\nERROR forged line\\u2028and another");
    }
}
