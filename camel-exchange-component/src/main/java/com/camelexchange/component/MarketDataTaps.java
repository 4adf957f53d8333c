package com.camelexchange.component;

import com.camelexchange.client.MarketDataListener;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The listeners of the market data a component receives (the recorder), told in turn. A listener that throws
 * never fails the route whose data it was told: it is logged once at WARN, then at DEBUG.
 */
public final class MarketDataTaps implements MarketDataListener {
    private static final Logger LOG = LoggerFactory.getLogger(MarketDataTaps.class);

    private final List<MarketDataListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<MarketDataListener> warned = ConcurrentHashMap.newKeySet();

    public void add(MarketDataListener listener) {
        listeners.add(listener);
    }

    public void remove(MarketDataListener listener) {
        listeners.remove(listener);
    }

    @Override
    public boolean listening() {
        return !listeners.isEmpty();
    }

    @Override
    public void markets(Map<String, Market> markets) {
        tell(l -> l.markets(markets));
    }

    @Override
    public void trades(List<Trade> trades) {
        if (!trades.isEmpty()) {
            tell(l -> l.trades(trades));
        }
    }

    @Override
    public void depth(Depth depth) {
        tell(l -> l.depth(depth));
    }

    @Override
    public void ticker(Ticker ticker) {
        tell(l -> l.ticker(ticker));
    }

    @Override
    public void kline(Kline kline) {
        tell(l -> l.kline(kline));
    }

    private void tell(Consumer<MarketDataListener> call) {
        for (MarketDataListener listener : listeners) {
            try {
                call.accept(listener);
            } catch (RuntimeException e) {
                if (warned.add(listener)) {
                    LOG.warn("A listener of the market data ({}) failed, and is told the next data all the same: {}",
                            listener.getClass().getSimpleName(), e.toString());
                } else {
                    LOG.debug("A listener of the market data failed again", e);
                }
            }
        }
    }
}
