package com.camelexchange.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.SanitizableData;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's properties are generated from the component's metadata while the starter is built; this checks
 * what the build produced: every option of the component's {@code exchange.json} is a property with its type,
 * description and default in the IDE metadata, every option limited to a list of values has a hint with that list,
 * every secret option is masked, and there is no property the component does not have.
 */
class ConfigurationMetadataTest {
    private static final String PREFIX = "camel.component.exchange.";
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void everyComponentOptionIsAPropertyWithItsTypeDescriptionAndDefault() throws Exception {
        Map<String, JsonNode> properties = byName(read("META-INF/spring-configuration-metadata.json").get("properties"));

        int checked = 0;
        for (Map.Entry<String, JsonNode> option : componentOptions().entrySet()) {
            String name = PREFIX + kebab(option.getKey());
            JsonNode property = properties.get(name);
            assertThat(property).as(name).isNotNull();
            assertThat(property.path("type").asText()).as(name).isEqualTo(propertyType(option.getValue()));
            assertThat(property.path("description").asText()).as(name)
                    .startsWith(option.getValue().get("description").asText().trim());
            if (option.getValue().has("defaultValue")) {
                assertThat(property.path("defaultValue").asText()).as(name)
                        .isEqualToIgnoringCase(option.getValue().get("defaultValue").asText());
            } else {
                assertThat(property.has("defaultValue")).as(name + " has no default").isFalse();
            }
            checked++;
        }
        assertThat(checked).isGreaterThanOrEqualTo(65);
    }

    @Test
    void thereIsNoPropertyTheComponentDoesNotHave() throws Exception {
        Set<String> options = new HashSet<>();
        componentOptions().keySet().forEach(o -> options.add(PREFIX + kebab(o)));
        // The starter's own switches.
        options.add("camel.component.exchange.enabled");
        options.add("camel.component.exchange.customizer.enabled");
        read("META-INF/spring-configuration-metadata.json").get("properties").forEach(p -> {
            String name = p.get("name").asText();
            if (name.startsWith(PREFIX)) {
                assertThat(options).as("a property of an option the component has").contains(name);
            }
        });
    }

    @Test
    void everyOptionLimitedToAListOfValuesHasAHintWithThatList() throws Exception {
        Map<String, List<String>> expected = new HashMap<>();
        componentOptions().forEach((option, metadata) -> {
            if (metadata.has("enum")) {
                List<String> values = new ArrayList<>();
                metadata.get("enum").forEach(v -> values.add(v.asText()));
                expected.put(PREFIX + kebab(option), values);
            }
        });
        assertThat(expected).containsKeys(PREFIX + "api-variant", PREFIX + "type", PREFIX + "acct-type",
                PREFIX + "order-type", PREFIX + "trade-type");

        Map<String, List<String>> hints = new HashMap<>();
        read("META-INF/spring-configuration-metadata.json").get("hints").forEach(hint -> {
            List<String> values = new ArrayList<>();
            hint.get("values").forEach(v -> values.add(v.get("value").asText()));
            hints.put(hint.get("name").asText(), values);
        });
        assertThat(hints).isEqualTo(expected);
    }

    @Test
    void everySecretOptionIsMaskedAndSaysSo() throws Exception {
        Map<String, JsonNode> properties = byName(read("META-INF/spring-configuration-metadata.json").get("properties"));
        SecretPropertySanitizer sanitizer = new SecretPropertySanitizer(null);
        List<String> secret = new ArrayList<>();
        componentOptions().forEach((option, metadata) -> {
            if (metadata.path("secret").asBoolean()) {
                secret.add(option);
            }
        });
        assertThat(secret).contains("accessKey", "secretKey");
        for (String option : secret) {
            String name = PREFIX + kebab(option);
            assertThat(sanitizer.apply(new SanitizableData(null, name, "a-key")).getValue()).as(name)
                    .isEqualTo(SanitizableData.SANITIZED_VALUE);
            assertThat(properties.get(name).path("description").asText()).as(name)
                    .endsWith("Shown masked by the Actuator endpoints.");
        }
    }

    @Test
    void everyObjectOptionSaysItTakesABeanReference() throws Exception {
        Map<String, JsonNode> properties = byName(read("META-INF/spring-configuration-metadata.json").get("properties"));
        componentOptions().forEach((option, metadata) -> {
            if ("object".equals(metadata.get("type").asText())) {
                assertThat(properties.get(PREFIX + kebab(option)).path("description").asText()).as(option)
                        .contains("Give a bean reference such as #myBean");
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
    void theStartersSwitchesAreDescribedWithTheirDefaults() throws Exception {
        Map<String, JsonNode> properties = byName(read("META-INF/spring-configuration-metadata.json").get("properties"));
        for (String name : new String[] { PREFIX + "enabled", PREFIX + "customizer.enabled" }) {
            assertThat(properties.get(name)).as(name).isNotNull();
            assertThat(properties.get(name).path("type").asText()).as(name).isEqualTo("java.lang.Boolean");
            assertThat(properties.get(name).path("defaultValue").asBoolean(false)).as(name).isTrue();
            assertThat(properties.get(name).path("description").asText()).as(name).contains("exchange component");
        }
    }

    /** The component's options, as its generated metadata (in the component's jar) lists them. */
    private Map<String, JsonNode> componentOptions() throws Exception {
        Map<String, JsonNode> options = new LinkedHashMap<>();
        read("META-INF/com/camelexchange/component/exchange.json").get("componentProperties").properties()
                .forEach(option -> options.put(option.getKey(), option.getValue()));
        return options;
    }

    /**
     * The type the IDE shows: primitives boxed, so that an unset property keeps the component's default, and an
     * option of any object ({@code java.lang.Object}) as the text of a bean reference.
     */
    private static String propertyType(JsonNode option) {
        String javaType = option.get("javaType").asText().replace(" ", "");
        return switch (javaType) {
            case "boolean" -> "java.lang.Boolean";
            case "int" -> "java.lang.Integer";
            case "long" -> "java.lang.Long";
            case "double" -> "java.lang.Double";
            case "java.lang.Object" -> "java.lang.String";
            default -> javaType;
        };
    }

    private static Map<String, JsonNode> byName(JsonNode items) {
        Map<String, JsonNode> byName = new HashMap<>();
        items.forEach(item -> byName.put(item.get("name").asText(), item));
        return byName;
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
