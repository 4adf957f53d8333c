package com.camelexchange.simulator.http;

import com.camelexchange.simulator.engine.ExchangeError;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * The server's own reading of a signed frame: the text it signs for frames sent in any key order, and the vectors
 * (computed with Python's hmac module over the sorted-strings form, for the empty secret).
 */
class TradingFrameTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            {"event":"addChannel","channel":"getaccountinfo","accesskey":"","sign":"759106335b1470ee68aef68d579b3e13"} | {"accesskey":"","channel":"getaccountinfo","event":"addChannel"} | 759106335b1470ee68aef68d579b3e13
            {"tradeType":"1","price":"1","no":"1","event":"addChannel","channel":"xrpusdt_order","amount":"1","accesskey":"","sign":"ec96bd360f7c89e1330e8c96ddd880b7"} | {"accesskey":"","amount":"1","channel":"xrpusdt_order","event":"addChannel","no":"1","price":"1","tradeType":"1"} | ec96bd360f7c89e1330e8c96ddd880b7
            {"no":"2","id":"1","event":"addChannel","channel":"xrpusdt_cancelorder","accesskey":"","sign":"918377153C771A513F864DBC642F4DD7"} | {"accesskey":"","channel":"xrpusdt_cancelorder","event":"addChannel","id":"1","no":"2"} | 918377153c771a513f864dbc642f4dd7
            """)
    void signsTheSortedStringsOfAnyFrame(String frame, String signedText, String sign) throws Exception {
        byte[] key = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(new byte[0]))
                .getBytes(StandardCharsets.US_ASCII);
        TradingFrame read = TradingFrame.read(Json.MAPPER.readTree(frame));
        assertThat(TradingFrame.signedText(read.fields())).isEqualTo(signedText);
        assertThat(SignatureVerifier.sign(key, signedText)).isEqualTo(sign);
        assertThat(read.signedWith(key)).as("hex in either case").isTrue();
    }

    @Test
    void aValueThatIsNotAStringIsAWrongSignature() throws Exception {
        JsonNode frame = Json.MAPPER.readTree("{\"channel\":\"btcusdt_getorder\",\"id\":123}");
        assertThat(catchThrowableOfType(ExchangeError.class, () -> TradingFrame.read(frame)).code()).isEqualTo(1003);
        assertThat(TradingFrame.no(Json.MAPPER.readTree("{\"no\":17}"))).isEqualTo("17");
        assertThat(TradingFrame.no(Json.MAPPER.readTree("{\"no\":{\"a\":1}}"))).isNull();
        assertThat(TradingFrame.no(Json.MAPPER.readTree("{\"no\":\"" + "1".repeat(65) + "\"}"))).isNull();
    }
}
