package com.camelexchange.client;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client's public API, kept in the build: every type a program can see and every member it can call, one line
 * each, compared with {@code src/test/resources/public-api.txt}. A change to the API is so a visible diff of that file
 * in review, never a side effect. After an intended change, write the file again with
 * {@code mvn -pl camel-exchange-client test -Dtest=PublicApiTest -DpublicApi.accept=true} and commit it.
 */
class PublicApiTest {
    private static final Path SIGNATURES = Path.of("src/test/resources/public-api.txt");

    @Test
    void thePublicApiIsTheOneCheckedIn() throws IOException {
        JavaClasses client = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("/com/camelexchange/client/internal/"))
                .importPackages("com.camelexchange.client");
        List<String> api = describe(client);
        if (Boolean.getBoolean("publicApi.accept")) {
            Files.write(SIGNATURES, api, StandardCharsets.UTF_8);
        }
        List<String> kept = Files.exists(SIGNATURES) ? Files.readAllLines(SIGNATURES, StandardCharsets.UTF_8)
                : List.of();
        Set<String> added = new LinkedHashSet<>(api);
        kept.forEach(added::remove);
        Set<String> removed = new LinkedHashSet<>(kept);
        api.forEach(removed::remove);
        assertThat(added).as("in the API but not in %s (accept with -DpublicApi.accept=true once intended)",
                SIGNATURES).isEmpty();
        assertThat(removed).as("in %s but no longer in the API", SIGNATURES).isEmpty();
    }

    /** One line per public type and per public or protected member, sorted. */
    static List<String> describe(JavaClasses classes) {
        Set<String> lines = new TreeSet<>();
        for (JavaClass type : classes) {
            if (!visible(type)) {
                continue;
            }
            lines.add(type.getName() + " " + kind(type) + supertypes(type));
            for (JavaMember member : type.getMembers()) {
                Set<JavaModifier> modifiers = member.getModifiers();
                boolean shown = modifiers.contains(JavaModifier.PUBLIC)
                        || modifiers.contains(JavaModifier.PROTECTED) && !modifiers.contains(JavaModifier.FINAL)
                           && !type.getModifiers().contains(JavaModifier.FINAL);
                if (!shown || member.getModifiers().contains(JavaModifier.SYNTHETIC)) {
                    continue;
                }
                lines.add(type.getName() + " " + signature(member));
            }
        }
        return new ArrayList<>(lines);
    }

    private static boolean visible(JavaClass type) {
        if (type.isAnonymousClass() || type.isLocalClass()) {
            return false;
        }
        for (JavaClass t = type; t != null; t = t.getEnclosingClass().orElse(null)) {
            if (!t.getModifiers().contains(JavaModifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }

    private static String kind(JavaClass type) {
        return type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : type.getModifiers().contains(JavaModifier.ABSTRACT) ? "abstract class"
                : "class";
    }

    private static String supertypes(JavaClass type) {
        List<String> named = new ArrayList<>();
        type.getRawSuperclass().filter(s -> !s.getName().startsWith("java.lang."))
                .ifPresent(s -> named.add("extends " + s.getName()));
        String interfaces = type.getRawInterfaces().stream().map(JavaClass::getName).sorted()
                .collect(Collectors.joining(", "));
        if (!interfaces.isEmpty()) {
            named.add("implements " + interfaces);
        }
        return named.isEmpty() ? "" : " " + String.join(" ", named);
    }

    private static String signature(JavaMember member) {
        String statik = member.getModifiers().contains(JavaModifier.STATIC) ? "static " : "";
        if (member instanceof JavaField field) {
            return statik + field.getName() + " : " + field.getRawType().getName();
        }
        JavaCodeUnit unit = (JavaCodeUnit) member;
        String parameters = unit.getRawParameterTypes().stream().map(JavaClass::getName)
                .collect(Collectors.joining(", "));
        return statik + unit.getName() + "(" + parameters + ") : " + unit.getRawReturnType().getName();
    }
}
