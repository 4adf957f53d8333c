package com.camelexchange.client;

import com.camelexchange.client.internal.http.Signer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

class SignerTest {
    private final Signer emptySecret = new Signer("");

    /** Signatures of the real service, computed by independent public client implementations. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            accesskey=&method=getAccountInfo                                             | 925e6275cf00a52351b9d7748edb7416
            accesskey=&amount=1&currency=xrp_usdt&method=order&price=1&tradeType=1       | 0353d01150b0a1371a6d0118ec520bb3
            accesskey=&currency=xrp_usdt&id=1&method=cancelOrder                         | 0615e741609535a3667823e7f8ca561b
            accesskey=&currency=ltc_btc&method=getOrders&pageIndex=1&tradeType=1         | 7fe797e208cf3176f87814025938eb9f
            accesskey=&currency=btc&method=getUserAddress                                | 128e673774546c24f4429ab794312299
            """)
    void reproducesThePublishedVectors(String signedText, String expected) {
        Map<String, String> params = new LinkedHashMap<>();
        String[] pairs = signedText.split("&");
        for (int i = pairs.length - 1; i >= 0; i--) {
            String[] kv = pairs[i].split("=", 2);
            params.put(kv[0], kv[1]);
        }
        params.put("reqTime", "1700000000000");
        params.put("sign", "ignored");
        assertThat(Signer.signedText(params)).isEqualTo(signedText);
        assertThat(emptySecret.sign(params)).isEqualTo(expected);
    }

    @Test
    void signsRawValuesNotEncodedOnes() {
        Map<String, String> params = Map.of("tradeParams", "[[1,2]]", "method", "orderMoreV2", "accesskey", "ak");
        assertThat(Signer.signedText(params)).isEqualTo("accesskey=ak&method=orderMoreV2&tradeParams=[[1,2]]");
    }

    @Test
    void givesTheSameAnswerOnManyThreadsAtOnce() throws Exception {
        Signer signer = new Signer("a-secret");
        String text = "accesskey=ak&amount=1&currency=btc_usdt&method=order&price=65000&tradeType=1";
        String expected = signer.sign(text);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 5_000; i++) {
                        if (!signer.sign(text).equals(expected)) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> r : results) {
                assertThat(r.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void neverShowsTheSecret() {
        assertThat(new Signer("top-secret-value").toString()).doesNotContain("top-secret-value");
    }
}
