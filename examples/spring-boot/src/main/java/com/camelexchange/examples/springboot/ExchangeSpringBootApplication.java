package com.camelexchange.examples.springboot;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;

/**
 * The exchange component in a Spring Boot application: configured in {@code application.yaml} through the
 * starter, routes in {@link ExchangeApiRoutes} and {@link OrderEventRoutes}, health under {@code /actuator/health}.
 */
@SpringBootApplication
public class ExchangeSpringBootApplication {

    public static void main(String[] args) {
        SpringApplication.run(ExchangeSpringBootApplication.class, args);
    }

    /** {@code GET /api/orders/events}, on the same web server as the REST API. */
    @Bean
    ServletRegistrationBean<OrderEventsServlet> orderEventsServlet(
            OrderEventBroadcast broadcast, @Value("${example.order-events.market:btc_usdt}") String market) {
        ServletRegistrationBean<OrderEventsServlet> registration =
                new ServletRegistrationBean<>(new OrderEventsServlet(broadcast, market), "/api/orders/events");
        registration.setAsyncSupported(true);
        return registration;
    }
}
