package com.camelexchange.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jackson.JacksonDataFormat;
import org.apache.camel.model.dataformat.JsonLibrary;
import org.apache.camel.support.PluginHelper;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bodies through camel-jackson with its defaults, as users route them: marshalled by a YAML route
 * ({@code marshal: json: library: Jackson}), unmarshalled by Java DSL routes into the model type, and the
 * JSON text held to its documented form. Single bodies also go through camel-jacksonxml and back.
 */
final class JsonForms {
    private static final String ISO_UTC = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{3,9})?Z";
    private static final ObjectMapper TREE = new ObjectMapper();

    private final ProducerTemplate template;

    private JsonForms(ProducerTemplate template) {
        this.template = template;
    }

    /** Adds the marshal route (YAML) and one unmarshal route per type, single or as a list (Java). */
    static JsonForms in(CamelContext context, Class<?>... types) throws Exception {
        PluginHelper.getRoutesLoader(context).loadRoutes(
                PluginHelper.getResourceLoader(context).resolveResource("classpath:routes/json-marshal.yaml"));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (Class<?> type : types) {
                    from("direct:unmarshal-" + type.getSimpleName()).unmarshal().json(JsonLibrary.Jackson, type);
                    JacksonDataFormat list = new JacksonDataFormat(type);
                    list.useList();
                    from("direct:unmarshal-list-" + type.getSimpleName()).unmarshal(list);
                    from("direct:unmarshal-xml-" + type.getSimpleName()).unmarshal().jacksonXml(type);
                }
                from("direct:marshal-xml").marshal().jacksonXml();
                from("direct:unmarshal-map").unmarshal().json(JsonLibrary.Jackson);
            }
        });
        return new JsonForms(context.createProducerTemplate());
    }

    /**
     * The body's JSON text; the text unmarshals back into a value equal to the body, and so does its XML
     * (a body without null text fields, which XML writes as empty elements that read back as empty text).
     */
    JsonNode roundTrip(Object body, Class<?> type) {
        String json = template.requestBody("direct:marshal", body, String.class);
        Object back = template.requestBody("direct:unmarshal-" + type.getSimpleName(), json);
        assertThat(back).as("%s read back from %s", type.getSimpleName(), json).isEqualTo(body);
        String xml = template.requestBody("direct:marshal-xml", body, String.class);
        assertThat(template.requestBody("direct:unmarshal-xml-" + type.getSimpleName(), xml))
                .as("%s read back from %s", type.getSimpleName(), xml).isEqualTo(body);
        assertThat(xml).doesNotContain("com.camelexchange");
        return checked(json);
    }

    /** The same for a list body of the element type. */
    JsonNode roundTripList(List<?> body, Class<?> elementType) {
        String json = template.requestBody("direct:marshal", body, String.class);
        Object back = template.requestBody("direct:unmarshal-list-" + elementType.getSimpleName(), json);
        assertThat(back).as("list of %s read back from %s", elementType.getSimpleName(), json).isEqualTo(body);
        return checked(json);
    }

    /** A body's JSON text, for bodies read back by the test itself (maps keyed by market). */
    String marshal(Object body) {
        String json = template.requestBody("direct:marshal", body, String.class);
        checked(json);
        return json;
    }

    /** The JSON unmarshalled without a type, as a route that does not know the model would. */
    Object untyped(String json) {
        return template.requestBody("direct:unmarshal-map", json);
    }

    /** Whatever the model: no binary number with a fraction, no class name, no derived getter. */
    private static JsonNode checked(String json) {
        JsonNode tree;
        try {
            tree = TREE.readTree(json);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + json, e);
        }
        assertNoDoubles(tree, json);
        assertThat(json).doesNotContain("\"class\"", "@class", "com.camelexchange");
        return tree;
    }

    private static void assertNoDoubles(JsonNode node, String json) {
        assertThat(node.isFloatingPointNumber()).as("a decimal written as a JSON number in %s", json).isFalse();
        for (JsonNode child : node) {
            assertNoDoubles(child, json);
        }
    }

    /** The object's field names, in order. */
    static void assertFields(JsonNode node, String... names) {
        Iterator<String> it = node.fieldNames();
        List<String> actual = new java.util.ArrayList<>();
        it.forEachRemaining(actual::add);
        assertThat(actual).as("fields of %s", node).containsExactly(names);
    }

    /** A decimal as exact plain-notation text. */
    static void assertDecimal(JsonNode node, String field, BigDecimal expected) {
        assertThat(node.get(field).isTextual()).as("%s as a string in %s", field, node).isTrue();
        assertThat(node.get(field).asText()).isEqualTo(expected.toPlainString()).matches("-?\\d+(\\.\\d+)?");
    }

    /** A time as ISO-8601 UTC text. */
    static void assertTime(JsonNode node, String field, Instant expected) {
        assertThat(node.get(field).asText()).isEqualTo(expected.toString()).matches(ISO_UTC);
    }
}
