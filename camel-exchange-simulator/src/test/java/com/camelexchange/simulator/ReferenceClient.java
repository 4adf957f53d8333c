package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A client written only from the published signing rules, deliberately sharing no code with the
 * simulator: it builds the sorted, unencoded text, signs it with HMAC-MD5 keyed by the SHA-1 hex of
 * the secret, and sends the values URL-encoded plus {@code sign} and {@code reqTime}.
 */
public final class ReferenceClient {
    public static final String USER_AGENT =
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).build();
    private final String baseUrl;
    private final String accessKey;
    private final String secretKey;
    private final Clock clock;
    private long reqTime = -1;
    private String userAgent = USER_AGENT;
    private Duration timeout = Duration.ofSeconds(10);

    public ReferenceClient(String baseUrl, String accessKey, String secretKey, Clock clock) {
        this.baseUrl = baseUrl;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.clock = clock;
    }

    /** A client whose reqTime follows the simulator's clock (which tests may hold still). */
    public static ReferenceClient of(ExchangeSimulator sim, String accessKey, String secretKey) {
        return new ReferenceClient(sim.baseUrl(), accessKey, secretKey, sim.clock());
    }

    /** A new account {@code name} (secret {@code name-secret}) on the simulator, and a client signing for it. */
    public static ReferenceClient forNewAccount(ExchangeSimulator sim, String name) {
        sim.createAccount(name, name + "-secret");
        return of(sim, name, name + "-secret");
    }

    public ReferenceClient timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Sends this reqTime instead of the current time. */
    public ReferenceClient reqTime(long epochMillis) {
        this.reqTime = epochMillis;
        return this;
    }

    /** Sends this User-Agent header; null sends none. */
    public ReferenceClient userAgent(String userAgent) {
        this.userAgent = userAgent;
        return this;
    }

    /** GET {@code /data/v1/<operation>?k=v&...}, parsed. */
    public JsonNode data(String operation, String... keyValues) {
        return parse(get("/data/v1/" + operation + query(params(keyValues))));
    }

    /** A signed GET of {@code /api/<method>}, parsed. */
    public JsonNode api(String method, String... keyValues) {
        return parse(apiRaw(method, keyValues));
    }

    public HttpResponse<String> apiRaw(String method, String... keyValues) {
        return get(signedPath(method, keyValues));
    }

    /** The path and query of a signed call, as sent. */
    public String signedPath(String method, String... keyValues) {
        Map<String, String> params = params(keyValues);
        params.put("method", method);
        params.put("accesskey", accessKey);
        String sign = sign(secretKey, signedText(params));
        params.put("sign", sign);
        params.put("reqTime", Long.toString(reqTime >= 0 ? reqTime : clock.millis()));
        return "/api/" + method + query(params);
    }

    /**
     * Sends one request on a fresh socket, with no retry, and returns the status line, or null when
     * the server closed the connection without answering. (The JDK client silently sends a GET again
     * when its connection closes before a reply, which would hide a lost reply.)
     */
    public String statusLineOnce(String pathAndQuery, boolean withUserAgent) {
        URI uri = URI.create(baseUrl);
        try (java.net.Socket socket = new java.net.Socket(uri.getHost(), uri.getPort())) {
            socket.setSoTimeout((int) timeout.toMillis());
            String head = "GET " + pathAndQuery + " HTTP/1.1\r\nHost: " + uri.getHost() + "\r\n"
                    + (withUserAgent ? "User-Agent: " + USER_AGENT + "\r\n" : "") + "Connection: close\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            return new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The signed text: every parameter but sign and reqTime, ASCII-sorted, raw values. */
    public static String signedText(Map<String, String> params) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(params).forEach((k, v) -> {
            if (!k.equals("sign") && !k.equals("reqTime")) {
                text.append(text.isEmpty() ? "" : "&").append(k).append('=').append(v);
            }
        });
        return text.toString();
    }

    public static String sign(String secret, String text) {
        try {
            String key = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
            Mac mac = Mac.getInstance("HmacMD5");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.US_ASCII), "HmacMD5"));
            return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> get(String pathAndQuery) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery))
                .timeout(timeout).GET();
        if (userAgent != null) {
            request.header("User-Agent", userAgent);
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static JsonNode parse(HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode() + ": " + response.body());
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("Not JSON: " + response.body(), e);
        }
    }

    private static Map<String, String> params(String... keyValues) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.put(keyValues[i], keyValues[i + 1]);
        }
        return params;
    }

    private static String query(Map<String, String> params) {
        StringBuilder q = new StringBuilder();
        params.forEach((k, v) -> q.append(q.isEmpty() ? "?" : "&").append(k).append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return q.toString();
    }
}
