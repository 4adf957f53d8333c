package com.camelexchange.sweep;

import org.apache.camel.impl.engine.DefaultFactoryFinderResolver;
import org.apache.camel.spi.ClassResolver;
import org.apache.camel.spi.FactoryFinder;
import org.apache.camel.spi.FactoryFinderResolver;
import org.apache.camel.support.ObjectHelper;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Camel's factory finders (how a context finds the class of a component, language, configurer and the like by
 * name, in the jars' {@code META-INF/services/org/apache/camel/...}), with the classes found, and the names found
 * nowhere, remembered for every CamelContext of a worker. Each point is a new CamelContext whose own finders would
 * look each name up again in every jar of the class path (the {@code bean} language alone cost about 12 ms a point);
 * the class path of a worker does not change between its points, so the answer does not either. Instances are
 * still made per context ({@link #newInstance}): only the class is shared, never an object.
 */
final class RememberedFactoryFinders implements FactoryFinderResolver {
    private final FactoryFinderResolver camel = new DefaultFactoryFinderResolver();
    /** Keyed by the kind of look-up, the resource path and the name. */
    private final Map<String, Optional<Class<?>>> found = new ConcurrentHashMap<>();

    @Override
    public FactoryFinder resolveFactoryFinder(ClassResolver classResolver, String resourcePath) {
        return new Remembering(camel.resolveFactoryFinder(classResolver, resourcePath), resourcePath);
    }

    @Override
    public FactoryFinder resolveBootstrapFactoryFinder(ClassResolver classResolver, String resourcePath) {
        return new Remembering(camel.resolveBootstrapFactoryFinder(classResolver, resourcePath), resourcePath);
    }

    /** How many look-ups are remembered, for tests. */
    int remembered() {
        return found.size();
    }

    private final class Remembering implements FactoryFinder {
        private final FactoryFinder finder;
        private final String path;

        Remembering(FactoryFinder finder, String path) {
            this.finder = finder;
            this.path = path;
        }

        @Override
        public String getResourcePath() {
            return finder.getResourcePath();
        }

        @Override
        public Optional<Object> newInstance(String key) {
            return findClass(key).map(ObjectHelper::newInstance);
        }

        @Override
        public <T> Optional<T> newInstance(String key, Class<T> type) {
            return newInstance(key).map(type::cast);
        }

        @Override
        public Optional<Class<?>> findClass(String key) {
            return remembered("class:" + path + key, () -> finder.findClass(key));
        }

        @Override
        public Optional<Class<?>> findOptionalClass(String key) {
            return remembered("optional:" + path + key, () -> finder.findOptionalClass(key));
        }

        /** Not computeIfAbsent: loading a class may look up another name, which must not wait on this one. */
        private Optional<Class<?>> remembered(String name, Supplier<Optional<Class<?>>> lookUp) {
            Optional<Class<?>> known = found.get(name);
            if (known == null) {
                known = lookUp.get();
                found.put(name, known);
            }
            return known;
        }

        /** Clears this context's finder; what the worker remembers stays, its class path being the same. */
        @Override
        public void clear() {
            finder.clear();
        }
    }
}
