package com.camelexchange.component;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The component's packages depend on each other one way: the client ({@code api}) knows neither how metrics are
 * kept nor the stream, the stream knows the client but not the consumers, and so on. A cycle would tie them into
 * one lump that cannot be read, tested or replaced in parts.
 */
class PackageStructureTest {
    private static final JavaClasses COMPONENT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("com.camelexchange.component");

    @Test
    void thePackagesBelowTheComponentAreFreeOfCycles() {
        slices().matching("com.camelexchange.component.(*)..").should().beFreeOfCycles().check(COMPONENT);
    }
}
