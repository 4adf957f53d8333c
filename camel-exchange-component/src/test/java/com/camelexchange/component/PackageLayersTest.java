package com.camelexchange.component;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component's packages in two layers. Camel's layer is the root package (component, endpoint, configuration,
 * constants, as every Camel component lays them out) with the consumers, the producer and the request rules that
 * it creates and that read its configuration and header names. Below it everything else (the client and its
 * wire format and errors, the models, the streams, the meters, the converters) knows nothing of Camel's layer
 * and has no cycle of its own, so each can be read and tested on its own.
 */
class PackageLayersTest {
    private static final String BASE = "com.camelexchange.component";
    private static final Set<String> CAMEL_LAYER = Set.of(BASE, BASE + ".consumer", BASE + ".producer",
            BASE + ".request");
    private static final Pattern IMPORT = Pattern.compile(
            "^import (?:static )?(" + Pattern.quote(BASE) + "(?:\\.[a-z]\\w*)*)\\.[A-Z]", Pattern.MULTILINE);

    @Test
    void packagesBelowCamelsLayerNeitherReachUpNorFormACycle() throws IOException {
        Map<String, Set<String>> imports = importsByPackage(Path.of("src/main/java"));
        Map<String, Set<String>> below = new TreeMap<>();
        imports.forEach((from, to) -> {
            if (!CAMEL_LAYER.contains(from)) {
                below.put(from, to);
            }
        });
        assertThat(below).as("the packages below Camel's layer").isNotEmpty();
        below.forEach((from, to) -> assertThat(to).as(from + " imports from Camel's layer")
                .doesNotContainAnyElementsOf(CAMEL_LAYER));
        assertThat(cycles(below)).as("cycles among the packages below Camel's layer").isEmpty();
    }

    private static Map<String, Set<String>> importsByPackage(Path sources) throws IOException {
        Map<String, Set<String>> imports = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(sources)) {
            files = walk.filter(p -> p.toString().endsWith(".java")).toList();
        }
        for (Path file : files) {
            String pkg = BASE + sources.relativize(file.getParent()).toString().replace('/', '.')
                    .replaceFirst("^com\\.camelexchange\\.component", "");
            Set<String> to = imports.computeIfAbsent(pkg, k -> new TreeSet<>());
            Matcher imported = IMPORT.matcher(Files.readString(file));
            while (imported.find()) {
                if (!imported.group(1).equals(pkg)) {
                    to.add(imported.group(1));
                }
            }
        }
        return imports;
    }

    /** Each package that can reach itself again through the imports, with the path it takes. */
    private static List<List<String>> cycles(Map<String, Set<String>> graph) {
        List<List<String>> cycles = new ArrayList<>();
        for (String start : graph.keySet()) {
            List<String> path = new ArrayList<>(List.of(start));
            if (reaches(graph, start, start, path, new HashSet<>())) {
                cycles.add(path);
            }
        }
        return cycles;
    }

    private static boolean reaches(Map<String, Set<String>> graph, String from, String target, List<String> path,
                                   Set<String> seen) {
        for (String next : graph.getOrDefault(from, Set.of())) {
            if (next.equals(target)) {
                path.add(next);
                return true;
            }
            if (seen.add(next)) {
                path.add(next);
                if (reaches(graph, next, target, path, seen)) {
                    return true;
                }
                path.remove(path.size() - 1);
            }
        }
        return false;
    }
}
