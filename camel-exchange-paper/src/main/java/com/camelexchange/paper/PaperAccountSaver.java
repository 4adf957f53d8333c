package com.camelexchange.paper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Saves the paper account when it changed: every {@value #PERIOD_SECONDS} seconds, and when the paper exchange
 * stops. The account is exported whole, so saving on every fill would rewrite it per trade; a stop (a restart)
 * always saves, and a crash loses at most the last few seconds.
 */
final class PaperAccountSaver implements AutoCloseable {
    static final int PERIOD_SECONDS = 5;
    private static final Logger LOG = LoggerFactory.getLogger(PaperAccountSaver.class);

    private final PaperAccountStore store;
    private final Supplier<Snapshot> snapshot;
    /** Guarded by this. */
    private PaperAccount account;
    private String saved;
    private Map<String, Long> savedTrades;
    private ScheduledExecutorService timer;

    /**
     * What the paper exchange holds at one moment: its export of the account, and the last live trade it took per
     * market. Read together, with no trade applied between the two, so that a fill is kept exactly when its trade is.
     */
    record Snapshot(String accounts, Map<String, Long> lastTrades) {
    }

    /** @param snapshot the paper exchange's account and last trades now, read at one moment */
    PaperAccountSaver(PaperAccountStore store, PaperAccount account, Supplier<Snapshot> snapshot) {
        this.store = store;
        this.account = account;
        this.snapshot = snapshot;
    }

    /**
     * Saves now (so the account's key is kept from the start) and then every few seconds. A first save that fails
     * throws, with no timer left running: the paper exchange does not start.
     */
    PaperAccountSaver start() {
        saveIfChanged();
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "PaperAccountSaver");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::saveQuietly, PERIOD_SECONDS, PERIOD_SECONDS, TimeUnit.SECONDS);
        return this;
    }

    synchronized PaperAccount account() {
        return account;
    }

    synchronized void saveIfChanged() {
        Snapshot taken = snapshot.get();
        String now = taken.accounts();
        Map<String, Long> tradesNow = new LinkedHashMap<>(account.lastTrades());
        tradesNow.putAll(taken.lastTrades());
        if (!now.equals(saved) || !tradesNow.equals(savedTrades)) {
            account = account.with(now, tradesNow);
            store.save(account);
            saved = now;
            savedTrades = tradesNow;
        }
    }

    private void saveQuietly() {
        try {
            saveIfChanged();
        } catch (RuntimeException e) {
            LOG.warn("The paper account could not be saved, tried again in {} s: {}", PERIOD_SECONDS, e.getMessage());
        }
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
            try {
                timer.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        try {
            saveIfChanged();
        } catch (RuntimeException e) {
            LOG.warn("The paper account could not be saved at stop: {}", e.getMessage());
        }
    }
}
