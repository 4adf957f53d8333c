package com.camelexchange.examples.springboot;

import com.camelexchange.examples.support.ExchangeTarget;
import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;

/**
 * Without the {@code EXCHANGE_*} variables, starts the embedded simulator before the context and supplies
 * them, so {@code application.yaml} reads the same either way; the simulator is a bean (tests look into it)
 * and stops with the context, once Camel's routes have stopped.
 */
public class EmbeddedExchangeInitializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        ConfigurableEnvironment environment = context.getEnvironment();
        ExchangeTarget target = ExchangeTarget.from(environment::getProperty);
        target.simulator().ifPresent(simulator -> {
            environment.getPropertySources().addLast(
                    new MapPropertySource("embeddedExchange", Map.copyOf(target.environmentVariables())));
            context.getBeanFactory().registerSingleton("exchangeSimulator", simulator);
            if (context.getBeanFactory() instanceof DefaultSingletonBeanRegistry beans) {
                // Stopped with the beans, after Camel's consumers: none of them polls a stopped simulator.
                beans.registerDisposableBean("embeddedExchangeStop", target::close);
            } else {
                context.addApplicationListener(event -> {
                    if (event instanceof ContextClosedEvent closed && closed.getApplicationContext() == context) {
                        target.close();
                    }
                });
            }
        });
    }
}
