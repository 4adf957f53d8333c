package com.camelexchange.component;

import com.camelexchange.component.api.ExchangeKlineGapException;
import com.camelexchange.component.model.Candle;
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
import java.util.concurrent.TimeUnit;

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
                // 31 candles exist from T0 on, the exchange answers 10: 10:21 to 10:30, the last still open.
                from("exchange:kline?market=btc_usdt&type=1min&size=10&delay=50&exceptionHandler=#failures&since="
                     + T0.toEpochMilli())
                        .process(e -> received.add(e.getMessage().getBody(Candle.class)));
            }
        });
        context.start();

        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (received.size() < 9 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(failures.failures()).hasSize(1).first().isInstanceOf(ExchangeKlineGapException.class);
        ExchangeKlineGapException gap = (ExchangeKlineGapException) failures.failures().get(0);
        assertThat(gap.from()).isEqualTo(T0);
        assertThat(gap.to()).isEqualTo(T0.plus(Duration.ofMinutes(21)));
        assertThat(gap.getMessage()).contains("btc_usdt", "1min");
        assertThat(received).extracting(Candle::openTime).first().isEqualTo(gap.to());
        assertThat(received).extracting(Candle::openTime).last().isEqualTo(T0.plus(Duration.ofMinutes(29)));
        assertThat(received).hasSize(9);
    }
}
