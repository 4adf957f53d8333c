package com.camelexchange.startergen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AdditionalMetadataWriterTest {

    @Test
    void theStartersSwitchesAndAHintForEveryOptionLimitedToAList() throws Exception {
        String written = AdditionalMetadataWriter.write(ConfigurationClassWriterTest.sample());
        JsonNode json = new ObjectMapper().readTree(written);

        assertThat(json.get("properties").findValuesAsText("name"))
                .containsExactly("camel.component.sample.enabled", "camel.component.sample.customizer.enabled");
        json.get("properties").forEach(p -> {
            assertThat(p.get("type").asText()).isEqualTo("java.lang.Boolean");
            assertThat(p.get("defaultValue").asBoolean()).isTrue();
            assertThat(p.get("description").asText()).contains("sample component");
        });

        assertThat(json.get("hints").findValuesAsText("name")).containsExactly("camel.component.sample.variant",
                "camel.component.sample.period", "camel.component.sample.acct-type");
        List<String> periods = new ArrayList<>();
        json.get("hints").get(1).get("values").forEach(v -> periods.add(v.get("value").asText()));
        assertThat(periods).containsExactly("1min", "1hour");
    }

    @Test
    void namesAreDashedAsSpringBootSpellsThem() {
        assertThat(AdditionalMetadataWriter.dashed("marketDataRequestsPerSecond"))
                .isEqualTo("market-data-requests-per-second");
        assertThat(AdditionalMetadataWriter.dashed("type")).isEqualTo("type");
    }
}
