package com.camelexchange.client;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
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

    @Test
    void theClientKnowsNothingOfCamelNorOfTheComponent() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.camel..",
                "com.camelexchange.component..").check(CLIENT);
    }
}
