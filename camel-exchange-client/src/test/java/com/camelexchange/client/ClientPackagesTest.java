package com.camelexchange.client;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The client's packages: no two depend on each other in a circle, and none knows Camel or the component that wraps
 * the client (the build's dependency rule keeps Camel's jars out; this keeps the names out too).
 */
class ClientPackagesTest {
    private static final JavaClasses CLIENT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.camelexchange.client");

    @Test
    void noPackageOfTheClientIsInACycle() {
        slices().matching("com.camelexchange.(**)").should().beFreeOfCycles().check(CLIENT);
    }

    @Test
    void theClientKnowsNothingOfCamelNorOfTheComponent() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.apache.camel..",
                "com.camelexchange.component..").check(CLIENT);
    }
}
