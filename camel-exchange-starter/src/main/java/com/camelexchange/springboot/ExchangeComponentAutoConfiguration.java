package com.camelexchange.springboot;

import com.camelexchange.component.ExchangeComponent;
import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.spi.ComponentCustomizer;
import org.apache.camel.spring.boot.CamelAutoConfiguration;
import org.apache.camel.spring.boot.ComponentConfigurationProperties;
import org.apache.camel.spring.boot.util.CamelPropertiesHelper;
import org.apache.camel.spring.boot.util.ConditionalOnCamelContextAndAutoConfigurationBeans;
import org.apache.camel.spring.boot.util.ConditionalOnHierarchicalProperties;
import org.apache.camel.spring.boot.util.HierarchicalPropertiesEvaluator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Lazy;

/**
 * Applies {@code camel.component.exchange.*} to the {@code exchange} component when Camel creates it, in the
 * way every camel-spring-boot starter does: a {@link ComponentCustomizer} that copies the bound properties
 * onto the component through its generated configurer, so Spring Boot and Camel Main accept the same names.
 * {@code camel.component.exchange.enabled=false} or {@code ...customizer.enabled=false} switch it off.
 */
@AutoConfiguration(after = CamelAutoConfiguration.class)
@Conditional(ConditionalOnCamelContextAndAutoConfigurationBeans.class)
@EnableConfigurationProperties({ ComponentConfigurationProperties.class, ExchangeComponentConfiguration.class })
@ConditionalOnHierarchicalProperties({ "camel.component", "camel.component.exchange" })
public class ExchangeComponentAutoConfiguration {
    private final ApplicationContext applicationContext;
    private final CamelContext camelContext;
    private final ExchangeComponentConfiguration configuration;

    public ExchangeComponentAutoConfiguration(ApplicationContext applicationContext, CamelContext camelContext,
                                              ExchangeComponentConfiguration configuration) {
        this.applicationContext = applicationContext;
        this.camelContext = camelContext;
        this.configuration = configuration;
    }

    /** Lets {@code #beanName} values bind to the options that take an object (configuration, stateRepository, ...). */
    @Bean
    @ConfigurationPropertiesBinding
    static BeanReferenceConverter exchangeBeanReferenceConverter(ApplicationContext applicationContext) {
        return new BeanReferenceConverter(applicationContext);
    }

    @Lazy
    @Bean
    public ComponentCustomizer configureExchangeComponent() {
        return new ComponentCustomizer() {
            @Override
            public void configure(String name, Component target) {
                CamelPropertiesHelper.copyProperties(camelContext, configuration, target);
            }

            @Override
            public boolean isEnabled(String name, Component target) {
                return HierarchicalPropertiesEvaluator.evaluate(applicationContext, "camel.component.customizer",
                        "camel.component.exchange.customizer") && target instanceof ExchangeComponent;
            }
        };
    }
}
