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

import java.util.ArrayList;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The client's packages: its public packages (what a program uses) and its internal ones ({@code ...internal...},
 * what they are made of, free to change) each without two packages depending on each other in a circle, and none
 * knowing Camel or the component that wraps the client (the build's dependency rule keeps Camel's jars out; this
 * keeps the names out too). The public packages may use the internal ones they are made of, and the internal ones the
 * public types they implement: that is the one way the two sides meet.
 */
class ClientPackagesTest {
    private static final ImportOption NO_TESTS = ImportOption.Predefined.DO_NOT_INCLUDE_TESTS;
    private static final JavaClasses CLIENT = new ClassFileImporter().withImportOption(NO_TESTS)
            .importPackages("com.camelexchange.client");
    private static final JavaClasses PUBLIC = new ClassFileImporter().withImportOption(NO_TESTS)
            .withImportOption(location -> !location.contains("/com/camelexchange/client/internal/"))
            .importPackages("com.camelexchange.client");
    private static final JavaClasses INTERNAL = new ClassFileImporter().withImportOption(NO_TESTS)
            .importPackages("com.camelexchange.client.internal");

    @Test
    void noPublicPackageIsInACycle() {
        slices().matching("com.camelexchange.(**)").should().beFreeOfCycles().check(PUBLIC);
    }

    @Test
    void noInternalPackageIsInACycle() {
        slices().matching("com.camelexchange.(**)").should().beFreeOfCycles().check(INTERNAL);
    }

    /**
     * What a program can call never hands it, nor asks of it, a type of the internal packages: the API can be read,
     * and the internals changed, without one showing through the other.
     */
    @Test
    void noPublicMemberOfThePublicPackagesNamesAnInternalType() {
        List<String> shown = new ArrayList<>();
        for (JavaClass type : PUBLIC) {
            if (!type.getModifiers().contains(JavaModifier.PUBLIC) || !publiclyVisible(type)) {
                continue;
            }
            for (JavaMember member : type.getMembers()) {
                if (!member.getModifiers().contains(JavaModifier.PUBLIC)) {
                    continue;
                }
                List<JavaClass> named = new ArrayList<>();
                if (member instanceof JavaCodeUnit unit) {
                    named.addAll(unit.getRawParameterTypes());
                    named.add(unit.getRawReturnType());
                } else if (member instanceof JavaField field) {
                    named.add(field.getRawType());
                }
                named.stream().filter(t -> t.getPackageName().contains(".client.internal"))
                        .forEach(t -> shown.add(member.getFullName() + " names " + t.getName()));
            }
        }
        assertThat(shown).isEmpty();
    }

    /** Whether a program sees the type: public, and so is each type it is nested in. */
    private static boolean publiclyVisible(JavaClass type) {
        for (JavaClass t = type; t != null; t = t.getEnclosingClass().orElse(null)) {
            if (!t.getModifiers().contains(JavaModifier.PUBLIC)) {
                return false;
            }
        }
        return true;
    }

    @Test
    void theClientKnowsNothingOfCamelNorOfTheComponent() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.camel..",
                "com.camelexchange.component..").check(CLIENT);
    }
}
