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
    private final Supplier<String> export;
    private final Supplier<Map<String, Long>> lastTrades;
    /** Guarded by this. */
    private PaperAccount account;
    private String saved;
    private Map<String, Long> savedTrades;
    private ScheduledExecutorService timer;

    /**
     * @param export     the paper exchange's export of the account now
     * @param lastTrades the last live trade taken per market now
     */
    PaperAccountSaver(PaperAccountStore store, PaperAccount account, Supplier<String> export,
                      Supplier<Map<String, Long>> lastTrades) {
        this.store = store;
        this.account = account;
        this.export = export;
        this.lastTrades = lastTrades;
    }

    /** Saves now (so the account's key is kept from the start) and then every few seconds. */
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
        String now = export.get();
        Map<String, Long> tradesNow = new LinkedHashMap<>(account.lastTrades());
        tradesNow.putAll(lastTrades.get());
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
