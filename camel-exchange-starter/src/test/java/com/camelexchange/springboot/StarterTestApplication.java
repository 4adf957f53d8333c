package com.camelexchange.springboot;

import org.apache.camel.builder.RouteBuilder;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** The smallest application a user of the starter writes: routes, and properties elsewhere. */
@SpringBootApplication
public class StarterTestApplication {

    @Bean
    RouteBuilder exchangeRoutes() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:ticker").routeId("ticker").to("exchange:ticker?market=btc_usdt");
                from("direct:order").routeId("order").to("exchange:order");
            }
        };
    }
}
