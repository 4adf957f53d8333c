package com.camelexchange.component.consumer;

import com.camelexchange.client.paper.Backtest;
import org.apache.camel.CamelContext;
import org.apache.camel.Consumer;
import org.apache.camel.spi.ScheduledPollConsumerScheduler;
import org.apache.camel.support.ScheduledPollConsumer;
import org.apache.camel.support.service.ServiceSupport;

import java.time.Duration;

/**
 * The poll scheduler of a polling consumer in a backtest: its {@code initialDelay} and {@code delay} are the
 * recording's time, not the wall's, and each poll runs on the replay's thread between the events of its time, so
 * that {@code delay=1000} polls once per recorded second however fast the recording is applied.
 */
final class ReplayPollScheduler extends ServiceSupport implements ScheduledPollConsumerScheduler {
    private final Backtest backtest;
    private CamelContext context;
    private ScheduledPollConsumer consumer;
    private Runnable task;
    private AutoCloseable runs;

    ReplayPollScheduler(Backtest backtest) {
        this.backtest = backtest;
    }

    @Override
    public void onInit(Consumer consumer) {
        this.consumer = (ScheduledPollConsumer) consumer;
    }

    @Override
    public void scheduleTask(Runnable task) {
        this.task = task;
    }

    @Override
    public synchronized void startScheduler() {
        if (runs == null) {
            runs = backtest.every(duration(consumer.getInitialDelay()), duration(consumer.getDelay()), task);
        }
    }

    private Duration duration(long amount) {
        return Duration.ofMillis(consumer.getTimeUnit().toMillis(Math.max(0, amount)));
    }

    @Override
    public synchronized boolean isSchedulerStarted() {
        return runs != null;
    }

    @Override
    public synchronized void unscheduleTask() {
        if (runs != null) {
            try {
                runs.close();
            } catch (Exception e) {
                throw new IllegalStateException("The replay's timer did not stop", e);
            }
            runs = null;
        }
    }

    @Override
    protected void doStop() {
        unscheduleTask();
    }

    @Override
    public void setCamelContext(CamelContext camelContext) {
        this.context = camelContext;
    }

    @Override
    public CamelContext getCamelContext() {
        return context;
    }
}
