package com.camelexchange.client;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where feeds keep where they stand, one text value per key (a trade id, a candle's open time, the watch of an
 * account's orders as JSON), so that a program started again resumes where it stopped: each item is delivered once
 * and nothing is skipped. A value is put once its item was delivered; {@link #get} is read when a feed starts. Keep
 * it in a file, a database or a key-value store for a restart to resume; {@link #inMemory()} lasts as long as the
 * process. A feed calls it from one thread at a time; feeds of several keys may share one.
 */
public interface Positions {

    /** The value last put under {@code key}; null (or blank) when none was. */
    String get(String key);

    /** Keeps {@code value} under {@code key}; a value it cannot keep is refused by throwing, and is not taken. */
    void put(String key, String value);

    /** Whether the values outlive the process (a restart resumes from them); false for {@link #inMemory()}. */
    default boolean durable() {
        return true;
    }

    /** Positions kept in this process only: a restart starts afresh. Thread-safe. */
    static Positions inMemory() {
        Map<String, String> values = new ConcurrentHashMap<>();
        return new Positions() {
            @Override
            public String get(String key) {
                return values.get(key);
            }

            @Override
            public void put(String key, String value) {
                values.put(key, value);
            }

            @Override
            public boolean durable() {
                return false;
            }

            @Override
            public String toString() {
                return "Positions[in memory, " + values.size() + " key(s)]";
            }
        };
    }
}
