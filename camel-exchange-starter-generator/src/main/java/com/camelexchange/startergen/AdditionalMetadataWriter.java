package com.camelexchange.startergen;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Locale;

/**
 * Writes {@code META-INF/additional-spring-configuration-metadata.json}, which the Spring Boot configuration
 * processor merges into the IDE metadata: the starter's two switches, and a hint with the allowed values of every
 * option the component limits to a list (so IDEs complete {@code type: 1min} as they complete an enum).
 */
final class AdditionalMetadataWriter {
    static final String PATH = "META-INF/additional-spring-configuration-metadata.json";

    private AdditionalMetadataWriter() {
    }

    static String write(ComponentMetadata component) {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        String prefix = ConfigurationClassWriter.prefix(component);
        ObjectNode root = json.createObjectNode();
        ArrayNode properties = root.putArray("properties");
        switchProperty(properties.addObject(), prefix + ".enabled",
                "Whether to apply the " + prefix + ".* properties to the " + component.scheme() + " component.");
        switchProperty(properties.addObject(), prefix + ".customizer.enabled",
                "Whether the customizer that copies these properties onto the " + component.scheme()
                + " component runs (overrides camel.component.customizer.enabled).");
        ArrayNode hints = root.putArray("hints");
        for (ComponentOption option : component.options()) {
            if (!option.enums().isEmpty()) {
                ObjectNode hint = hints.addObject().put("name", prefix + "." + dashed(option.name()));
                ArrayNode values = hint.putArray("values");
                option.enums().forEach(value -> values.addObject().put("value", value));
            }
        }
        try {
            return json.writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The name as Spring Boot spells it in its metadata: apiVariant as api-variant. */
    static String dashed(String name) {
        return name.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    private static void switchProperty(ObjectNode property, String name, String description) {
        property.put("name", name).put("type", "java.lang.Boolean").put("defaultValue", true)
                .put("description", description);
    }
}
