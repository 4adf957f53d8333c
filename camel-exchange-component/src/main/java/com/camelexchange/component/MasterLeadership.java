package com.camelexchange.component;

import org.apache.camel.Consumer;

import java.lang.reflect.Method;

/**
 * Whether the consumer of a {@code master:} route leads, as camel-master's public {@code MasterConsumer.isMaster()}
 * says. camel-master is no dependency of the component (only clustered applications bring it), so the method is
 * looked up by name on the consumer at hand.
 */
final class MasterLeadership {
    static final String MASTER_CONSUMER = "org.apache.camel.component.master.MasterConsumer";

    private MasterLeadership() {
    }

    /** True or false for a camel-master consumer; null for any other consumer, or if it cannot be asked. */
    static Boolean of(Consumer consumer) {
        for (Class<?> type = consumer.getClass(); type != null; type = type.getSuperclass()) {
            if (type.getName().equals(MASTER_CONSUMER)) {
                try {
                    Method isMaster = type.getMethod("isMaster");
                    return (Boolean) isMaster.invoke(consumer);
                } catch (ReflectiveOperationException | RuntimeException unexpected) {
                    // Another camel-master than the one this was written for: the console shows it as unknown.
                    return null;
                }
            }
        }
        return null;
    }
}
