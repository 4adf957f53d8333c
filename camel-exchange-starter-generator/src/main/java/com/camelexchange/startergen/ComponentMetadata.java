package com.camelexchange.startergen;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the generator needs of a component's metadata, the {@code <scheme>.json} that camel-package-maven-plugin
 * writes into the component's jar: its scheme, class, description and component options, in the catalog's order.
 */
record ComponentMetadata(String scheme, String javaType, String description, List<ComponentOption> options) {

    static ComponentMetadata read(InputStream json) throws IOException {
        JsonNode root = new ObjectMapper().readTree(json);
        JsonNode component = required(root, "component", "the root");
        List<ComponentOption> options = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : required(root, "componentProperties", "the root")
                .properties()) {
            options.add(option(entry.getKey(), entry.getValue()));
        }
        return new ComponentMetadata(text(component, "scheme", "component"), text(component, "javaType", "component"),
                component.path("description").asText(""), List.copyOf(options));
    }

    private static ComponentOption option(String name, JsonNode option) {
        List<String> enums = new ArrayList<>();
        option.path("enum").forEach(value -> enums.add(value.asText()));
        JsonNode defaultValue = option.get("defaultValue");
        return new ComponentOption(name, text(option, "type", name), text(option, "javaType", name),
                option.path("description").asText("").trim(), defaultValue, List.copyOf(enums),
                option.path("required").asBoolean(false), option.path("secret").asBoolean(false),
                option.path("autowired").asBoolean(false), option.path("deprecated").asBoolean(false),
                option.path("deprecationNote").asText(""));
    }

    private static String text(JsonNode node, String field, String where) {
        String value = required(node, field, where).asText();
        if (value.isBlank()) {
            throw new IllegalArgumentException("An empty " + field + " in " + where + " of the component's metadata");
        }
        return value;
    }

    private static JsonNode required(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException("No " + field + " in " + where + " of the component's metadata");
        }
        return value;
    }
}
