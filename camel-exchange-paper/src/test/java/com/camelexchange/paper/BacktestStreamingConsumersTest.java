package com.camelexchange.paper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.LongStream;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming consumers in a backtest: each recorded trade, book and ticker of their market arrives once, in order,
 * as one exchange with the body and headers of a live push; a ticker consumer with {@code onlyChanges} skips a
 * ticker equal to the last one delivered.
 */
class BacktestStreamingConsumersTest {
    @TempDir
    Path dir;

    @Test
    void eachRecordedEventArrivesOnceWithTheBodyAndHeadersOfALivePush() throws Exception {
        Path recording = BacktestFixture.recording(dir, 10);
        // Second 9's ticker twice more, then a changed one: onlyChanges delivers the changed one only.
        try (RecordingWriter out = RecordingWriter.append(recording)) {
            for (int second = 10; second <= 12; second++) {
                Instant at = BacktestFixture.T0.plusSeconds(second);
                BigDecimal last = second == 12 ? new BigDecimal("200") : new BigDecimal("109");
                out.write(new MarketEvent.Ticker(at, BTC, new BigDecimal("109"), new BigDecimal("108"),
                        new BigDecimal("108"), new BigDecimal("109"), last, BigDecimal.TEN, at));
            }
        }
        List<String> trades = new CopyOnWriteArrayList<>();
        List<String> books = new CopyOnWriteArrayList<>();
        List<String> tickers = new CopyOnWriteArrayList<>();
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("report"), live.url(), new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=" + BTC + "&streaming=true").process(e -> {
                        Trade trade = e.getMessage().getBody(Trade.class);
                        trades.add(trade.tid() + " " + e.getMessage().getHeader(ExchangeConstants.TRADE_ID) + " "
                                   + e.getMessage().getHeader(ExchangeConstants.MARKET) + " "
                                   + e.getMessage().getHeader(ExchangeConstants.OPERATION));
                    });
                    from("exchange:depth?market=" + BTC + "&streaming=true").process(e -> books.add(
                            e.getMessage().getBody(Depth.class).asks().get(0).price().toPlainString()));
                    from("exchange:ticker?market=" + BTC + "&streaming=true&onlyChanges=true").process(e -> tickers
                            .add(e.getMessage().getBody(Ticker.class).last().toPlainString()));
                }
            }, component -> { });
            assertThat(live.accepted()).as("connections to the live address").isZero();
        }
        assertThat(trades).containsExactlyElementsOf(LongStream.rangeClosed(1, 10)
                .mapToObj(tid -> tid + " " + tid + " " + BTC + " trades").toList());
        assertThat(books).containsExactly("100", "101", "102", "103", "104", "105", "106", "107", "108", "109");
        assertThat(tickers).containsExactly("100", "101", "102", "103", "104", "105", "106", "107", "108", "109",
                "200");
    }
}
