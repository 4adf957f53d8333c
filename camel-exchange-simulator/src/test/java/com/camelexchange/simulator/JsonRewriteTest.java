package com.camelexchange.simulator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonRewriteTest {
    private static final String TRADES = "[{\"tid\":1,\"price\":\"60000.10\",\"amount\":0.0001},"
                                         + "{\"tid\":2,\"price\":\"60000.20\",\"amount\":0.0002}]";

    @Test
    void setsOneFieldOfOneRecordToRawTextAndKeepsEveryOtherNumberAsWritten() {
        assertThat(JsonRewrite.set("/1/price", "1e999999999").apply(TRADES))
                .isEqualTo("[{\"tid\":1,\"price\":\"60000.10\",\"amount\":0.0001},"
                           + "{\"tid\":2,\"price\":1e999999999,\"amount\":0.0002}]");
        assertThat(JsonRewrite.set("/0/amount", "NaN").apply(TRADES)).contains("\"amount\":NaN}")
                .contains("\"amount\":0.0002");
    }

    @Test
    void removesOrDuplicatesAField() {
        assertThat(JsonRewrite.remove("/0/tid").apply(TRADES)).startsWith("[{\"price\":\"60000.10\"");
        assertThat(JsonRewrite.duplicate("/1/tid", "99").apply(TRADES)).contains("{\"tid\":2,\"tid\":99,");
    }

    @Test
    void reachesIntoNestedObjectsAndArrays() {
        String depth = "{\"asks\":[[\"60001\",\"0.5\"],[\"60002\",\"1\"]],\"bids\":[],\"timestamp\":1653997711}";
        assertThat(JsonRewrite.set("/asks/1/0", "-1").apply(depth)).contains("[\"60002\",\"1\"]".replace("\"60002\"",
                "-1"));
        assertThat(JsonRewrite.set("/timestamp", "1653997711000").apply(depth)).endsWith("\"timestamp\":1653997711000}");
        String wrapped = "{\"code\":1000,\"message\":{\"datas\":{\"list\":[{\"id\":5,\"amount\":\"1\"}]}}}";
        assertThat(JsonRewrite.set("/message/datas/list/0/amount", "\"-1\"").apply(wrapped))
                .contains("{\"id\":5,\"amount\":\"-1\"}");
    }

    @Test
    void aReplyWithoutTheFieldIsLeftAsItWas() {
        assertThat(JsonRewrite.set("/7/price", "0").apply(TRADES)).isEqualTo(TRADES);
    }

    @Test
    void addsAFieldAtTheEndOfOneRecord() {
        assertThat(JsonRewrite.add("/1", "x", "[[1]]").apply(TRADES))
                .isEqualTo("[{\"tid\":1,\"price\":\"60000.10\",\"amount\":0.0001},"
                           + "{\"tid\":2,\"price\":\"60000.20\",\"amount\":0.0002,\"x\":[[1]]}]");
    }

    @Test
    void aRawByteIsSentAsThatByteAloneAndEveryOtherCharacterAsUtf8() {
        String text = JsonRewrite.set("/0/price", "\"\u00e9" + JsonRewrite.rawByte(0xFF) + "\"").apply(TRADES);
        byte[] sent = JsonRewrite.bytes(text);
        String start = "[{\"tid\":1,\"price\":\"";
        assertThat(sent).startsWith(start.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(java.util.Arrays.copyOfRange(sent, start.length(), start.length() + 4))
                .containsExactly(0xC3, 0xA9, 0xFF, '"');
        assertThat(JsonRewrite.bytes("\uD83D\uDC80")).as("a pair of surrogates is one character, no raw byte")
                .isEqualTo("\uD83D\uDC80".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
