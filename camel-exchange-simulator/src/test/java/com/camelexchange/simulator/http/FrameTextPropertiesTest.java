package com.camelexchange.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The texts the simulator writes by hand for speed are the mapper's, to the character, whatever the strings: the text
 * a frame's signature is checked against (a different character is a different signature), and the replies to
 * requests (read as the same JSON, and written as the mapper writes strings).
 */
class FrameTextPropertiesTest {

    @Property(tries = 1000, seed = "20261129")
    void theSignedTextIsTheMappersTextOfTheSortedFields(
            @ForAll @Size(max = 8) Map<@StringLength(max = 12) String, @StringLength(max = 20) String> fields)
            throws Exception {
        TreeMap<String, String> sorted = new TreeMap<>(fields);
        sorted.remove("sign");
        String expected = Json.MAPPER.writeValueAsString(sorted);
        assertThat(TradingFrame.signedText(fields)).isEqualTo(expected);
        // As a client sends them: sorted, the sign last.
        Map<String, String> sent = new java.util.LinkedHashMap<>(sorted);
        sent.put("sign", "0123456789abcdef0123456789abcdef");
        assertThat(TradingFrame.signedText(sent)).isEqualTo(expected);
    }

    @Property(tries = 1000, seed = "20261129")
    void aPlainFrameReadWithoutATreeHasTheFieldsTheTreeHas(
            @ForAll @Size(max = 20) Map<@StringLength(max = 40) String, @StringLength(max = 140) String> fields)
            throws Exception {
        String text = Json.MAPPER.writeValueAsString(fields);
        TradingFrame plain = TradingFrame.readPlain(text);
        boolean withinBounds = fields.size() <= TradingFrame.MAX_FIELDS
                && fields.keySet().stream().allMatch(n -> n.length() <= TradingFrame.MAX_NAME_LENGTH)
                && fields.entrySet().stream().allMatch(f -> f.getValue().length()
                        <= (f.getKey().equals("no") ? TradingFrame.MAX_NO_LENGTH : TradingFrame.MAX_VALUE_LENGTH));
        assertThat(plain != null).as("read plain exactly when within the bounds").isEqualTo(withinBounds);
        if (plain != null) {
            assertThat(plain.fields()).containsExactlyEntriesOf(TradingFrame.read(Json.MAPPER.readTree(text)).fields());
        }
    }

    @Property(tries = 300, seed = "20261129")
    void aFrameThatIsNotPlainIsLeftToTheTree(@ForAll @StringLength(max = 60) String text) {
        TradingFrame plain = TradingFrame.readPlain(text);
        if (plain != null) {
            assertThat(text.trim()).startsWith("{");
        }
        assertThat(TradingFrame.readPlain("{\"no\":1,\"channel\":\"x\"}")).as("a number").isNull();
        assertThat(TradingFrame.readPlain("{\"a\":\"1\",\"a\":\"2\"}")).as("a name twice").isNull();
        assertThat(TradingFrame.readPlain("{\"a\":{\"b\":\"1\"}}")).as("nested").isNull();
        assertThat(TradingFrame.readPlain("{\"a\":\"1\"} {")).as("something after").isNull();
    }

    @Property(tries = 1000, seed = "20261129")
    void repliesAreTheTreesTheMapperWrote(@ForAll @StringLength(max = 20) String channel,
                                         @ForAll @StringLength(max = 20) String no,
                                         @ForAll @StringLength(max = 30) String message) throws Exception {
        String error = TradingPayloads.error(channel, no, 3001, message);
        JsonNode read = Json.MAPPER.readTree(error);
        assertThat(read.get("channel").asText()).isEqualTo(channel);
        assertThat(read.get("no").asText()).isEqualTo(no);
        assertThat(read.get("message").asText()).isEqualTo(message);
        assertThat(error).isEqualTo(Json.write(read));
        String placed = TradingPayloads.orderPlaced(channel, no, 202401010000000029L);
        assertThat(placed).isEqualTo(Json.write(Json.MAPPER.readTree(placed)));
        assertThat(Json.MAPPER.readTree(placed).get("data").asText()).isEqualTo("{\"entrustId\":202401010000000029}");
        String cancelled = TradingPayloads.success(channel, null, TradingPayloads.SUCCESS, null);
        assertThat(cancelled).isEqualTo(Json.write(Json.MAPPER.readTree(cancelled)));
        assertThat(Json.MAPPER.readTree(cancelled).has("no")).isFalse();
    }
}
