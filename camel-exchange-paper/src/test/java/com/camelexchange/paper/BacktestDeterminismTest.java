package com.camelexchange.paper;

import com.camelexchange.client.model.Trade;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Determinism: the same routes on the same recording, run twice, write byte-identical reports (orders, fills and
 * their times, fees, balances, P&L), whatever the machine did meanwhile.
 */
class BacktestDeterminismTest {
    @TempDir
    Path dir;

    @Test
    void twoRunsOfTheSameRoutesOnTheSameRecordingWriteTheSameReport() throws Exception {
        Path recording = BacktestFixture.recording(dir, 60);
        String first;
        String second;
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("first"), live.url(), strategy(), component -> { });
            BacktestFixture.run(recording, dir.resolve("second"), live.url(), strategy(), component -> { });
            first = BacktestFixture.report(dir.resolve("first"));
            second = BacktestFixture.report(dir.resolve("second"));
        }
        // Takers that cross the book and makers that rest and fill later on the tape: enough fills to differ.
        assertThat(BacktestFixture.fills(first)).hasSizeGreaterThan(10);
        assertThat(second).isEqualTo(first);
    }

    /**
     * Issue 36: the btc and usdt balance lines swapped places from one JVM to the next (every figure equal), as the
     * balances went through a map whose order is random per JVM. Given in either order, they come out in one: by
     * coin, so a run in another JVM writes the same bytes too.
     */
    @Test
    void theBalancesGivenInEitherOrderWriteTheSameReportListedByCoin() throws Exception {
        Path recording = BacktestFixture.recording(dir, 20);
        try (BacktestFixture.CountingPort live = new BacktestFixture.CountingPort()) {
            BacktestFixture.run(recording, dir.resolve("usdt-first"), live.url(), strategy(),
                    component -> component.setPaperBalances("usdt=100000,btc=2,eth=1"));
            BacktestFixture.run(recording, dir.resolve("btc-first"), live.url(), strategy(),
                    component -> component.setPaperBalances("btc=2,eth=1,usdt=100000"));
        }
        String usdtFirst = BacktestFixture.report(dir.resolve("usdt-first"));
        assertThat(BacktestFixture.report(dir.resolve("btc-first"))).isEqualTo(usdtFirst);
        assertThat(usdtFirst.lines().filter(l -> l.matches("(btc|eth|usdt) .*")).map(l -> l.split(" ")[0]))
                .containsExactly("btc", "eth", "usdt");
    }

    /**
     * On every trade: every fourth buys 0.1 btc through the book (a taker); every fourth, two later, offers 0.1 btc
     * at the trade's price plus one, which the book and the tape of later seconds fill (a maker).
     */
    private static RouteBuilder strategy() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:trades?market=" + BTC + "&streaming=true").routeId("strategy")
                        .process(e -> e.getMessage().setBody(
                                BacktestFixture.takerOrMaker(e.getMessage().getBody(Trade.class))))
                        .filter(body().isNotNull())
                        .to("exchange:order");
            }
        };
    }
}
