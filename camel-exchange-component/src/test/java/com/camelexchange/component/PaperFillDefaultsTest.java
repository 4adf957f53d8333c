package com.camelexchange.component;

import com.camelexchange.client.paper.PaperOptions;
import com.camelexchange.simulator.engine.FillModel;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component's paper fill options say what the paper exchange does: the same model names, and as defaults the
 * ones the paper exchange takes when they are not set (which the simulator decides, in {@link FillModel}).
 */
class PaperFillDefaultsTest {

    @Test
    void theFillOptionsNameTheSimulatorsModelsAndDefaults() throws Exception {
        JsonNode options;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/com/camelexchange/component/exchange.json")) {
            options = new ObjectMapper().readTree(in).get("componentProperties");
        }
        List<String> models = Arrays.stream(FillModel.Kind.values()).map(FillModel.Kind::optionName).toList();
        assertThat(PaperOptions.FILL_MODELS).isEqualTo(models);
        assertThat(options.get("paperFillModel").get("enum")).extracting(JsonNode::asText).isEqualTo(models);
        assertThat(options.get("paperFillModel").get("defaultValue").asText())
                .isEqualTo(FillModel.DEFAULT_KIND.optionName());
        assertThat(options.get("paperLatency").get("defaultValue").asLong())
                .isEqualTo(FillModel.TYPICAL_LATENCY.toMillis()).isEqualTo(PaperOptions.DEFAULT_LATENCY_MILLIS)
                .isEqualTo(new ExchangeComponent().getPaperLatency());
        assertThat(PaperOptions.MAX_LATENCY_MILLIS).isEqualTo(FillModel.MAX_LATENCY.toMillis());
    }
}
