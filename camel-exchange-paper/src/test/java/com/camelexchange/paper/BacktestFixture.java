package com.camelexchange.paper;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.Trade;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.camelexchange.simulator.replay.RecordingWriter;
import org.apache.camel.LoggingLevel;
import org.apache.camel.Predicate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.model.errorhandler.DefaultErrorHandlerDefinition;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Backtests in tests: a recording written with the simulator's {@link RecordingWriter}, and a CamelContext whose
 * exchange component runs routes on it ({@code replayFrom}) until the backtest stops the context itself. The
 * component's live address is a socket that counts the connections made to it: a backtest makes none.
 */
final class BacktestFixture {
    static final String BTC = "btc_usdt";
    /** The first event's time; one second between seconds of the recording. */
    static final Instant T0 = Instant.parse("2024-01-01T00:00:00Z");

    private BacktestFixture() {
    }

    /**
     * The order a backtest strategy of these tests places on a trade: every fourth buys 0.1 btc through the book (a
     * taker); every fourth, two later, offers 0.1 btc at the trade's price plus one, which the book and the tape of
     * later seconds fill (a maker); null for the others.
     */
    static OrderRequest takerOrMaker(Trade trade) {
        long n = trade.tid() % 4;
        BigDecimal price = trade.price().add(BigDecimal.ONE);
        return n == 1 ? OrderRequest.limit(BTC, OrderSide.BUY, price.toPlainString(), "0.1")
                : n == 3 ? OrderRequest.limit(BTC, OrderSide.SELL, price.toPlainString(), "0.1") : null;
    }

    /**
     * A recording of {@code seconds} seconds of btc_usdt: at T0 + i s, a book (best ask 100 + i, best bid 99 + i,
     * 1 btc each), a ticker (last 100 + i) and a trade (id i + 1, 0.01 btc at 99.5 + i, taken by a seller).
     */
    static Path recording(Path dir, int seconds) throws IOException {
        Path file = dir.resolve("recording-" + seconds + ".jsonl");
        try (RecordingWriter out = RecordingWriter.create(file)) {
            out.write(new MarketEvent.Markets(T0, List.of(new MarketSpec(BTC, 2, 4, new BigDecimal("0.0001"),
                    new BigDecimal("1"), new BigDecimal("100")))));
            for (int i = 0; i < seconds; i++) {
                Instant at = T0.plusSeconds(i);
                BigDecimal ask = BigDecimal.valueOf(100 + i);
                BigDecimal bid = BigDecimal.valueOf(99 + i);
                out.write(new MarketEvent.Depth(at, BTC, List.of(new PriceLevel(ask, BigDecimal.ONE)),
                        List.of(new PriceLevel(bid, BigDecimal.ONE)), at));
                out.write(new MarketEvent.Ticker(at, BTC, ask, bid, bid, ask, ask, BigDecimal.TEN, at));
                out.write(new MarketEvent.Trade(at, BTC, i + 1, at, bid.add(new BigDecimal("0.5")),
                        new BigDecimal("0.01"), Side.SELL));
            }
        }
        return file;
    }

    /** A streamed book of {@link #recording}'s second {@code second}: its best ask is 100 + second. */
    static Predicate bookOfSecond(int second) {
        return e -> e.getMessage().getBody(Depth.class).asks().get(0).price()
                .compareTo(BigDecimal.valueOf(100L + second)) == 0;
    }

    /** A loopback port that counts the connections made to it and answers none. */
    static final class CountingPort implements AutoCloseable {
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final AtomicInteger accepted = new AtomicInteger();

        CountingPort() throws IOException {
            Thread accepting = new Thread(() -> {
                while (!socket.isClosed()) {
                    try (Socket ignored = socket.accept()) {
                        accepted.incrementAndGet();
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "counting-port");
            accepting.setDaemon(true);
            accepting.start();
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort();
        }

        int accepted() {
            return accepted.get();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /**
     * Runs {@code routes} in backtest on {@code recording} with 100,000 usdt and 2 btc, the report written into
     * {@code reportTo}, and returns once the backtest stopped the context; the context is returned stopped. The
     * component's {@code baseUrl} is {@code liveUrl}, unset when null.
     */
    static DefaultCamelContext run(Path recording, Path reportTo, String liveUrl, RouteBuilder routes,
                                   Consumer<ExchangeComponent> options) throws Exception {
        DefaultCamelContext context = start(recording, reportTo, liveUrl, routes, options);
        Await.until(60, "the backtest stops its context at the end of the recording", context::isStopped);
        return context;
    }

    /** As {@link #run}, but returns once the context started: the backtest runs on. */
    static DefaultCamelContext start(Path recording, Path reportTo, String liveUrl, RouteBuilder routes,
                                     Consumer<ExchangeComponent> options) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        // A backtest needs no address: null leaves baseUrl unset.
        if (liveUrl != null) {
            component.getConfiguration().setBaseUrl(liveUrl);
        }
        component.setReplayFrom(recording.toString());
        component.setPaperBalances("usdt=100000,btc=2");
        component.setPaperReportTo(reportTo.toString());
        options.accept(component);
        // Failures the tests provoke are asserted, not logged with a stack trace.
        DefaultErrorHandlerDefinition quiet = new DefaultErrorHandlerDefinition().logExhausted(false);
        quiet.setLevel(LoggingLevel.OFF.name());
        context.getCamelContextExtension().setErrorHandlerFactory(quiet);
        context.addRoutes(routes);
        context.start();
        return context;
    }

    static String report(Path reportTo) throws IOException {
        return Files.readString(reportTo.resolve(PaperReport.TEXT), StandardCharsets.UTF_8);
    }

    /** The lines of the report's fills table. */
    static List<String> fills(String report) {
        List<String> lines = report.lines().toList();
        // The fills' section: its title line ("Fills (model: ...)"), then the columns' line, then a fill a line.
        int header = lines.indexOf(lines.stream().filter(l -> l.startsWith("Fills (")).findFirst().orElseThrow()) + 2;
        return lines.subList(header, lines.size()).stream().filter(l -> !l.isBlank()).toList();
    }
}
