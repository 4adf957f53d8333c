package com.camelexchange.springboot;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Registers {@link SecretPropertySanitizer} where Spring Boot Actuator is on the class path: the configprops and
 * env endpoints apply every {@link SanitizingFunction} bean to each value they show.
 */
@AutoConfiguration
@ConditionalOnClass(SanitizingFunction.class)
public class ExchangeActuatorAutoConfiguration {

    @Bean
    public SecretPropertySanitizer exchangeSecretPropertySanitizer(Environment environment) {
        return new SecretPropertySanitizer(environment);
    }
}
