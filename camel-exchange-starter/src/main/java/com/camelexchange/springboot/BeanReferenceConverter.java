package com.camelexchange.springboot;

import com.camelexchange.client.budget.RateBudgets;
import com.camelexchange.component.ExchangeConfiguration;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.jsse.SSLContextParameters;
import org.springframework.context.ApplicationContext;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.core.convert.converter.GenericConverter;

import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns {@code #name} or {@code #bean:name} into the bean of that name in the Spring context, for the component options whose type is an object. Anything else is not converted, so
 * Spring's binder reports the value as invalid.
 */
public final class BeanReferenceConverter implements GenericConverter {
    private static final Set<Class<?>> REFERENCE_TYPES
            = Set.of(ExchangeConfiguration.class, StateRepository.class, SSLContextParameters.class, RateBudgets.class);

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
}
