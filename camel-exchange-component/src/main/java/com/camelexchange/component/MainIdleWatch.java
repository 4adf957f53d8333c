package com.camelexchange.component;

import org.apache.camel.CamelContext;
import org.apache.camel.spi.EventNotifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Field;
import java.util.concurrent.ExecutorService;

/**
 * Camel Main's idle watch ({@code camel.main.duration-max-idle-seconds}) runs on a thread of its own, not a daemon,
 * that Camel (4.18) stops only when the idle watch itself ends the application: an application ended any other way
 * (its context stopped, {@code main.completed()}, {@code duration-max-seconds}) stops, its {@code run()} returns, and
 * the JVM stays up on that thread until killed. An application that a backtest ends has no use for the watch any more,
 * so the end of a backtest stops it once the context stopped. Camel offers no call for this: the watch's executor is
 * reached by its field, and a Camel whose watch looks otherwise is left as it is (told at DEBUG).
 */
final class MainIdleWatch {
    private static final Logger LOG = LoggerFactory.getLogger(MainIdleWatch.class);
    static final String NOTIFIER = "org.apache.camel.main.MainDurationEventNotifier";
    private static final String EXECUTOR_FIELD = "idleExecutorService";

    private MainIdleWatch() {
    }

    /** Stops the idle watch of Camel Main on {@code context}, if it has one. */
    static void stop(CamelContext context) {
        for (EventNotifier notifier : context.getManagementStrategy().getEventNotifiers()) {
            if (notifier.getClass().getName().equals(NOTIFIER)) {
                stopExecutor(notifier);
            }
        }
    }

    private static void stopExecutor(EventNotifier notifier) {
        try {
            Field field = notifier.getClass().getDeclaredField(EXECUTOR_FIELD);
            field.setAccessible(true);
            if (field.get(notifier) instanceof ExecutorService executor) {
                executor.shutdownNow();
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("Camel Main's idle watch could not be stopped; the JVM may stay up after the backtest: {}",
                    e.toString());
        }
    }
}
