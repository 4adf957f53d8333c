package com.camelexchange.paper;

import com.camelexchange.client.ExchangeClient;
import com.camelexchange.client.Positions;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.paper.Backtest;
import com.camelexchange.client.paper.PaperOptions;
import com.camelexchange.client.paper.PaperRun;
import com.camelexchange.client.paper.PaperSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static com.camelexchange.paper.BacktestFixture.BTC;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A program on the client and this module alone, no CamelContext: it backtests a recording and paper-trades on a
 * live market through {@link PaperRun}, its client set up by the run, and keeps its paper account in the client's
 * {@link Positions}.
 */
class PaperRunWithoutCamelTest {

    @TempDir
    Path dir;

    @Test
    void aProgramBacktestsARecordingInLockStepWithTheClientAlone() throws Exception {
        Path recording = BacktestFixture.recording(dir, 30);
        Path report = dir.resolve("report");
        List<BigDecimal> lastSeen = new ArrayList<>();
        AtomicReference<PlacedOrder> placed = new AtomicReference<>();
        try (PaperRun run = PaperRun.builder().replayFrom(recording)
                .account(PaperSettings.startingWith("usdt=10000,btc=1")).reportTo(report).open();
             // No base address: the market data is the recording's, the signed calls the paper exchange's.
             ExchangeClient client = run.configure(ExchangeClient.builder()).build()) {
            run.backtest().onDepth(BTC, book -> {
                // The client reads the market as this book left it: the last ticker is the second before's.
                if (book.bestAsk().price().compareTo(new BigDecimal("100")) > 0) {
                    lastSeen.add(client.ticker(BTC).last());
                }
                if (book.bestAsk().price().compareTo(new BigDecimal("105")) == 0) {
                    placed.set(client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY, "105.00", "0.5")));
                }
            });

            assertThat(run.runBacktest()).isEqualTo(Backtest.State.FINISHED);

            assertThat(lastSeen).as("a book per second after the first, each seeing the ticker of the second before")
                    .hasSize(29).startsWith(new BigDecimal("100"), new BigDecimal("101")).endsWith(new BigDecimal("128"));
            Order order = client.order(BTC, placed.get().id());
            assertThat(order.status()).as("taken at the book of second 5, within the lock-step")
                    .isEqualTo(OrderStatus.FILLED);
            assertThat(run.backtest().summary()).matches("backtest: events=90 seconds=[0-9.]+ eventsPerSecond=\\d+"
                                                         + " orders=1 fills=1 fees=[0-9.]+ pnl=-?[0-9.]+");
            assertThat(report.resolve(PaperReport.TEXT)).as("the report written at the end").exists();
        }
    }

    @Test
    void aProgramPaperTradesOnTheLiveMarketAndNothingSignedReachesIt() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             ExchangeClient reader = ExchangeClient.builder().baseUrl(live.simulator().baseUrl()).build();
             // No latency: the order meets the live book as it is placed, not 100 ms later.
             PaperRun run = PaperRun.builder().account(PaperSettings.startingWith("usdt=100000,btc=2")
                             .withFills(PaperOptions.fills(null, null, 0))).liveMarketFrom(() -> reader).open();
             ExchangeClient client = run.configure(ExchangeClient.builder().baseUrl(live.simulator().baseUrl()))
                     .build()) {
            PlacedOrder taker = client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY, "60050.00", "0.5"));

            Order taken = client.order(BTC, taker.id());
            assertThat(taken.status()).isEqualTo(OrderStatus.FILLED);
            assertThat(taken.tradeMoney()).as("the live asks, best first: 0.3 x 60000 + 0.2 x 60010")
                    .isEqualByComparingTo("30002");
            assertThat(client.accountInfo().coin("usdt").total()).isEqualByComparingTo("69998");
            assertThat(live.simulator().signedRequestCount()).as("signed requests the live service saw").isZero();
        }
    }

    @Test
    void thePaperAccountKeptInPositionsGoesOnInTheNextRun() throws Exception {
        Positions kept = Positions.inMemory();
        PaperSettings account = PaperSettings.startingWith("usdt=100000,btc=2").keptIn(kept, "my-paper");
        try (LiveStandIn live = new LiveStandIn().withBook();
             ExchangeClient reader = ExchangeClient.builder().baseUrl(live.simulator().baseUrl()).build()) {
            String id;
            try (PaperRun first = PaperRun.builder().account(account).liveMarketFrom(() -> reader).open();
                 ExchangeClient client = first.configure(ExchangeClient.builder().baseUrl(live.simulator().baseUrl()))
                         .build()) {
                id = client.placeOrder(OrderRequest.limit(BTC, OrderSide.BUY, "50000.00", "0.1")).id();
            }
            assertThat(kept.get("my-paper")).as("saved at the stop").contains("\"accessKey\"");

            try (PaperRun second = PaperRun.builder().account(account).liveMarketFrom(() -> reader).open();
                 ExchangeClient client = second.configure(ExchangeClient.builder()
                         .baseUrl(live.simulator().baseUrl())).build()) {
                assertThat(client.order(BTC, id).status()).as("the order of the first run, still open")
                        .isEqualTo(OrderStatus.PENDING);
                assertThat(client.accountInfo().coin("usdt").frozen()).as("its money still held")
                        .isEqualByComparingTo("5000");
            }
        }
    }

    @Test
    void settingsThatDoNotFitTogetherAreRefusedBeforeAnythingOpens() {
        PaperSettings account = PaperSettings.startingWith("usdt=1");
        assertThatThrownBy(() -> PaperRun.builder().account(account).open())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("liveMarketFrom");
        assertThatThrownBy(() -> PaperRun.builder().replayFrom(dir.resolve("r.jsonl")).recordTo(dir.resolve("w.jsonl"))
                .open()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("records nothing");
        assertThatThrownBy(() -> PaperRun.builder().replayFrom(dir.resolve("r.jsonl"))
                .account(account.keptIn(Positions.inMemory(), "k")).open())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("afresh");
        assertThatThrownBy(() -> PaperSettings.startingWith("usdt=-1"))
                .hasMessageContaining("paperBalances");
    }
}
