package com.camelexchange.kamelets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.TransformerKey;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Kamelet files as the jar ships them (filtered, under {@code kamelets/} on the classpath): the
 * structure camel-kamelet and Kamelet catalogues read, properties that match the template, and endpoint
 * options that the exchange component really has.
 */
class KameletDefinitionsTest {
    private static final List<String> KAMELETS =
            List.of("exchange-ticker-source", "exchange-trades-source", "exchange-order-sink");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\?)?([^}:]+)}}");
    /** The settings check's placeholder function, which stands for the optional baseUrl property. */
    private static final Pattern SETTINGS = Pattern.compile("\\{\\{" + KameletSettings.NAME + ":([^}:]+)(:keys)?}}");
    private static final Set<String> PROPERTY_TYPES = Set.of("string", "integer", "number", "boolean");
    private static final String CREDENTIALS = "urn:camel:group:credentials";

    /** The exchange endpoint's options, by name, from the metadata the component ships. */
    private static JsonNode endpointOptions;

    @BeforeAll
    static void readComponentMetadata() throws Exception {
        try (InputStream in = resource("META-INF/com/camelexchange/component/exchange.json").openStream()) {
            endpointOptions = new ObjectMapper().readTree(in).get("properties");
        }
        assertThat(endpointOptions).isNotNull();
    }

    static List<String> kamelets() {
        return KAMELETS;
    }

    @Test
    void theJarShipsExactlyTheThreeKamelets() throws Exception {
        Path folder = Path.of(resource("kamelets/exchange-order-sink.kamelet.yaml").toURI()).getParent();
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(KAMELETS.stream().map(n -> n + ".kamelet.yaml").toList());
        }
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void headerNamesTheKameletAndItsType(String name) throws Exception {
        Map<String, Object> kamelet = load(name);
        assertThat(kamelet.get("apiVersion")).isEqualTo("camel.apache.org/v1");
        assertThat(kamelet.get("kind")).isEqualTo("Kamelet");
        Map<String, Object> metadata = map(kamelet, "metadata");
        assertThat(metadata.get("name")).as("metadata.name is the file name").isEqualTo(name);
        String type = name.substring(name.lastIndexOf('-') + 1);
        assertThat(map(metadata, "labels")).containsEntry("camel.apache.org/kamelet.type", type);
        assertThat(map(metadata, "annotations")).containsKeys("camel.apache.org/kamelet.support.level",
                "camel.apache.org/catalog.version", "camel.apache.org/provider", "camel.apache.org/kamelet.group");
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void everyPropertyIsDescribedAndEveryRequiredOneDefined(String name) throws Exception {
        Map<String, Object> definition = map(map(load(name), "spec"), "definition");
        assertThat((String) definition.get("title")).isNotBlank();
        assertThat((String) definition.get("description")).isNotBlank();
        assertThat(definition.get("type")).isEqualTo("object");
        Map<String, Object> properties = map(definition, "properties");
        List<String> required = list(definition, "required");

        assertThat(properties).containsKeys(required.toArray(String[]::new));
        assertThat(required).contains("market");
        if (name.endsWith("-sink")) {
            // Not required: a sink without its own keys uses the exchange component's.
            assertThat(properties).containsKeys("accessKey", "secretKey");
            assertThat(required).doesNotContain("accessKey", "secretKey");
        }
        properties.forEach((property, value) -> {
            @SuppressWarnings("unchecked")
            Map<String, Object> spec = (Map<String, Object>) value;
            assertThat((String) spec.get("title")).as(property + " title").isNotBlank();
            assertThat((String) spec.get("description")).as(property + " description").isNotBlank();
            assertThat(PROPERTY_TYPES).as(property + " type").contains((String) spec.get("type"));
            Object defaultValue = spec.get("default");
            if (defaultValue != null) {
                assertThat(required).as(property + " has a default, so it is not required").doesNotContain(property);
                assertThat(defaultValue).as(property + " default").isInstanceOf(switch ((String) spec.get("type")) {
                    case "boolean" -> Boolean.class;
                    case "integer" -> Integer.class;
                    case "number" -> Number.class;
                    default -> String.class;
                });
            }
        });
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void keysAreSecretCredentials(String name) throws Exception {
        Map<String, Object> properties = map(map(map(load(name), "spec"), "definition"), "properties");
        for (Map.Entry<String, Object> option : templateParameters(load(name)).entrySet()) {
            JsonNode endpointOption = endpointOptions.get(option.getKey());
            if (endpointOption.path("secret").asBoolean()) {
                String property = placeholders(option.getValue()).keySet().iterator().next();
                @SuppressWarnings("unchecked")
                Map<String, Object> spec = (Map<String, Object>) properties.get(property);
                assertThat(spec.get("format")).as(property + " format").isEqualTo("password");
                assertThat(list(spec, "x-descriptors")).as(property + " x-descriptors").contains(CREDENTIALS);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void theTemplateUsesEveryPropertyAndOnlyDefinedOnes(String name) throws Exception {
        Map<String, Object> kamelet = load(name);
        Map<String, Object> definition = map(map(kamelet, "spec"), "definition");
        Map<String, Object> properties = map(definition, "properties");
        List<String> required = list(definition, "required");
        Map<String, Object> template = map(map(kamelet, "spec"), "template");
        Map<String, Boolean> used = placeholders(template);
        // {{name}} also refers to a bean the template declares itself.
        if (template.get("beans") != null) {
            List<Map<String, Object>> beans = list(template, "beans");
            beans.forEach(bean -> used.remove((String) bean.get("name")));
        }

        assertThat(used.keySet()).as("placeholders of the template").containsExactlyInAnyOrderElementsOf(properties.keySet());
        used.forEach((property, optional) -> {
            @SuppressWarnings("unchecked")
            boolean hasDefault = ((Map<String, Object>) properties.get(property)).containsKey("default");
            if (optional) {
                assertThat(required).as("{{?" + property + "}} is optional, so not required").doesNotContain(property);
            } else {
                assertThat(required.contains(property) || hasDefault)
                        .as("{{" + property + "}} must be required or have a default, else the route cannot start")
                        .isTrue();
            }
        });
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void theTemplateCallsTheExchangeWithOptionsTheComponentHas(String name) throws Exception {
        Map<String, Object> kamelet = load(name);
        Map<String, Object> template = map(map(kamelet, "spec"), "template");
        Map<String, Object> from = map(template, "from");
        List<Map<String, Object>> steps = steps(from);
        if (name.endsWith("-source")) {
            String operation = name.substring("exchange-".length(), name.length() - "-source".length());
            assertThat(from.get("uri")).isEqualTo("exchange:" + operation);
            assertThat(steps.get(steps.size() - 1)).as("the last step").isEqualTo(Map.of("to", "kamelet:sink"));
        } else {
            assertThat(from.get("uri")).isEqualTo("kamelet:source");
            assertThat(map(steps.get(steps.size() - 1), "to").get("uri")).isEqualTo("exchange:order");
        }

        Map<String, Object> properties = map(map(map(kamelet, "spec"), "definition"), "properties");
        templateParameters(kamelet).forEach((option, value) -> {
            JsonNode endpointOption = endpointOptions.get(option);
            assertThat(endpointOption).as("exchange endpoint option " + option).isNotNull();
            // A property that feeds an enum option may only offer values the option takes.
            String property = placeholders(value).keySet().iterator().next();
            @SuppressWarnings("unchecked")
            List<Object> offered = (List<Object>) ((Map<String, Object>) properties.get(property)).get("enum");
            if (offered != null) {
                List<String> allowed = new ArrayList<>();
                endpointOption.get("enum").forEach(e -> allowed.add(e.asText()));
                assertThat(offered).as(property + " values").allSatisfy(v -> assertThat(allowed).contains(v.toString()));
            }
        });
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void theBaseUrlGoesThroughTheSettingsCheckUnderTheKameletsOwnName(String name) throws Exception {
        Object baseUrl = templateParameters(load(name)).get("baseUrl");
        assertThat(baseUrl).as("the exchange endpoint's baseUrl")
                .isEqualTo("{{" + KameletSettings.NAME + ":" + name + (name.endsWith("-sink") ? ":keys" : "") + "}}");
        assertThat(resource("META-INF/services/org/apache/camel/properties-function/" + KameletSettings.NAME))
                .as("the function Camel finds by its name").isNotNull();
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void dataTypesNameTransformersCamelHasAndTheSourcesApplyTheirDefault(String name) throws Exception {
        Map<String, Object> kamelet = load(name);
        String direction = name.endsWith("-source") ? "out" : "in";
        Map<String, Object> dataTypes = map(map(map(kamelet, "spec"), "dataTypes"), direction);
        Map<String, Object> types = map(dataTypes, "types");
        assertThat(dataTypes.get("default")).isEqualTo("json");
        assertThat(map(types, "json")).containsEntry("format", "application-json")
                .containsEntry("mediaType", "application/json");

        try (DefaultCamelContext context = new DefaultCamelContext()) {
            context.start();
            types.forEach((type, value) -> {
                @SuppressWarnings("unchecked")
                String format = (String) ((Map<String, Object>) value).get("format");
                assertThat(context.getTransformerRegistry().resolveTransformer(new TransformerKey(format)))
                        .as(type + ": a transformer named " + format + " is on the classpath").isNotNull();
            });
        }
        if (name.endsWith("-source")) {
            // The default output is made in the template, the catalog's way, so that a route gets it as it is.
            List<Map<String, Object>> steps = steps(map(map(map(kamelet, "spec"), "template"), "from"));
            assertThat(steps.get(steps.size() - 2)).as("the step before kamelet:sink")
                    .isEqualTo(Map.of("transformDataType", Map.of("toType", "application-json")));
        }
    }

    @ParameterizedTest
    @MethodSource("kamelets")
    void dependenciesNameThisReleaseOfTheComponent(String name) throws Exception {
        Map<String, Object> kamelet = load(name);
        List<String> dependencies = list(map(kamelet, "spec"), "dependencies");
        String version = System.getProperty("project.version");
        assertThat(version).as("set by the build").isNotBlank();
        assertThat(dependencies).contains("camel:kamelet", "mvn:com.camelexchange:camel-exchange-component:" + version);
        assertThat(String.join(" ", dependencies)).doesNotContain("@");
        if (name.endsWith("-source")) {
            assertThat(dependencies).as("application-json is camel-jackson's").contains("camel:jackson");
        }
        assertThat(map(map(kamelet, "metadata"), "annotations"))
                .containsEntry("camel.apache.org/catalog.version", version);
    }

    // ---------------------------------------------------------------- reading

    private static URL resource(String path) {
        URL url = KameletDefinitionsTest.class.getClassLoader().getResource(path);
        assertThat(url).as("on the classpath: " + path).isNotNull();
        return url;
    }

    /** The headers a source declares on its output ({@code spec.dataTypes.out.headers}). */
    static Set<String> declaredOutputHeaders(String name) throws Exception {
        return map(map(map(map(load(name), "spec"), "dataTypes"), "out"), "headers").keySet();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> load(String name) throws Exception {
        try (InputStream in = resource("kamelets/" + name + ".kamelet.yaml").openStream()) {
            return (Map<String, Object>) new Load(LoadSettings.builder().build()).loadFromInputStream(in);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        assertThat(value).as(key).isInstanceOf(Map.class);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> list(Map<String, Object> parent, String key) {
        Object value = parent.get(key);
        assertThat(value).as(key).isInstanceOf(List.class);
        return (List<T>) value;
    }

    private static List<Map<String, Object>> steps(Map<String, Object> from) {
        return list(from, "steps");
    }

    /** The parameters of the exchange endpoint: on from for a source, on the last to for a sink. */
    private static Map<String, Object> templateParameters(Map<String, Object> kamelet) {
        Map<String, Object> from = map(map(map(kamelet, "spec"), "template"), "from");
        Map<String, Object> endpoint = String.valueOf(from.get("uri")).startsWith("exchange:") ? from
                : map(steps(from).get(steps(from).size() - 1), "to");
        Map<String, Object> parameters = map(endpoint, "parameters");
        parameters.values().forEach(v -> assertThat(placeholders(v)).as("parameter value " + v).hasSize(1));
        return parameters;
    }

    /** The property placeholders anywhere below a node, each with whether it is optional ({{?name}}). */
    private static Map<String, Boolean> placeholders(Object node) {
        Map<String, Boolean> found = new HashMap<>();
        collect(node, found);
        return found;
    }

    private static void collect(Object node, Map<String, Boolean> found) {
        if (node instanceof Map<?, ?> map) {
            map.values().forEach(v -> collect(v, found));
        } else if (node instanceof List<?> list) {
            list.forEach(v -> collect(v, found));
        } else if (node instanceof String text) {
            Matcher m = PLACEHOLDER.matcher(text);
            while (m.find()) {
                found.merge(m.group(2), m.group(1) != null, Boolean::logicalAnd);
            }
            if (SETTINGS.matcher(text).find()) {
                found.merge("baseUrl", true, Boolean::logicalAnd);
            }
        }
    }
}
