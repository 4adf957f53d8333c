package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

import java.util.Map;

/**
 * The health of one consumer, from what it reports ({@link HealthReporting}); it calls nothing. DOWN while its
 * polls or catch-ups fail, or while its stream is not connected or its channel was refused; before its first
 * successful poll or subscription it is not ready: DOWN for readiness, UP otherwise (as Camel's polling consumers
 * are: one that has not polled yet is not failing). Details say what it reads and how it is doing, never a key.
 *
 * <p>A streaming consumer whose channel is silent while its data is read over REST meanwhile is UP with a message,
 * and the details {@code degraded=true} and {@code degradedReason}: it still delivers, later than pushed.
 *
 * <p>Each consumer carries its check as Camel's consumers do ({@code HealthCheckAware}): Camel's consumers
 * repository shows it as {@code consumer:<routeId>}. Behind {@code master:}, whose consumer hides it, it is
 * registered under its own id, {@code consumer:exchange-<operation>[-<market or coin>]} (see
 * {@link ConsumerHealthChecks}).
 */
public class ExchangeConsumerHealthCheck extends AbstractHealthCheck {
    private final HealthReporting consumer;

    ExchangeConsumerHealthCheck(String id, HealthReporting consumer) {
        super("camel", id);
        this.consumer = consumer;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        ConsumerHealth.Report report = consumer.healthReport();
        builder.details(report.details());
        builder.detail("state", report.state().name());
        switch (report.state()) {
            case UP -> {
                // UP but degraded says why (details degraded and degradedReason); plain UP has no message.
                if (report.message() != null) {
                    builder.message(report.message());
                }
                builder.up();
            }
            case STARTING -> {
                // As Camel's polling consumers: not ready yet, but not failing either.
                builder.message(report.message());
                if (options.get(CHECK_KIND) == Kind.READINESS) {
                    builder.down();
                } else {
                    builder.up();
                }
            }
            default -> {
                builder.message(report.message());
                if (report.error() != null) {
                    builder.error(report.error());
                }
                builder.down();
            }
        }
    }
}
