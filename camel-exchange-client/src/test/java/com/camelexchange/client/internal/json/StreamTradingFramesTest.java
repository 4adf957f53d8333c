package com.camelexchange.client.internal.json;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.internal.http.Signer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The WebSocket's signed frames as written and signed, and its replies as the REST replies of the same calls. */
class StreamTradingFramesTest {
    @Test
    void aFrameIsCompactSortedJsonOfStringsAndSignsAsTheServiceChecks() {
        TreeMap<String, String> fields = new TreeMap<>();
        fields.put("event", "addChannel");
        fields.put("channel", "getaccountinfo");
        fields.put("accesskey", "");
        String text = StreamTradingFrames.write(fields);
        assertThat(text).isEqualTo("{\"accesskey\":\"\",\"channel\":\"getaccountinfo\",\"event\":\"addChannel\"}");
        // The vector of the simulator's README for the empty secret.
        assertThat(new Signer("").sign(text)).isEqualTo("759106335b1470ee68aef68d579b3e13");
    }

    @Test
    void theOrderNumberInsideAStringKeepsItsDigitsBeyondTwoToTheFiftyThird() {
        String reply = "{\"success\":true,\"code\":1000,\"channel\":\"btcusdt_order\",\"message\":\"ok\",\"no\":\"7\","
                       + "\"data\":\"{\\\"entrustId\\\":9007199254740993123}\"}";
        assertThat(text(StreamTradingFrames.restShaped("order", reply)))
                .isEqualTo("{\"code\":1000,\"id\":\"9007199254740993123\"}");
    }

    @Test
    void recordsAreHandedOnAsTheyCameAndTheAccountAsTheRestResult() {
        String record = "{\"id\":\"12\",\"price\":64000.123456789012345}";
        String reply = "{\"success\":true,\"code\":1000,\"channel\":\"btcusdt_getorder\",\"no\":\"3\",\"data\":" + record
                       + "}";
        assertThat(text(StreamTradingFrames.restShaped("getOrder", reply))).isEqualTo(record);
        String account = "{\"success\":true,\"code\":1000,\"no\":\"4\",\"data\":{\"coins\":[]}}";
        assertThat(text(StreamTradingFrames.restShaped("getAccountInfo", account)))
                .startsWith("{\"result\":{\"coins\":[]},");
    }

    @Test
    void aRefusalIsTheExchangesErrorAndABrokenReplyIsNoAnswer() {
        String refused = "{\"success\":false,\"code\":1003,\"channel\":\"getaccountinfo\",\"message\":\"bad sign\","
                         + "\"no\":\"5\"}";
        assertThatThrownBy(() -> StreamTradingFrames.restShaped("getAccountInfo", refused))
                .isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> assertThat(e.code()).isEqualTo(1003));
        assertThatThrownBy(() -> StreamTradingFrames.restShaped("order",
                "{\"success\":true,\"code\":1000,\"data\":\"{\\\"entrustId\\\":-1}\"}"))
                .isInstanceOf(ExchangeReplyFormatException.class);
        assertThatThrownBy(() -> StreamTradingFrames.restShaped("getOrder", "{\"success\":true,\"code\":1000,\"da"))
                .isInstanceOf(ExchangeReplyFormatException.class);
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }
}
