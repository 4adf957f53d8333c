package com.camelexchange.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's properties are hand-written; this keeps them in step with the component: every option of the
 * component's metadata is a property with the same description and default, so IDEs complete all of them.
 */
class ConfigurationMetadataTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void everyComponentOptionIsAPropertyWithItsDescriptionAndDefault() throws Exception {
        JsonNode component = read("META-INF/com/camelexchange/component/exchange.json").get("componentProperties");
        Map<String, JsonNode> properties = new HashMap<>();
        read("META-INF/spring-configuration-metadata.json").get("properties")
                .forEach(p -> properties.put(p.get("name").asText(), p));

        int checked = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = component.fields(); it.hasNext(); checked++) {
            Map.Entry<String, JsonNode> option = it.next();
            String name = "camel.component.exchange." + kebab(option.getKey());
            JsonNode property = properties.get(name);
            assertThat(property).as(name).isNotNull();
            assertThat(property.path("description").asText()).as(name)
                    .startsWith(option.getValue().get("description").asText());
            if (option.getValue().has("defaultValue")) {
                assertThat(property.path("defaultValue").asText()).as(name)
                        .isEqualToIgnoringCase(option.getValue().get("defaultValue").asText());
            }
        }
        assertThat(checked).isGreaterThanOrEqualTo(42);
    }

    @Test
    void thereIsNoPropertyTheComponentDoesNotHave() throws Exception {
        JsonNode component = read("META-INF/com/camelexchange/component/exchange.json").get("componentProperties");
        java.util.Set<String> options = new java.util.HashSet<>();
        component.fieldNames().forEachRemaining(o -> options.add("camel.component.exchange." + kebab(o)));
        // The starter's own switches.
        options.add("camel.component.exchange.enabled");
        options.add("camel.component.exchange.customizer.enabled");
        read("META-INF/spring-configuration-metadata.json").get("properties").forEach(p -> {
            String name = p.get("name").asText();
            if (name.startsWith("camel.component.exchange.")) {
                assertThat(options).as("a property of an option the component has").contains(name);
            }
        });
    }

    @Test
    void theClusterPropertiesAreDescribedWithTheirDefaults() throws Exception {
        Map<String, JsonNode> properties = new HashMap<>();
        read("META-INF/spring-configuration-metadata.json").get("properties").forEach(p -> {
            String name = p.get("name").asText();
            if (name.startsWith("camel.exchange.cluster.")) {
                properties.put(name, p);
            }
        });
        Map<String, String> defaults = new HashMap<>();
        defaults.put("camel.exchange.cluster.zookeeper.connect-string", null);
        defaults.put("camel.exchange.cluster.zookeeper.session-timeout", "10s");
        defaults.put("camel.exchange.cluster.zookeeper.connection-timeout", "5s");
        defaults.put("camel.exchange.cluster.zookeeper.base-path", "/camel-exchange");
        defaults.put("camel.exchange.cluster.node-id", null);
        defaults.put("camel.exchange.cluster.rate-budgets.enabled", "true");
        defaults.put("camel.exchange.cluster.rate-budgets.clock-tolerance", "10ms");
        defaults.put("camel.exchange.cluster.state-repository.enabled", "true");
        defaults.put("camel.exchange.cluster.leadership.enabled", "true");
        assertThat(properties.keySet()).containsExactlyInAnyOrderElementsOf(defaults.keySet());
        defaults.forEach((name, value) -> {
            JsonNode property = properties.get(name);
            assertThat(property.path("description").asText()).as(name).isNotBlank().doesNotContain("{@");
            if (value == null) {
                assertThat(property.has("defaultValue")).as(name + " has no default").isFalse();
            } else {
                assertThat(property.path("defaultValue").asText()).as(name).isEqualTo(value);
            }
        });
        assertThat(properties.get("camel.exchange.cluster.zookeeper.session-timeout").path("description").asText())
                .as("what the session timeout means for a failover").contains("killed");
    }

    @Test
    void theCustomizerSwitchesAndEnumValuesAreDescribedForIdes() throws Exception {
        JsonNode additional = read("META-INF/additional-spring-configuration-metadata.json");
        assertThat(additional.get("properties").findValuesAsText("name"))
                .contains("camel.component.exchange.enabled", "camel.component.exchange.customizer.enabled");
        assertThat(additional.get("hints").findValuesAsText("name")).contains("camel.component.exchange.api-variant",
                "camel.component.exchange.type", "camel.component.exchange.trade-type");
    }

    private JsonNode read(String resource) throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return json.readTree(in);
        }
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
    }
}
