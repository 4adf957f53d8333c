package com.camelexchange.startergen;

import com.palantir.javapoet.JavaFile;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a starter's configuration class and its additional IDE metadata from a component's metadata found on the
 * class path, as the starter's build runs it (exec-maven-plugin, at generate-sources, with the component jar on
 * the class path):
 *
 * <pre>
 * StarterConfigurationGenerator --metadata=META-INF/com/camelexchange/component/exchange.json
 *         --package=com.camelexchange.springboot --sources=target/generated-sources/starter
 *         --resources=target/generated-resources/starter
 * </pre>
 *
 * A file whose content did not change is left alone, so that an unchanged build compiles nothing again. Prints
 * nothing: a failure is an exception that fails the build.
 */
public final class StarterConfigurationGenerator {

    private StarterConfigurationGenerator() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> options = options(args);
        String resource = options.get("metadata");
        ComponentMetadata component;
        try (InputStream in = onlyCopy(resource).openStream()) {
            component = ComponentMetadata.read(in);
        }
        generate(component, resource, options.get("package"), Path.of(options.get("sources")),
                Path.of(options.get("resources")));
    }

    static void generate(ComponentMetadata component, String source, String packageName, Path sources,
                         Path resources) throws IOException {
        JavaFile javaFile = ConfigurationClassWriter.write(component, packageName, source);
        Path javaPath = sources.resolve(packageName.replace('.', '/'))
                .resolve(ConfigurationClassWriter.className(component) + ".java");
        writeIfChanged(javaPath, javaFile.toString());
        writeIfChanged(resources.resolve(AdditionalMetadataWriter.PATH), AdditionalMetadataWriter.write(component));
    }

    /** The component's metadata: exactly one on the class path, or the build would depend on its order. */
    private static URL onlyCopy(String resource) throws IOException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        List<URL> copies = Collections.list(loader.getResources(resource));
        if (copies.size() != 1) {
            throw new IllegalStateException("Expected one " + resource + " on the class path (the component's jar),"
                                            + " found " + copies.size() + ": " + copies);
        }
        return copies.get(0);
    }

    private static void writeIfChanged(Path path, String content) throws IOException {
        if (Files.exists(path) && Files.readString(path, StandardCharsets.UTF_8).equals(content)) {
            return;
        }
        Files.createDirectories(path.getParent());
        Files.writeString(path, content, StandardCharsets.UTF_8);
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 0) {
                throw new IllegalArgumentException("Expected --name=value, got: " + arg);
            }
            options.put(arg.substring(2, equals), arg.substring(equals + 1));
        }
        for (String required : List.of("metadata", "package", "sources", "resources")) {
            if (!options.containsKey(required) || options.get(required).isBlank()) {
                throw new IllegalArgumentException("Missing --" + required + "=...; usage: --metadata=<resource on the"
                                                   + " class path> --package=<java package> --sources=<dir>"
                                                   + " --resources=<dir>");
            }
        }
        return options;
    }
}
