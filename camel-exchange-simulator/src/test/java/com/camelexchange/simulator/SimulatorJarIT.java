package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The standalone jar, started as a real process the way the README says. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class SimulatorJarIT {
    private static final Path JAR = Path.of("target", "exchange-simulator.jar");
    private static final Pattern LISTENING =
            Pattern.compile("exchange-simulator listening on (http://127\\.0\\.0\\.1:\\d+)");

    /** The base URL the started jar prints once it accepts connections. */
    private static String start(Process process) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        String baseUrl = null;
        while (baseUrl == null) {
            String line = out.readLine();
            if (line == null) {
                break;
            }
            Matcher m = LISTENING.matcher(line);
            if (m.matches()) {
                baseUrl = m.group(1);
            }
        }
        assertThat(baseUrl).as("the listening line").isNotNull();
        return baseUrl;
    }

    @Test
    void replaysARecordingAndFillsPaperOrdersAgainstIt(@TempDir Path dir) throws Exception {
        Path recording = new RecordedMarket().writeTo(dir.resolve("market.jsonl"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-jar", JAR.toString(), "--replay", recording.toString(),
                // No latency: the order meets the replayed book as soon as it is placed (a latency holds it on its
                // way for that much of the market's time; ReplayTest covers that in a replay).
                "--speed", "max", "--stale-book-s", "60", "--latency-ms", "0", "--key", "AK:SK"))
                .redirectErrorStream(true).start();
        try {
            ReferenceClient client = new ReferenceClient(start(process), "AK", "SK", Clock.systemUTC());
            Await.until("the recording replayed", () -> client.data("trades", "market", "btc_usdt").size() == 7);
            assertThat(client.data("trades", "market", "btc_usdt", "since", "7006").get(0).get("tid").asLong())
                    .isEqualTo(7007);
            JsonNode placed = client.api("order", "currency", "btc_usdt", "price", "60200", "amount", "0.1",
                    "tradeType", "1");
            assertThat(placed.get("code").asText()).as(placed.toString()).isEqualTo("1000");
            JsonNode order = client.api("getOrder", "currency", "btc_usdt", "id", placed.get("id").asText());
            assertThat(order.get("trade_money").decimalValue()).as("0.1 at the last recorded ask, 60110")
                    .isEqualByComparingTo("6011");
        } finally {
            process.destroy();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("stops when killed").isTrue();
        }
    }

    @Test
    void startsPrintsItsAddressAndServesBothApis() throws Exception {
        assertThat(JAR).exists();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-jar", JAR.toString(), "--port", "0", "--variant", "A",
                "--seed", "42", "--key", "AK:SK")).redirectErrorStream(true).start();
        try {
            String baseUrl = start(process);
            ReferenceClient client = new ReferenceClient(baseUrl, "AK", "SK", Clock.systemUTC());
            JsonNode ticker = client.data("ticker", "market", "btc_usdt");
            assertThat(ticker.get("ticker").get("last").asText()).matches("\\d+\\.\\d{2}");
            assertThat(client.api("getAccountInfo").get("entrustPerm").asBoolean()).isTrue();

            // What the README's curl shows: the two requests above, one of them signed.
            JsonNode counters = ReferenceClient.parse(client.get("/simulator/counters"));
            assertThat(counters.get("requests").asLong()).isEqualTo(2);
            assertThat(counters.get("signedRequests").asLong()).isEqualTo(1);
            assertThat(counters.get("byPath").get("GET /api/getAccountInfo").asLong()).isEqualTo(1);
        } finally {
            process.destroy();
            assertThat(process.waitFor(20, TimeUnit.SECONDS)).as("stops when killed").isTrue();
        }
    }

    @Test
    void helpPrintsTheFlags() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", JAR.toString(), "--help").redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(text).contains("--variant A|B", "--key ACCESS:SECRET", "--seed", "GET /simulator/counters");
        assertThat(Files.size(JAR)).isGreaterThan(1_000_000L);
    }
}
