package com.camelexchange.component.consumer;

import org.apache.camel.CamelContext;
import org.apache.camel.spi.ShutdownStrategy;
import org.apache.camel.support.LifecycleStrategySupport;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The items the component's consumers are delivering now, so that a stopping context lets each finish, its position
 * stored, before any route stops; once the context stops, no delivery begins.
 *
 * <p>Why before the routes stop: Camel's shutdown stops a route's consumer first and waits for the exchanges in
 * flight after, and camel-master (Camel 4.18.0) lets go of the leadership before it stops the consumer it
 * delegates to. Another instance could then be elected and read the position before the item in flight here stored
 * it, and deliver that item a second time.
 */
public final class ConsumerDeliveries extends LifecycleStrategySupport {
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition();
    /** Deliveries of this thread under way: a route that stops its own context must not wait for itself. */
    private final ThreadLocal<int[]> ownDeliveries = ThreadLocal.withInitial(() -> new int[1]);
    private int inFlight;
    private boolean draining;

    /** A delivery begins; false (nothing to end) once the context stops. */
    boolean begin() {
        lock.lock();
        try {
            if (draining) {
                return false;
            }
            inFlight++;
            ownDeliveries.get()[0]++;
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The delivery begun on this thread ended, its position stored or not. */
    void end() {
        lock.lock();
        try {
            inFlight--;
            ownDeliveries.get()[0]--;
            idle.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The component starts (again): deliveries may begin. */
    public void open() {
        lock.lock();
        try {
            draining = false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void onContextStopping(CamelContext context) {
        ShutdownStrategy shutdown = context.getShutdownStrategy();
        drain(shutdown.getTimeUnit().toNanos(shutdown.getTimeout()));
    }

    /** No delivery begins from now on; waits up to {@code nanos} for those of other threads to end. */
    void drain(long nanos) {
        lock.lock();
        try {
            draining = true;
            long left = nanos;
            while (inFlight > ownDeliveries.get()[0] && left > 0) {
                left = idle.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.unlock();
        }
    }
}
