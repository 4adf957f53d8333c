package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.MarketFeed;
import com.camelexchange.simulator.market.MarketSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a replay stands in its recording: the next line not yet applied, read ahead so that its time is
 * known, and what came of the lines before. Guarded by the replay's lock.
 */
final class ReplayCursor {
    private static final Logger LOG = LoggerFactory.getLogger(Replay.class);
    /** Enough to name the odd foreign market without flooding the log with a recording of hundreds. */
    private static final int MARKETS_LOGGED = 100;

    private final Path file;
    private final RecordingReader reader;
    private final List<MarketSpec> recordedMarkets;
    private final Set<String> unknownMarkets = new HashSet<>();
    private MarketFeed feed;
    private Set<String> markets = Set.of();
    private MarketEvent next;
    private RecordingFormatException failure;
    private long applied;
    private long skipped;

    /** Reads the leading {@code markets} lines and the first line of market data. */
    ReplayCursor(Path file, RecordingReader reader) throws IOException {
        this.file = file;
        this.reader = reader;
        List<MarketSpec> named = new ArrayList<>();
        MarketEvent first = reader.next();
        while (first instanceof MarketEvent.Markets m) {
            named.addAll(m.markets());
            first = reader.next();
        }
        this.recordedMarkets = List.copyOf(named);
        this.next = first;
        if (first == null) {
            close();
        }
    }

    List<MarketSpec> recordedMarkets() {
        return recordedMarkets;
    }

    void attach(MarketFeed target, Set<String> marketNames) {
        feed = target;
        markets = Set.copyOf(marketNames);
    }

    boolean attached() {
        return feed != null;
    }

    /** The next line to apply, or null at the end. */
    MarketEvent next() {
        return next;
    }

    /** Feeds the next line and reads the one after; a line that cannot be read or fed ends the replay. */
    void applyNext() {
        MarketEvent event = next;
        try {
            if (markets.contains(event.market())) {
                event.applyTo(feed);
                applied++;
            } else {
                skipped++;
                if (unknownMarkets.add(String.valueOf(event.market())) && unknownMarkets.size() <= MARKETS_LOGGED) {
                    LOG.warn("Replay of {} skips market {}: the simulator does not have it", file, event.market());
                }
            }
            next = readNext();
        } catch (RecordingFormatException e) {
            fail(e);
        } catch (IllegalArgumentException e) {
            // The feed refused the data (a price of zero, say): the line is as unusable as a malformed one.
            fail(new RecordingFormatException(reader.lineNumber(), e.getMessage()));
        }
    }

    private MarketEvent readNext() {
        try {
            MarketEvent event = reader.next();
            while (event instanceof MarketEvent.Markets) {
                // Markets are fixed when the simulator is built.
                skipped++;
                event = reader.next();
            }
            if (event == null) {
                close();
            }
            return event;
        } catch (IOException e) {
            fail(new RecordingFormatException(reader.lineNumber(), "cannot be read: " + e.getMessage()));
            return null;
        }
    }

    private void fail(RecordingFormatException e) {
        failure = e;
        next = null;
        close();
        LOG.warn("Replay of {} stopped: {}", file, e.getMessage());
    }

    RecordingFormatException failure() {
        return failure;
    }

    long applied() {
        return applied;
    }

    long skipped() {
        return skipped + reader.unknownKinds();
    }

    /** Ends the replay here. */
    void close() {
        next = null;
        try {
            reader.close();
        } catch (IOException e) {
            LOG.debug("Closing {}", file, e);
        }
    }
}
