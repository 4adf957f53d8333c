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
        assertThat(TradingFrame.signedText(fields)).isEqualTo(Json.MAPPER.writeValueAsString(sorted));
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
