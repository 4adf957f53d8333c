package com.camelexchange.client.internal;

import com.camelexchange.client.OncePerMinute;
import com.camelexchange.client.internal.json.RefusedRecords;
import com.camelexchange.client.metrics.Metrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts what the component's replies and pushes lost to their bounds ({@link Metrics#refusedRecords}), and logs
 * records refused from a reply that was otherwise read: at WARN, without a stack trace, once a minute per operation
 * and market (a trade refused from a push and again from the REST page that catches it up is one WARN), with the
 * count so far; at DEBUG in between. The data goes on without them, so nothing else would tell.
 * A reply refused whole is only counted here: the call fails, and its caller logs it.
 */
public final class ReplyRefusals implements RefusedRecords {
    private static final Logger LOG = LoggerFactory.getLogger(ReplyRefusals.class);

    private final Metrics metrics;
    /** Per operation and market: the records refused so far and when the last WARN was logged. */
    private final Map<String, Counted> counted = new ConcurrentHashMap<>();

    public ReplyRefusals(Metrics metrics) {
        this.metrics = metrics;
    }

    private static final class Counted {
        final AtomicLong refused = new AtomicLong();
        final OncePerMinute warnings = new OncePerMinute();
    }

    @Override
    public void records(String operation, String source, String market, List<String> reasons) {
        metrics.refusedRecords(operation, source, "record", reasons.size());
        String about = market == null ? operation : operation + " of " + market;
        Counted count = counted.computeIfAbsent(about, k -> new Counted());
        long total = count.refused.addAndGet(reasons.size());
        if (count.warnings.due()) {
            LOG.warn("The {} {} had {} record(s) out of bounds, refused and skipped ({} so far); the rest was taken:"
                     + " {}", about, source.equals("push") ? "push" : "reply", reasons.size(), total, reasons);
        } else {
            LOG.debug("The {} {} had {} record(s) out of bounds, refused: {}", about, source, reasons.size(), reasons);
        }
    }

    @Override
    public void reply(String operation, String source) {
        metrics.refusedRecords(operation, source, "reply", 1);
    }

    /** The records refused so far from the replies and pushes of an operation (of one market, or of none). */
    public long refused(String operation, String market) {
        Counted count = counted.get(market == null ? operation : operation + " of " + market);
        return count == null ? 0 : count.refused.get();
    }
}
