package com.camelexchange.springboot;

import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/** Registers {@link SecretPropertySanitizer} where Spring Boot Actuator is on the class path. */
@AutoConfiguration
@ConditionalOnClass(SanitizingFunction.class)
public class ExchangeActuatorAutoConfiguration {

    @Bean
    public SecretPropertySanitizer exchangeSecretPropertySanitizer() {
        return new SecretPropertySanitizer();
    }
}
