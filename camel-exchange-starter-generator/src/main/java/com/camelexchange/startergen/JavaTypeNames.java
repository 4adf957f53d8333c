package com.camelexchange.startergen;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.WildcardTypeName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads a Java type as the Camel catalog writes it ({@code int}, {@code java.lang.String},
 * {@code org.apache.camel.spi.StateRepository<java.lang.String, java.lang.String>}, {@code byte[]},
 * {@code java.util.Map<java.lang.String, ? extends java.lang.Object>}) into a JavaPoet type.
 */
final class JavaTypeNames {
    private static final Map<String, TypeName> PRIMITIVES = Map.of("boolean", TypeName.BOOLEAN, "byte", TypeName.BYTE,
            "short", TypeName.SHORT, "char", TypeName.CHAR, "int", TypeName.INT, "long", TypeName.LONG, "float",
            TypeName.FLOAT, "double", TypeName.DOUBLE);

    private final String text;
    private int position;

    private JavaTypeNames(String text) {
        this.text = text;
    }

    static TypeName parse(String javaType) {
        JavaTypeNames parser = new JavaTypeNames(javaType);
        TypeName type = parser.type();
        parser.skipSpaces();
        if (parser.position != javaType.length()) {
            throw parser.unexpected();
        }
        return type;
    }

    private TypeName type() {
        skipSpaces();
        if (peek('?')) {
            position++;
            skipSpaces();
            if (text.startsWith("extends ", position)) {
                position += "extends ".length();
                return WildcardTypeName.subtypeOf(type());
            }
            if (text.startsWith("super ", position)) {
                position += "super ".length();
                return WildcardTypeName.supertypeOf(type());
            }
            return WildcardTypeName.subtypeOf(Object.class);
        }
        String name = qualifiedName();
        TypeName type = PRIMITIVES.containsKey(name) ? PRIMITIVES.get(name)
                : ClassName.bestGuess(name.replace('$', '.'));
        skipSpaces();
        if (peek('<')) {
            position++;
            List<TypeName> arguments = new ArrayList<>();
            do {
                arguments.add(type());
                skipSpaces();
            } while (consume(','));
            if (!consume('>')) {
                throw unexpected();
            }
            if (!(type instanceof ClassName raw)) {
                throw unexpected();
            }
            type = ParameterizedTypeName.get(raw, arguments.toArray(TypeName[]::new));
        }
        skipSpaces();
        while (text.startsWith("[]", position)) {
            position += 2;
            type = ArrayTypeName.of(type);
            skipSpaces();
        }
        return type;
    }

    private String qualifiedName() {
        int start = position;
        while (position < text.length()
               && (Character.isJavaIdentifierPart(text.charAt(position)) || text.charAt(position) == '.')) {
            position++;
        }
        if (start == position) {
            throw unexpected();
        }
        return text.substring(start, position);
    }

    private boolean consume(char c) {
        if (peek(c)) {
            position++;
            return true;
        }
        return false;
    }

    private boolean peek(char c) {
        return position < text.length() && text.charAt(position) == c;
    }

    private void skipSpaces() {
        while (position < text.length() && text.charAt(position) == ' ') {
            position++;
        }
    }

    private IllegalArgumentException unexpected() {
        return new IllegalArgumentException("Cannot read the Java type '" + text + "' at position " + position);
    }
}
