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
}
