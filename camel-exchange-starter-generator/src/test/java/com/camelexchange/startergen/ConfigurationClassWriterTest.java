package com.camelexchange.startergen;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The source written for a sample component with an option of every kind the generator knows. */
class ConfigurationClassWriterTest {
    private static final String SOURCE = "META-INF/org/example/sample.json";

    @Test
    void aConfigurationPropertiesClassInTheShapeOfCamelsStarters() throws Exception {
        String java = write(sample());
        assertThat(java).startsWith("package org.example.springboot;")
                .contains("@ConfigurationProperties(\n        prefix = \"camel.component.sample\"\n)")
                .contains("public class SampleComponentConfiguration extends ComponentConfigurationPropertiesCommon {")
                .contains("import org.apache.camel.spring.boot.ComponentConfigurationPropertiesCommon;")
                .contains("value = \"com.camelexchange.startergen.StarterConfigurationGenerator\"")
                .contains("comments = \"from " + SOURCE + "\"");
    }

    @Test
    void primitivesAreBoxedAndDefaultsAreTheFieldsInitializers() throws Exception {
        String java = write(sample());
        assertThat(java).contains("private Integer retries = 2;")
                .contains("private Long timeout = 10000L;")
                .contains("private Boolean lazy = false;")
                .contains("private Variant variant = Variant.A;")
                .contains("private String period = \"1min\";")
                .contains("private String agent = \"Mozilla/5.0 \\\"quoted\\\" $1\";")
                .contains("private BigDecimal fee = new BigDecimal(\"0.0010\");")
                .contains("private Integer acctType;")
                .contains("private String baseUrl;")
                .contains("public Integer getRetries() {\n        return retries;\n    }")
                .contains("public void setRetries(Integer retries) {\n        this.retries = retries;\n    }");
    }

    @Test
    void objectsKeepTheirTypesAndSayTheyTakeABeanReference() throws Exception {
        String java = write(sample());
        assertThat(java).contains("private StateRepository<String, String> repository;")
                .contains("* Where to keep the position. Give a bean reference such as #myBean.\n")
                .contains("private Budgets budgets;");
        assertThat(joinedJavadocLines(java))
                .contains("Where the windows are kept. " + PropertyDescriptions.AUTOWIRED_BEAN_REFERENCE);
        assertThat(java)
                // Bound by Spring Boot itself: no bean reference.
                .contains("private Map<String, Object> headers;")
                .contains("* Extra headers.\n");
    }

    @Test
    void anOptionOfAnyObjectIsTheTextOfABeanReference() throws Exception {
        assertThat(write(sample())).contains("private String registry;").contains("A registry. Give a bean reference");
    }

    @Test
    void secretsSayTheyAreMaskedAndStayOutOfToString() throws Exception {
        String java = write(sample());
        assertThat(java).contains("* The key. " + PropertyDescriptions.MASKED + "\n")
                .contains("return \"SampleComponentConfiguration[baseUrl=\" + baseUrl + \", variant=\" + variant"
                          + " + \"]\";");
    }

    @Test
    void deprecatedOptionsAreDeprecatedPropertiesWithTheirReason() throws Exception {
        String java = write(sample());
        assertThat(java).contains("@Deprecated\n    private Boolean lazy = false;")
                .contains("@Deprecated\n    @DeprecatedConfigurationProperty(\n"
                          + "            reason = \"Use eager instead.\"\n    )\n"
                          + "    public Boolean getLazy() {");
    }

    @Test
    void longDescriptionsAreWrappedWithoutLosingAWord() throws Exception {
        String description = "word ".repeat(60).trim();
        String java = write(metadata("\"note\": { \"type\": \"string\", \"javaType\": \"java.lang.String\","
                                     + " \"description\": \"" + description + "\" }"));
        String javadoc = java.substring(java.indexOf("/**", java.indexOf("class ")), java.indexOf("private String"));
        assertThat(javadoc.lines().filter(l -> l.contains("word")).count()).isGreaterThan(1);
        assertThat(javadoc.lines().filter(l -> l.contains("word")).map(l -> l.replaceFirst("^\\s*\\* ", ""))
                .reduce((a, b) -> a + " " + b).orElseThrow()).isEqualTo(description);
    }

    @Test
    void whatCannotBeWrittenFaithfullyFailsTheBuildNamingTheOption() {
        assertThatThrownBy(() -> write(metadata("\"enabled\": { \"type\": \"boolean\", \"javaType\": \"boolean\" }")))
                .hasMessageContaining("enabled");
        assertThatThrownBy(() -> write(metadata("\"delay\": { \"type\": \"duration\", \"javaType\": \"long\","
                                                + " \"defaultValue\": \"10s\" }")))
                .hasMessageContaining("delay").hasMessageContaining("duration");
        assertThatThrownBy(() -> write(metadata("\"count\": { \"type\": \"integer\", \"javaType\": \"int\","
                                                + " \"defaultValue\": \"many\" }")))
                .hasMessageContaining("count").hasMessageContaining("many");
        assertThatThrownBy(() -> write(metadata("\"x\": { \"type\": \"string\", \"javaType\": \"java.lang.String\","
                                                + " \"description\": \"ends a comment */ early\" }")))
                .hasMessageContaining("x").hasMessageContaining("*/");
    }

    /** The source with each Javadoc comment's lines joined, as the configuration processor joins them. */
    private static String joinedJavadocLines(String java) {
        return java.replaceAll("\n\\s*\\* (?!/)", " ");
    }

    static ComponentMetadata sample() throws Exception {
        try (InputStream in = ConfigurationClassWriterTest.class.getResourceAsStream("/sample-component.json")) {
            return ComponentMetadata.read(in);
        }
    }

    static ComponentMetadata metadata(String options) throws Exception {
        String json = "{ \"component\": { \"scheme\": \"sample\", \"javaType\": \"org.example.SampleComponent\" },"
                      + " \"componentProperties\": { " + options + " } }";
        return ComponentMetadata.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static String write(ComponentMetadata component) {
        return ConfigurationClassWriter.write(component, "org.example.springboot", SOURCE).toString();
    }
}
