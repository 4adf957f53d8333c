package com.camelexchange.startergen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StarterConfigurationGeneratorTest {
    @TempDir
    Path target;

    @Test
    void writesTheClassAndTheAdditionalMetadataAndLeavesUnchangedFilesAlone() throws Exception {
        Path sources = target.resolve("sources");
        Path resources = target.resolve("resources");
        StarterConfigurationGenerator.generate(ConfigurationClassWriterTest.sample(), "sample.json",
                "org.example.springboot", sources, resources);
        Path java = sources.resolve("org/example/springboot/SampleComponentConfiguration.java");
        Path additional = resources.resolve("META-INF/additional-spring-configuration-metadata.json");
        assertThat(java).isRegularFile();
        assertThat(additional).isRegularFile();

        // An unchanged build must not make the compiler see a changed source.
        FileTime long_ago = FileTime.fromMillis(0);
        Files.setLastModifiedTime(java, long_ago);
        Files.setLastModifiedTime(additional, long_ago);
        StarterConfigurationGenerator.generate(ConfigurationClassWriterTest.sample(), "sample.json",
                "org.example.springboot", sources, resources);
        assertThat(Files.getLastModifiedTime(java)).isEqualTo(long_ago);
        assertThat(Files.getLastModifiedTime(additional)).isEqualTo(long_ago);
    }

    @Test
    void aMissingMetadataResourceFailsNamingIt() {
        assertThatThrownBy(() -> StarterConfigurationGenerator.main(new String[] { "--metadata=META-INF/no/such.json",
                "--package=p", "--sources=" + target, "--resources=" + target }))
                .hasMessageContaining("META-INF/no/such.json").hasMessageContaining("found 0");
        assertThatThrownBy(() -> StarterConfigurationGenerator.main(new String[] { "--package=p" }))
                .hasMessageContaining("--metadata");
    }
}
