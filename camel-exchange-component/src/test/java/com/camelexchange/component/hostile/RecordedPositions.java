package com.camelexchange.component.hostile;

import org.apache.camel.support.processor.state.MemoryStateRepository;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A consumer's state repository that keeps every value the consumer stored, for a test to see all it moved to. */
final class RecordedPositions extends MemoryStateRepository {
    private final List<String> stored = new CopyOnWriteArrayList<>();

    @Override
    public void setState(String key, String value) {
        stored.add(value);
        super.setState(key, value);
    }

    /** Every value stored, in order. */
    List<String> stored() {
        return List.copyOf(stored);
    }
}
