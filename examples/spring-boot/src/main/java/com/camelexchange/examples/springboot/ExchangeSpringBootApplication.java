package com.camelexchange.examples.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The exchange component in a Spring Boot application: configured in {@code application.yaml} through the
 * starter, routes in {@link ExchangeApiRoutes}, health under {@code /actuator/health}.
 */
@SpringBootApplication
public class ExchangeSpringBootApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExchangeSpringBootApplication.class, args);
    }
}
