package com.camelexchange.component.metrics;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.metrics.Metrics;
import org.apache.camel.CamelContext;

/**
 * Finds where a component's meters go. Names no Micrometer type: it touches {@link MicrometerMetrics} only once it
 * has found Micrometer on the classpath, so the component loads and runs without it.
 */
public final class MetricsLookup {
    private MetricsLookup() {
    }

    /** Whether Micrometer is on the classpath of the component. */
    public static boolean micrometerPresent() {
        try {
            Class.forName("io.micrometer.core.instrument.MeterRegistry", false, MetricsLookup.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The metrics of a component: into {@code meterRegistry} when set, else into the one Micrometer
     * {@code MeterRegistry} bound in the context's registry; {@link Metrics#NONE} without Micrometer or a registry.
     *
     * @param meterRegistry the component option; null to look one up
     */
    public static Metrics lookUp(CamelContext context, Object meterRegistry) {
        if (!micrometerPresent()) {
            if (meterRegistry != null) {
                throw new ExchangeValidationException("option meterRegistry", "a Micrometer MeterRegistry is required,"
                        + " and Micrometer (io.micrometer:micrometer-core) is not on the classpath");
            }
            return Metrics.NONE;
        }
        return MicrometerMetrics.lookUp(context, meterRegistry);
    }
}
