package com.camelexchange.component;

import com.camelexchange.client.internal.http.Credentials;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.Permission;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.Route;
import org.apache.camel.health.HealthCheckHelper;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * With every logger at TRACE (HttpClient's wire log included), every operation runs, failures too; then
 * the logs, exception messages and stack traces, endpoint URIs, toString() of the public objects and the
 * health details are searched for the secret key and for the HMAC key derived from it. The access key is
 * a secret too: it appears nowhere but in HttpClient's own DEBUG and TRACE lines, which print the request
 * line it travels in (as they would print any credential sent), and no message carries a signed URL.
 */
class SecretsNeverShownTest extends TradingTestSupport {
    private static final String SECRET = "S3cr3t-Value-9f8e7d";
    private static final String ACCESS_KEY = "AccessKey-3c1b7a";

    @Test
    void theSecretAppearsNowhere() throws Exception {
        assumeTrue(System.getProperty("secrets.log") != null, "runs in the secrets-at-trace surefire execution");
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        simulator.createAccount(ACCESS_KEY, SECRET);
        simulator.createAccount("viewer", SECRET + "-v", Permission.ASSET);
        startContext(ApiVariant.A, ACCESS_KEY, SECRET, null);
        ProducerHealthChecks.installOn(context);

        List<String> seen = new ArrayList<>();
        OrderRequest buy = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");
        List<Exchange> replies = new ArrayList<>();
        replies.add(send("exchange:order", buy));
        String id = replies.get(0).getMessage().getHeader(ExchangeConstants.ORDER_ID, String.class);
        simulator.faults().inject("order", Fault.loseReply()).inject("getOrder", Fault.http502(), 3);
        replies.add(send("exchange:order", buy));
        simulator.faults().inject("orderMoreV2", Fault.malformedJson());
        replies.add(send("exchange:orderMoreV2?market=btc_usdt&tradeType=buy", "[[60000,0.01]]"));
        for (String uri : List.of("exchange:getOrder?market=btc_usdt",
                "exchange:getOrders?market=btc_usdt&tradeType=buy", "exchange:getOrdersIgnoreTradeType?market=btc_usdt",
                "exchange:getUnfinishedOrdersIgnoreTradeType?market=btc_usdt", "exchange:getAccountInfo",
                "exchange:getUserAddress?coin=btc", "exchange:getWithdrawAddress?coin=btc",
                "exchange:getWithdrawRecord?coin=btc", "exchange:cancelOrder?market=btc_usdt",
                "exchange:ticker?market=btc_usdt", "exchange:depth?market=btc_usdt")) {
            replies.add(send(uri, null, Map.of(ExchangeConstants.ORDER_ID, id)));
        }
        replies.add(send("exchange:getOrder?market=btc_usdt", null, Map.of(ExchangeConstants.ORDER_ID, 1)));
        replies.add(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000.001", "1")));
        simulator.faults().inject("getAccountInfo", Fault.trickle(Duration.ofMillis(200)));
        replies.add(send("exchange:getAccountInfo?requestTimeout=300&readRetries=0", null));
        for (String bad : List.of("exchange:order?tradeUrl=http://bad host", "exchange:order?tradeUrl=ftp://x",
                "exchange:order?baseUrl=http://[x")) {
            try {
                context.getEndpoint(bad);
            } catch (RuntimeException refused) {
                StringWriter trace = new StringWriter();
                refused.printStackTrace(new PrintWriter(trace));
                seen.add(trace.toString());
            }
        }
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setSecretKey("wrong-" + SECRET);
        replies.add(send("exchange:getAccountInfo?readRetries=0&accessKey=viewer", null));
        assertThat(replies.stream().filter(e -> e.getException() != null).count()).as("failures were exercised")
                .isGreaterThanOrEqualTo(4);

        for (Exchange reply : replies) {
            if (reply.getException() != null) {
                StringWriter trace = new StringWriter();
                reply.getException().printStackTrace(new PrintWriter(trace));
                seen.add(trace.toString());
            }
            seen.add(String.valueOf(reply.getMessage().getBody()));
            seen.add(reply.getMessage().getHeaders().toString());
        }
        for (Endpoint endpoint : context.getEndpoints()) {
            seen.add(endpoint.getEndpointUri());
            seen.add(endpoint.toString());
            if (endpoint instanceof ExchangeEndpoint e) {
                seen.add(e.getConfiguration().toString());
                seen.add(e.client().toString());
            }
        }
        for (Route route : context.getRoutes()) {
            seen.add(route.toString());
        }
        seen.add(component.toString());
        seen.add(component.getConfiguration().toString());
        seen.add(new Credentials(ACCESS_KEY, SECRET).toString());
        HealthCheckHelper.invoke(context).forEach(r -> {
            seen.add(r.getDetails().toString());
            seen.add(String.valueOf(r.getMessage().orElse("")));
        });
        context.stop();
        String log = Files.readString(Path.of(System.getProperty("secrets.log")), StandardCharsets.UTF_8);

        String derived = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                .digest(SECRET.getBytes(StandardCharsets.UTF_8)));
        String shown = String.join("\n", seen);
        assertThat(log).as("the TRACE log was captured").contains("/api/getAccountInfo");
        assertThat(log).as("the wire log shows the request lines").contains(ACCESS_KEY);
        assertThat(shown + log).doesNotContain(SECRET).doesNotContain(derived);
        assertThat(shown).as("messages, URIs, toString(), health").doesNotContain(ACCESS_KEY).doesNotContain("sign=");
        String ourLog = log.lines().filter(line -> !line.contains(" org.apache.hc.client5."))
                .collect(Collectors.joining("\n"));
        assertThat(ourLog).as("every log line but HttpClient's own").doesNotContain(ACCESS_KEY);
    }
}
