package com.camelexchange.startergen;

import com.palantir.javapoet.TypeName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JavaTypeNamesTest {

    @Test
    void readsTheTypesTheCatalogWrites() {
        assertThat(JavaTypeNames.parse("int")).isEqualTo(TypeName.INT);
        assertThat(JavaTypeNames.parse("java.lang.String")).hasToString("java.lang.String");
        assertThat(JavaTypeNames.parse("org.apache.camel.spi.StateRepository<java.lang.String, java.lang.String>"))
                .hasToString("org.apache.camel.spi.StateRepository<java.lang.String, java.lang.String>");
        assertThat(JavaTypeNames.parse("java.util.Map<java.lang.String, java.util.List<java.lang.Integer>>"))
                .hasToString("java.util.Map<java.lang.String, java.util.List<java.lang.Integer>>");
        assertThat(JavaTypeNames.parse("java.util.List<? extends java.lang.Number>"))
                .hasToString("java.util.List<? extends java.lang.Number>");
        assertThat(JavaTypeNames.parse("byte[]")).hasToString("byte[]");
        assertThat(JavaTypeNames.parse("org.example.Outer$Inner")).hasToString("org.example.Outer.Inner");
    }

    @Test
    void refusesWhatIsNoType() {
        assertThatThrownBy(() -> JavaTypeNames.parse("java.util.Map<java.lang.String"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("java.util.Map<java.lang.String");
        assertThatThrownBy(() -> JavaTypeNames.parse("int<java.lang.String>"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JavaTypeNames.parse("a b")).isInstanceOf(IllegalArgumentException.class);
    }
}
