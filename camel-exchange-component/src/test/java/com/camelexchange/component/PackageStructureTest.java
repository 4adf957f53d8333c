package com.camelexchange.component;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The component's packages in two layers. Camel's layer is the root package (component, endpoint, configuration,
 * constants, as every Camel component lays them out) with the consumers, the producer and the request rules that
 * it creates and that read its configuration and header names. Below it everything else (the client and its wire
 * format and errors, the models and their JSON, the streams, the meters, the converters) knows nothing of Camel's
 * layer, and no two packages depend on each other: a cycle would tie them into one lump that cannot be read,
 * tested or replaced in parts.
 */
class PackageStructureTest {
    private static final String BASE = "com.camelexchange.component";
    private static final JavaClasses COMPONENT = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(BASE);

    @Test
    void noPackageBelowTheRootIsInACycle() {
        // Every package on its own (api, api.wire and api.error apart), the root package's classes not among them.
        slices().matching(BASE + ".(**)").should().beFreeOfCycles().check(COMPONENT);
    }

    @Test
    void thePackagesBelowCamelsLayerKnowNothingOfIt() {
        noClasses().that().resideOutsideOfPackages(BASE, BASE + ".consumer..", BASE + ".producer..",
                        BASE + ".request..")
                .should().dependOnClassesThat().resideInAnyPackage(BASE, BASE + ".consumer..", BASE + ".producer..",
                        BASE + ".request..")
                .check(COMPONENT);
    }
}
