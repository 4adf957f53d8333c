package com.camelexchange.component.consumer;

import com.camelexchange.client.feed.ConsumerHealth;

/** A consumer that tells how it is doing, for its health check and the dev console. */
public interface HealthReporting {

    /** How the consumer is doing now; cheap, no call to the exchange. */
    ConsumerHealth.Report healthReport();
}
