package com.camelexchange.client.internal.feed;

import com.camelexchange.client.ExchangeRequest;
import com.camelexchange.client.ExchangeRequest.GetAllTicker;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetTrades;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The market-data replies the polling consumers of one application share, with the exchange faked at the consumer's
 * own reads: one fetch serves every consumer within its period, never the same consumer twice, and a reply that
 * cannot change (a full page of trades) whatever its age.
 */
class SharedReadsTest {
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);
    private static final ReadProfile PROFILE = new ReadProfile("http://exchange", null, "test", 1, 1, 1, 0, 0);

    /** The exchange: a fresh reply object per fetch, counted; each fetch takes at least a microsecond. */
    private static final class Exchange implements Reads {
        final List<ExchangeRequest<?>> fetched = new ArrayList<>();
        final AtomicInteger fetches = new AtomicInteger();
        int tradesPerPage = 50;
        RuntimeException failure;

        @Override
        @SuppressWarnings("unchecked")
        public synchronized <T> T read(ExchangeRequest<T> request) {
            fetches.incrementAndGet();
            fetched.add(request);
            long started = System.nanoTime();
            while (System.nanoTime() - started < 1_000) {
                Thread.onSpinWait();
            }
            if (failure != null) {
                throw failure;
            }
            if (request instanceof GetTrades trades) {
                long since = trades.since() == null ? 0 : trades.since();
                return (T) new ArrayList<>(LongStream.rangeClosed(since + 1, since + tradesPerPage)
                        .mapToObj(tid -> new Trade(trades.market(), tid, Instant.EPOCH, BigDecimal.ONE,
                                BigDecimal.ONE, null)).toList());
            }
            if (request instanceof GetAllTicker) {
                return (T) Map.of("btc_usdt", ticker("btc_usdt", "1"), "eth_usdt", ticker("eth_usdt", "1"));
            }
            if (request instanceof GetTicker one) {
                return (T) ticker(one.market(), Integer.toString(fetches.get()));
            }
            throw new IllegalArgumentException(request.toString());
        }
    }

    private static Ticker ticker(String market, String last) {
        BigDecimal price = new BigDecimal(last);
        return new Ticker(market, price, price, price, price, price, BigDecimal.ONE, Instant.EPOCH);
    }

    private final SharedReads shared = new SharedReads();
    private final Exchange exchange = new Exchange();

    private SharedReader reader(long periodNanos) {
        return reader(PROFILE, periodNanos);
    }

    private SharedReader reader(ReadProfile profile, long periodNanos) {
        return new SharedReader(shared, profile, exchange, periodNanos, new TickerInterest());
    }

    @Test
    void oneFetchServesEveryConsumerWithinItsPeriod() {
        SharedReader a = reader(HOUR);
        SharedReader b = reader(HOUR);
        SharedReader c = reader(HOUR);
        Ticker first = a.read(new GetTicker("btc_usdt"));
        assertThat(b.read(new GetTicker("btc_usdt"))).isSameAs(first);
        assertThat(c.read(new GetTicker("btc_usdt"))).isSameAs(first);
        assertThat(exchange.fetches).hasValue(1);
        assertThat(shared.fetched()).isEqualTo(1);
        assertThat(shared.shared()).isEqualTo(2);
    }

    @Test
    void aConsumerNeverGetsTheSameReplyTwiceAndOthersTakeItsNewerOne() {
        SharedReader a = reader(HOUR);
        SharedReader b = reader(HOUR);
        Ticker first = a.read(new GetTicker("btc_usdt"));
        assertThat(a.read(new GetTicker("btc_usdt"))).as("within one poll, the same reply").isSameAs(first);
        a.pollEnded();
        Ticker second = a.read(new GetTicker("btc_usdt"));
        assertThat(second).isNotSameAs(first);
        assertThat(b.read(new GetTicker("btc_usdt"))).as("the newest kept").isSameAs(second);
        assertThat(exchange.fetches).hasValue(2);
    }

    @Test
    void aReplyOlderThanTheConsumersPeriodIsFetchedAgain() {
        reader(HOUR).read(new GetTicker("btc_usdt"));
        reader(1).read(new GetTicker("btc_usdt"));
        assertThat(exchange.fetches).hasValue(2);
    }

    @Test
    void aFullPageOfTradesServesAnyConsumerAtThatPositionWhateverItsAgeAShortOneDoesNot() {
        reader(HOUR).read(new GetTrades("btc_usdt", 100L));
        reader(1).read(new GetTrades("btc_usdt", 100L));
        assertThat(exchange.fetches).as("every trade after 100 up to 150: it cannot change").hasValue(1);

        exchange.tradesPerPage = 49;
        reader(HOUR).read(new GetTrades("btc_usdt", 200L));
        reader(1).read(new GetTrades("btc_usdt", 200L));
        assertThat(exchange.fetches).as("a short page grows").hasValue(3);
        reader(HOUR).read(new GetTrades("btc_usdt", null));
        reader(1).read(new GetTrades("btc_usdt", null));
        assertThat(exchange.fetches).as("the latest trades change").hasValue(5);
    }

    @Test
    void consumersThatSendRequestsDifferentlyOrAskForOtherDataDoNotShare() {
        ReadProfile otherTimeout = new ReadProfile("http://exchange", null, "test", 2, 1, 1, 0, 0);
        reader(HOUR).read(new GetTicker("btc_usdt"));
        reader(otherTimeout, HOUR).read(new GetTicker("btc_usdt"));
        reader(HOUR).read(new GetTicker("eth_usdt"));
        assertThat(exchange.fetches).hasValue(3);
    }

    @Test
    void aSharedReplyCannotBeChangedByOneConsumer() {
        List<Trade> page = reader(HOUR).read(new GetTrades("btc_usdt", 0L));
        assertThatThrownBy(page::clear).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void aFailedFetchIsNotKeptTheNextReadFetchesAgain() {
        exchange.failure = new ExchangeTransportException("ticker", Duration.ofSeconds(1));
        assertThatThrownBy(() -> reader(HOUR).read(new GetTicker("btc_usdt")))
                .isSameAs(exchange.failure);
        exchange.failure = null;
        assertThat(reader(HOUR).read(new GetTicker("btc_usdt"))).isNotNull();
        assertThat(exchange.fetches).hasValue(2);
    }

    @Test
    void aConsumerAskingDuringAFetchWaitsForItRatherThanSendItsOwn() throws Exception {
        CountDownLatch inFetch = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Reads slow = new Reads() {
            @Override
            public <T> T read(ExchangeRequest<T> request) {
                inFetch.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return exchange.read(request);
            }
        };
        SharedReader first = new SharedReader(shared, PROFILE, slow, HOUR, new TickerInterest());
        CompletableFuture<Ticker> fetching = CompletableFuture.supplyAsync(() -> first.read(new GetTicker("btc_usdt")));
        assertThat(inFetch.await(30, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Ticker> waiting = CompletableFuture.supplyAsync(() -> reader(HOUR)
                .read(new GetTicker("btc_usdt")));
        while (shared.shared() < 1) {
            Thread.onSpinWait();
        }
        release.countDown();
        assertThat(waiting.get(30, TimeUnit.SECONDS)).isSameAs(fetching.get(30, TimeUnit.SECONDS));
        assertThat(exchange.fetches).hasValue(1);
    }

    @Test
    void atMostSoManyRepliesAreKept() {
        SharedReader reader = reader(HOUR);
        for (long since = 0; since <= SharedReads.MOST_KEPT; since++) {
            reader.read(new GetTrades("btc_usdt", since));
        }
        assertThat(shared.kept()).isEqualTo(SharedReads.MOST_KEPT);
    }

    @Test
    void aTickerIsReadFromTheAllTickerOnlyWhenThatCostsLess() {
        TickerInterest interest = new TickerInterest();
        SharedReader btc = new SharedReader(shared, PROFILE, exchange, HOUR, interest);
        Runnable btcStops = btc.wantTickers("btc_usdt");
        btc.ticker(new GetTicker("btc_usdt"));
        assertThat(exchange.fetched).singleElement().isInstanceOf(GetTicker.class);

        SharedReader eth = new SharedReader(shared, PROFILE, exchange, HOUR, interest);
        eth.wantTickers("eth_usdt");
        btc.pollEnded();
        assertThat(btc.ticker(new GetTicker("btc_usdt")).market()).isEqualTo("btc_usdt");
        assertThat(eth.ticker(new GetTicker("eth_usdt")).market()).isEqualTo("eth_usdt");
        assertThat(eth.ticker(new GetTicker("xrp_usdt")).market()).as("not in the reply: asked on its own")
                .isEqualTo("xrp_usdt");
        assertThat(exchange.fetched).extracting(r -> r.getClass().getSimpleName())
                .containsExactly("GetTicker", "GetAllTicker", "GetTicker");
        btcStops.run();
        assertThat(interest.allTickerCheaper()).isFalse();
    }
}
