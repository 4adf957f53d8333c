package com.camelexchange.startergen;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Set;

/**
 * One option of a component as its generated metadata ({@code componentProperties} of {@code <scheme>.json})
 * describes it.
 *
 * @param type         the catalog's kind of value: string, integer, boolean, enum, object, duration, ...
 * @param javaType     the option's Java type as the catalog writes it, e.g. {@code int} or
 *                     {@code org.apache.camel.spi.StateRepository<java.lang.String, java.lang.String>}
 * @param defaultValue the default as JSON (text, number or boolean), or null for none
 * @param enums        the allowed values, empty when any value of the type is allowed
 */
record ComponentOption(String name, String type, String javaType, String description, JsonNode defaultValue,
                       List<String> enums, boolean required, boolean secret, boolean autowired, boolean deprecated,
                       String deprecationNote) {

    /** Collections and java.time values Spring Boot binds from text itself (as Camel's own starters assume). */
    private static final List<String> BOUND_FROM_TEXT = List.of("java.util.Map", "java.util.List", "java.util.Set",
            "java.time.");
    private static final Set<String> PRIMITIVES = Set.of("boolean", "byte", "short", "char", "int", "long", "float",
            "double");

    /** The object options a user gives as a bean of the application: {@code #myBean}. */
    boolean takesBeanReference() {
        return "object".equals(type) && !takesAnyBean() && BOUND_FROM_TEXT.stream().noneMatch(javaType::startsWith);
    }

    /**
     * An option typed {@code java.lang.Object}: the component accepts a bean it may not even have the class of (a
     * Micrometer registry without Micrometer on the class path), so the property is the bean's name as text, which
     * Camel looks up when it configures the component.
     */
    boolean takesAnyBean() {
        return "java.lang.Object".equals(javaType);
    }

    /** An option whose values are the constants of a Java enum (not a string or a number limited to a list). */
    boolean isJavaEnum() {
        return "enum".equals(type) && !PRIMITIVES.contains(javaType) && !javaType.startsWith("java.lang.");
    }

    boolean hasDefault() {
        return defaultValue != null && !defaultValue.isNull() && !defaultValue.asText().isEmpty();
    }
}
