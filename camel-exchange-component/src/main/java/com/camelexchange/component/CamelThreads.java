package com.camelexchange.component;

import com.camelexchange.client.ClientThreads;
import org.apache.camel.spi.ExecutorServiceManager;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The client's threads from Camel's ExecutorServiceManager, owned by the component: named as Camel names its
 * threads, listed with them, and shut down with the context if the component did not.
 */
final class CamelThreads implements ClientThreads {
    private final ExchangeComponent component;

    CamelThreads(ExchangeComponent component) {
        this.component = component;
    }

    private ExecutorServiceManager manager() {
        return component.getCamelContext().getExecutorServiceManager();
    }

    @Override
    public ScheduledExecutorService scheduled(String name, int threads) {
        return threads == 1 ? manager().newSingleThreadScheduledExecutor(component, name)
                : manager().newScheduledThreadPool(component, name, threads);
    }

    @Override
    public ExecutorService fixed(String name, int threads) {
        return manager().newFixedThreadPool(component, name, threads);
    }

    @Override
    public void shutdown(ExecutorService executor) {
        manager().shutdown(executor);
    }
}
