package com.camelexchange.component;

import com.camelexchange.simulator.ExchangeSimulator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Micrometer is an optional dependency: with it off the classpath the component loads, configures, calls and
 * reports (health, dev console) as before. The scenario runs in a class loader that has every class of the test
 * classpath except Micrometer's.
 */
class WithoutMicrometerTest {
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Test
    void theComponentWorksWithoutMicrometerOnTheClasspath() throws Exception {
        simulator = ExchangeSimulator.builder().seed(1).quiet().build().start();
        ClassLoader hiding = new WithoutMicrometer(getClass().getClassLoader());
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(hiding);
        try {
            Class<?> scenario = hiding.loadClass(WithoutMicrometerScenario.class.getName());
            assertThat(scenario.getClassLoader()).isSameAs(hiding);
            @SuppressWarnings("unchecked")
            Function<String, String> run = (Function<String, String>) scenario.getConstructor().newInstance();
            assertThat(run.apply(simulator.baseUrl()))
                    .isEqualTo("micrometer hidden; ticker btc_usdt; metrics off; console lists market-data");
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /**
     * Defines every class of the classpath itself (so that the component's classes link against what this loader
     * has), except the JDK's, which it takes from the platform, and Micrometer's, which it does not have.
     */
    private static final class WithoutMicrometer extends ClassLoader {
        private final ClassLoader classpath;

        WithoutMicrometer(ClassLoader classpath) {
            super(null);
            this.classpath = classpath;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                Class<?> loaded = findLoadedClass(name);
                if (loaded == null) {
                    try {
                        loaded = ClassLoader.getPlatformClassLoader().loadClass(name);
                    } catch (ClassNotFoundException notJdk) {
                        loaded = findClass(name);
                    }
                }
                if (resolve) {
                    resolveClass(loaded);
                }
                return loaded;
            }
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (name.startsWith("io.micrometer.")) {
                throw new ClassNotFoundException(name + " (hidden by the test)");
            }
            try (InputStream in = classpath.getResourceAsStream(name.replace('.', '/') + ".class")) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }

        @Override
        protected URL findResource(String name) {
            return name.startsWith("io/micrometer/") ? null : classpath.getResource(name);
        }

        @Override
        protected Enumeration<URL> findResources(String name) throws IOException {
            return name.startsWith("io/micrometer/") ? java.util.Collections.emptyEnumeration()
                    : classpath.getResources(name);
        }
    }
}
