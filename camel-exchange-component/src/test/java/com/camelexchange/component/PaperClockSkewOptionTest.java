package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.paper.PaperOptions;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code paperClockSkew}, how far a date of the live market may be ahead of this machine's clock in paper mode: a
 * component option like the other paper options (in the generated metadata with its default, which the component
 * and the paper settings share), refused out of bounds with its name before anything starts.
 */
class PaperClockSkewOptionTest {

    @Test
    void theOptionIsDeclaredWithTheDefaultThePaperExchangeTakes() throws Exception {
        JsonNode options;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/com/camelexchange/component/exchange.json")) {
            options = new ObjectMapper().readTree(in).get("componentProperties");
        }
        JsonNode skew = options.get("paperClockSkew");
        assertThat(skew.get("group").asText()).isEqualTo("paper");
        assertThat(skew.get("defaultValue").asInt()).isEqualTo(PaperOptions.DEFAULT_CLOCK_SKEW_SECONDS)
                .isEqualTo(new ExchangeComponent().getPaperClockSkew()).isEqualTo(5);
        assertThat(skew.get("description").asText()).contains("this machine's clock");
        assertThat(PaperOptions.clockSkew(5)).isEqualTo(Duration.ofSeconds(5));
        assertThat(PaperOptions.clockSkew(0)).isEqualTo(Duration.ZERO);
    }

    @Test
    void aSkewOutOfBoundsIsRefusedWithTheOptionsName() {
        for (int seconds : new int[] {-1, PaperOptions.MAX_CLOCK_SKEW_SECONDS + 1}) {
            assertThatThrownBy(() -> PaperOptions.clockSkew(seconds)).isInstanceOf(ExchangeValidationException.class)
                    .hasMessageContaining("paperClockSkew").hasMessageContaining(seconds + " s is not within 0 to 3600");
        }
    }
}
