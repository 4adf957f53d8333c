package com.camelexchange.springboot;

import org.springframework.context.ApplicationContext;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns {@code #name} or {@code #bean:name} into the bean of that name in the Spring context, for the component options whose type is an object. Anything else is not converted, so
 * Spring's binder reports the value as invalid.
 */
public final class BeanReferenceConverter implements GenericConverter {
    /**
     * The types of the properties of the (generated) {@link ExchangeComponentConfiguration} that Spring Boot cannot
     * bind from text: the component's objects (its configuration, state repositories, TLS settings, rate budgets).
     * Read from the class, so that an object option the component adds takes a bean reference too.
     */
    static final Set<Class<?>> REFERENCE_TYPES = Arrays.stream(ExchangeComponentConfiguration.class.getDeclaredFields())
            .filter(field -> !Modifier.isStatic(field.getModifiers())).map(Field::getType)
            .filter(BeanReferenceConverter::isBeanOnly).collect(Collectors.toUnmodifiableSet());

    private final ApplicationContext applicationContext;

    BeanReferenceConverter(ApplicationContext applicationContext) {
        this.applicationContext = applicationContext;
    }

    @Override
    public Set<ConvertiblePair> getConvertibleTypes() {
        return REFERENCE_TYPES.stream().map(type -> new ConvertiblePair(String.class, type))
                .collect(Collectors.toSet());
    }

    @Override
    public Object convert(Object source, TypeDescriptor sourceType, TypeDescriptor targetType) {
        if (source == null || !REFERENCE_TYPES.contains(targetType.getType())) {
            return null;
        }
        String text = source.toString();
        if (!text.startsWith("#")) {
            throw new IllegalArgumentException("Expected a bean reference such as #myBean, got: " + text);
        }
        String name = text.startsWith("#bean:") ? text.substring("#bean:".length()) : text.substring(1);
        if (!applicationContext.containsBean(name)
            || !applicationContext.isTypeMatch(name, targetType.getType())) {
            throw new IllegalArgumentException("No bean named " + name + " of type "
                                               + targetType.getType().getSimpleName());
        }
        return applicationContext.getBean(name, targetType.getType());
    }

    /** Not text, a number, an enum, a collection or a time: those Spring Boot binds itself. */
    private static boolean isBeanOnly(Class<?> type) {
        return !type.isPrimitive() && !type.isEnum() && !type.getName().startsWith("java.lang.")
               && !type.getName().startsWith("java.math.") && !Collection.class.isAssignableFrom(type)
               && !Map.class.isAssignableFrom(type) && !type.getName().startsWith("java.time.");
    }
}
