package com.camelexchange.component;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The component uses the client through its public packages only: what lives under {@code com.camelexchange.client.internal}
 * may change in any release without telling, so nothing here may depend on it.
 */
class ClientBoundaryTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("com.camelexchange.component");

    @Test
    void nothingHereUsesTheClientsInternals() {
        noClasses().should().dependOnClassesThat().resideInAPackage("com.camelexchange.client.internal..")
                .check(MAIN);
    }
}
