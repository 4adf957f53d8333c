package com.camelexchange.cluster;

import org.apache.camel.CamelContext;
import org.apache.curator.framework.CuratorFramework;

import java.util.ArrayList;
import java.util.List;

/**
 * What a failover test's instances hold, closed in the order that lets the last commits land: the contexts
 * first, then the repositories (which outlive their contexts: a master: route's stop does not wait for the
 * exchange in flight, whose commit still needs the repository), then the Curator clients.
 */
final class ClusterResources implements AutoCloseable {
    private final List<CamelContext> contexts = new ArrayList<>();
    private final List<ZooKeeperStateRepository> repositories = new ArrayList<>();
    private final List<CuratorFramework> clients = new ArrayList<>();

    /** Starts the client and closes it last. */
    CuratorFramework started(CuratorFramework client) {
        client.start();
        clients.add(client);
        return client;
    }

    ZooKeeperStateRepository repository(ZooKeeperStateRepository repository) {
        repositories.add(repository);
        return repository;
    }

    <C extends CamelContext> C context(C context) {
        contexts.add(context);
        return context;
    }

    @Override
    public void close() {
        contexts.forEach(CamelContext::stop);
        repositories.forEach(ZooKeeperStateRepository::stop);
        clients.forEach(CuratorFramework::close);
    }
}
