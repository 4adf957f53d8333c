package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeKlineGapException;
import com.camelexchange.client.model.Candle;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The exchange answers a K-line request with the latest candles (at most {@code size}) after {@code since}.
 * A consumer further behind than that cannot read the candles in between: it says so, with the times, and
 * goes on from the first candle it can read, instead of skipping them silently.
 */
class KlineGapTest {
    private static final Instant T0 = Instant.parse("2026-11-20T10:00:00Z");

    private final ExpectedFailures failures = new ExpectedFailures();
    private DefaultCamelContext context;
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        if (context != null) {
            context.stop();
        }
        if (simulator != null) {
            simulator.stop();
        }
    }

    @Test
    void aConsumerFurtherBehindThanTheExchangeAnswersReportsTheGapAndGoesOn() throws Exception {
        // A candle every minute for 1031 minutes: more than the largest reply (1000) after the position.
        int minutes = 1030;
        MutableClock clock = new MutableClock(T0.plus(Duration.ofMinutes(minutes)).plusSeconds(30));
        simulator = ExchangeSimulator.builder().seed(9).quiet().clock(clock).limits(SimulatorLimits.none())
                .build().start();
        for (int minute = 0; minute <= minutes; minute++) {
            simulator.exchange().recordHistoricalTrade("btc_usdt", T0.plus(Duration.ofMinutes(minute)).toEpochMilli(),
                    new BigDecimal(65000 + minute), new BigDecimal("0.1"), Side.BUY);
        }
        List<Candle> received = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setCandleClock(clock);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // The reply of 10 starts late; the largest (1000) too: 10:31 onwards, the last candle still open.
                from("exchange:kline?market=btc_usdt&type=1min&size=10&delay=50&exceptionHandler=#failures&since="
                     + T0.toEpochMilli())
                        .process(e -> received.add(e.getMessage().getBody(Candle.class)));
            }
        });
        context.start();

        Await.until(20, "the 999 closed candles it can read", () -> received.size() >= 999);
        assertThat(failures.failures()).hasSize(1).first().isInstanceOf(ExchangeKlineGapException.class);
        ExchangeKlineGapException gap = (ExchangeKlineGapException) failures.failures().get(0);
        assertThat(gap.from()).isEqualTo(T0);
        assertThat(gap.to()).isEqualTo(T0.plus(Duration.ofMinutes(31)));
        assertThat(gap.getMessage()).contains("btc_usdt", "1min");
        assertThat(received).extracting(Candle::openTime).first().isEqualTo(gap.to());
        assertThat(received).extracting(Candle::openTime).last().isEqualTo(T0.plus(Duration.ofMinutes(minutes - 1)));
        assertThat(received).hasSize(999);
    }

    @Test
    void aConsumerBehindTheSizeItAsksForReadsTheCandlesLeftOutFromTheLargestReply() throws Exception {
        MutableClock clock = new MutableClock(T0.plus(Duration.ofMinutes(30)).plusSeconds(30));
        simulator = ExchangeSimulator.builder().seed(9).quiet().clock(clock).limits(SimulatorLimits.none())
                .build().start();
        for (int minute = 0; minute <= 30; minute++) {
            simulator.exchange().recordHistoricalTrade("btc_usdt", T0.plus(Duration.ofMinutes(minute)).toEpochMilli(),
                    new BigDecimal(65000 + minute), new BigDecimal("0.1"), Side.BUY);
        }
        List<Candle> received = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setCandleClock(clock);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // 31 candles from T0 on; a reply of 10 would start at 10:21, one of 1000 holds them all.
                from("exchange:kline?market=btc_usdt&type=1min&size=10&delay=50&exceptionHandler=#failures&since="
                     + T0.toEpochMilli())
                        .process(e -> received.add(e.getMessage().getBody(Candle.class)));
            }
        });
        context.start();

        Await.until(20, "the 30 closed candles", () -> received.size() >= 30);
        assertThat(received).extracting(Candle::openTime).first().isEqualTo(T0);
        assertThat(received).extracting(Candle::openTime).last().isEqualTo(T0.plus(Duration.ofMinutes(29)));
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aFullReplyAfterAQuietSpellIsNoGap() throws Exception {
        // One candle at 10:00, nothing for twenty minutes (a period without trades has no candle), then ten: the
        // reply after 10:00 holds exactly ten candles and starts twenty minutes later, with nothing left out.
        MutableClock clock = new MutableClock(T0.plus(Duration.ofMinutes(30)).plusSeconds(30));
        simulator = ExchangeSimulator.builder().seed(9).quiet().clock(clock).limits(SimulatorLimits.none())
                .build().start();
        simulator.exchange().recordHistoricalTrade("btc_usdt", T0.toEpochMilli(), new BigDecimal(65000),
                new BigDecimal("0.1"), Side.BUY);
        for (int minute = 21; minute <= 30; minute++) {
            simulator.exchange().recordHistoricalTrade("btc_usdt", T0.plus(Duration.ofMinutes(minute)).toEpochMilli(),
                    new BigDecimal(65000 + minute), new BigDecimal("0.1"), Side.BUY);
        }
        List<Candle> received = new CopyOnWriteArrayList<>();
        context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setCandleClock(clock);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                // From 10:01, after the candle of 10:00: the candles of 10:21 to 10:29 are closed, 10:30 is open.
                from("exchange:kline?market=btc_usdt&type=1min&size=10&delay=50&exceptionHandler=#failures&since="
                     + T0.plus(Duration.ofMinutes(1)).toEpochMilli())
                        .process(e -> received.add(e.getMessage().getBody(Candle.class)));
            }
        });
        context.start();

        Await.until(20, "the nine closed candles", () -> received.size() >= 9);
        assertThat(received).extracting(Candle::openTime).first().isEqualTo(T0.plus(Duration.ofMinutes(21)));
        assertThat(received).extracting(Candle::openTime).last().isEqualTo(T0.plus(Duration.ofMinutes(29)));
        Await.until(20, "another poll", () -> simulator.requestCount("kline") >= 4);
        assertThat(failures.failures()).as("nothing is missing, so no gap is reported").isEmpty();
        assertThat(received).hasSize(9);
    }
}
