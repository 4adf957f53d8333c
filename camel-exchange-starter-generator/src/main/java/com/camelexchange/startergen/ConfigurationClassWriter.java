package com.camelexchange.startergen;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;

import javax.lang.model.element.Modifier;
import java.util.List;
import java.util.Set;

/**
 * Writes a starter's configuration class in the shape of camel-spring-boot's own starters: one
 * {@code @ConfigurationProperties(prefix = "camel.component.<scheme>")} class extending
 * {@code ComponentConfigurationPropertiesCommon}, with a field, a getter and a setter per component option, the
 * option's description as the field's Javadoc (the configuration processor's source of the IDE description) and
 * its default as the field's initializer (the processor's source of the IDE default).
 */
final class ConfigurationClassWriter {
    static final ClassName CONFIGURATION_PROPERTIES
            = ClassName.get("org.springframework.boot.context.properties", "ConfigurationProperties");
    static final ClassName DEPRECATED_CONFIGURATION_PROPERTY
            = ClassName.get("org.springframework.boot.context.properties", "DeprecatedConfigurationProperty");
    static final ClassName COMMON
            = ClassName.get("org.apache.camel.spring.boot", "ComponentConfigurationPropertiesCommon");
    static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

    /** Property names ComponentConfigurationPropertiesCommon and camel-spring-boot already take. */
    private static final Set<String> RESERVED = Set.of("enabled", "customizer");

    private ConfigurationClassWriter() {
    }

    static String className(ComponentMetadata component) {
        String simpleName = component.javaType().substring(component.javaType().lastIndexOf('.') + 1);
        return simpleName + "Configuration";
    }

    static String prefix(ComponentMetadata component) {
        return "camel.component." + component.scheme();
    }

    static JavaFile write(ComponentMetadata component, String packageName, String source) {
        String name = className(component);
        TypeSpec.Builder type = TypeSpec.classBuilder(name).addModifiers(Modifier.PUBLIC).superclass(COMMON)
                .addJavadoc("Every option of the {@code $L} component as {@code $L.*} properties.\n"
                            + "<p>\nWritten when the starter is built from the component's metadata\n"
                            + "({@code $L}): change an option in the component, never here.\n"
                            + "Values left unset are not copied, so the component's own defaults apply.\n",
                        component.scheme(), prefix(component), source)
                .addAnnotation(AnnotationSpec.builder(GENERATED)
                        .addMember("value", "$S", StarterConfigurationGenerator.class.getName())
                        .addMember("comments", "$S", "from " + source).build())
                .addAnnotation(AnnotationSpec.builder(CONFIGURATION_PROPERTIES)
                        .addMember("prefix", "$S", prefix(component)).build());
        for (ComponentOption option : component.options()) {
            if (RESERVED.contains(option.name())) {
                throw new IllegalArgumentException("The option " + option.name() + " of " + component.scheme()
                                                   + " has the name of a property camel-spring-boot keeps for itself");
            }
            addProperty(type, option);
        }
        type.addMethod(toStringMethod(name, component.options()));
        return JavaFile.builder(packageName, type.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private static void addProperty(TypeSpec.Builder type, ComponentOption option) {
        TypeName propertyType = PropertyTypes.typeOf(option);
        String name = option.name();
        List<String> description = PropertyDescriptions.javadocLines(name, PropertyDescriptions.of(option));
        FieldSpec.Builder field = FieldSpec.builder(propertyType, name, Modifier.PRIVATE)
                .addJavadoc("$L\n", String.join("\n", description));
        CodeBlock initializer = PropertyTypes.defaultOf(option, propertyType);
        if (initializer != null) {
            field.initializer(initializer);
        }
        String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        MethodSpec.Builder getter = MethodSpec.methodBuilder("get" + capitalized).addModifiers(Modifier.PUBLIC)
                .returns(propertyType).addStatement("return $N", name);
        MethodSpec.Builder setter = MethodSpec.methodBuilder("set" + capitalized).addModifiers(Modifier.PUBLIC)
                .addParameter(propertyType, name).addStatement("this.$N = $N", name, name);
        if (option.deprecated()) {
            field.addAnnotation(Deprecated.class);
            setter.addAnnotation(Deprecated.class);
            getter.addAnnotation(Deprecated.class);
            AnnotationSpec.Builder deprecation = AnnotationSpec.builder(DEPRECATED_CONFIGURATION_PROPERTY);
            if (!option.deprecationNote().isBlank()) {
                deprecation.addMember("reason", "$S", option.deprecationNote());
            }
            // The configuration processor reads the deprecation from the getter.
            getter.addAnnotation(deprecation.build());
        }
        type.addField(field.build()).addMethod(getter.build()).addMethod(setter.build());
    }

    /**
     * Says which exchange and which API a configuration is for (the required options and those of a Java enum
     * type), and never a secret: the default toString of a bean would show nothing, but a log line may show this.
     */
    private static MethodSpec toStringMethod(String className, List<ComponentOption> options) {
        List<ComponentOption> shown = options.stream()
                .filter(o -> (o.required() || o.isJavaEnum()) && !o.secret() && !o.takesBeanReference()).toList();
        CodeBlock.Builder body = CodeBlock.builder().add("return ");
        String separator = className + "[";
        for (ComponentOption option : shown) {
            body.add("$S + $N + ", separator + option.name() + "=", option.name());
            separator = ", ";
        }
        body.add("$S", shown.isEmpty() ? className + "[]" : "]");
        return MethodSpec.methodBuilder("toString").addAnnotation(Override.class).addModifiers(Modifier.PUBLIC)
                .returns(String.class).addStatement(body.build()).build();
    }
}
