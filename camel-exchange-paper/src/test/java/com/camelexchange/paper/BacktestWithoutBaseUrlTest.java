package com.camelexchange.paper;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeComponent;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A backtest connects to nothing, so it needs no {@code baseUrl}: without one, its streamed, polled and producer reads
 * are served from the recording, its orders by the paper exchange, and it runs to its end (report and summary line).
 * A paper run on the live market without one is still refused when its endpoint is made, naming the option.
 */
class BacktestWithoutBaseUrlTest {
    @TempDir
    Path dir;

    @Test
    void aBacktestWithoutBaseUrlRunsToItsEnd() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        List<String> reads = new CopyOnWriteArrayList<>();
        List<BigDecimal> polled = new CopyOnWriteArrayList<>();
        CapturedLog log = CapturedLog.of(() -> BacktestFixture.run(recording, dir.resolve("report"), null,
                new RouteBuilder() {
                    @Override
                    public void configure() {
                        from("exchange:trades?market=" + BTC + "&streaming=true")
                                .process(e -> e.setVariable("tid", e.getMessage().getBody(Trade.class).tid()))
                                .to("exchange:depth?market=" + BTC)
                                .process(e -> reads.add(e.getVariable("tid") + " "
                                        + e.getMessage().getBody(Depth.class).asks().get(0).price().toPlainString()))
                                // Second 4's trade buys 0.1 btc at its best ask, 104: a taker, filled at once.
                                .filter(e -> e.getVariable("tid", Long.class) == 5)
                                .setBody(e -> OrderRequest.limit(BTC, OrderSide.BUY, "104", "0.1"))
                                .to("exchange:order");
                        from("exchange:ticker?market=" + BTC + "&delay=1000")
                                .process(e -> polled.add(e.getMessage().getBody(Ticker.class).last()));
                    }
                }, component -> { }));
        assertThat(reads).containsExactly("1 100", "2 101", "3 102", "4 103", "5 104", "6 105", "7 106", "8 107",
                "9 108", "10 109");
        assertThat(polled).hasSize(9).startsWith(new BigDecimal("101")).endsWith(new BigDecimal("109"));
        assertThat(log.lines("INFO", BacktestSummary.class)).anyMatch(l -> l.contains("backtest: events=30 ")
                && l.contains(" orders=1 fills=1 ") && !l.contains("stopped before the end"));
        assertThat(BacktestFixture.fills(BacktestFixture.report(dir.resolve("report")))).hasSize(1);
    }

    @Test
    void aPaperRunOnTheLiveMarketWithoutBaseUrlIsRefusedNamingTheOption() {
        DefaultCamelContext context = new DefaultCamelContext();
        try {
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            component.setPaper(true);
            component.setPaperBalances("usdt=1000");
            assertThatThrownBy(() -> context.getEndpoint("exchange:ticker?market=" + BTC))
                    .hasRootCauseInstanceOf(ExchangeValidationException.class)
                    .hasStackTraceContaining("option baseUrl");
        } finally {
            context.stop();
        }
    }
}
