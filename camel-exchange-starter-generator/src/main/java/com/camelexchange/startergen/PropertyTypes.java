package com.camelexchange.startergen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;

import javax.lang.model.SourceVersion;
import java.math.BigDecimal;

/**
 * The Java type of an option's property and the literal of its default. Primitives are boxed, so that an unset
 * property is null and the component keeps its own default; an option typed {@code java.lang.Object} is the
 * name of a bean, as text. Anything the generator cannot write faithfully fails the build, naming the option.
 */
final class PropertyTypes {
    private static final TypeName STRING = ClassName.get(String.class);

    private PropertyTypes() {
    }

    static TypeName typeOf(ComponentOption option) {
        if ("duration".equals(option.type())) {
            // Camel's catalog gives a duration's default as text (10s, 1m30s): not needed yet, so not guessed.
            throw unsupported(option, "an option of type duration");
        }
        if (option.takesAnyBean()) {
            return STRING;
        }
        TypeName type = JavaTypeNames.parse(option.javaType());
        return type.isPrimitive() ? type.box() : type;
    }

    /** The initializer of the property's field, or null when the option has no default. */
    static CodeBlock defaultOf(ComponentOption option, TypeName type) {
        if (!option.hasDefault()) {
            return null;
        }
        String value = option.defaultValue().asText();
        try {
            if (type.equals(STRING)) {
                return CodeBlock.of("$S", value);
            }
            if (option.isJavaEnum()) {
                if (!SourceVersion.isIdentifier(value) || SourceVersion.isKeyword(value)) {
                    throw unsupported(option, "the enum default '" + value + "'");
                }
                return CodeBlock.of("$T.$L", type, value);
            }
            if (type.equals(TypeName.BOOLEAN.box())) {
                if (!value.equals("true") && !value.equals("false")) {
                    throw unsupported(option, "the boolean default '" + value + "'");
                }
                return CodeBlock.of("$L", value);
            }
            if (type.equals(TypeName.INT.box())) {
                return CodeBlock.of("$L", Integer.parseInt(value));
            }
            if (type.equals(TypeName.LONG.box())) {
                return CodeBlock.of("$LL", Long.parseLong(value));
            }
            if (type.equals(TypeName.DOUBLE.box()) && Double.isFinite(Double.parseDouble(value))) {
                return CodeBlock.of("$LD", Double.parseDouble(value));
            }
            if (type.equals(ClassName.get(BigDecimal.class))) {
                return CodeBlock.of("new $T($S)", BigDecimal.class, new BigDecimal(value).toString());
            }
        } catch (NumberFormatException e) {
            throw unsupported(option, "the default '" + value + "' of type " + type);
        }
        throw unsupported(option, "a default of type " + type);
    }

    private static IllegalArgumentException unsupported(ComponentOption option, String what) {
        return new IllegalArgumentException("The starter's generator cannot write " + what + " (option "
                                            + option.name() + ", " + option.javaType() + ")");
    }
}
