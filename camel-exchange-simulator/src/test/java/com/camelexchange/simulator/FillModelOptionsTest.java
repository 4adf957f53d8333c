package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

import static com.camelexchange.simulator.ExternalMarketTest.T0;
import static com.camelexchange.simulator.ExternalMarketTest.levels;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The options of the fill model, and paper orders in variant B. */
class FillModelOptionsTest {
    private static final String BTC = "btc_usdt";
    private final MutableClock clock = new MutableClock(T0);

    private ExchangeSimulator start(Consumer<ExchangeSimulator.Builder> options) {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder().seed(42).clock(clock).eventLoops(1)
                .externalMarket(Markets.defaults()).key("paper", "paper-secret");
        options.accept(builder);
        return builder.build().start();
    }

    private static void trade(ExchangeSimulator sim, long tid, String price, String amount) {
        sim.feed().trade(BTC, tid, T0, new BigDecimal(price), new BigDecimal(amount), Side.SELL);
    }

    /** The README's table of builder options names the default the code has (it once named another). */
    @Test
    void theReadmeNamesTheDefaultFillModel() throws Exception {
        String row = Files.readAllLines(Path.of("README.md")).stream()
                .filter(line -> line.startsWith("| `fillModel(kind)`")).findFirst().orElseThrow();
        assertThat(row).contains("| `" + FillModel.DEFAULT_KIND.name() + "`, ");
        assertThat(ExchangeSimulator.builder().externalMarket(Markets.defaults()).build().exchange().fillModel().kind())
                .isEqualTo(FillModel.DEFAULT_KIND);
    }

    @Test
    void fillAtTouchFillsThatShareOfATradeAtThePrice() {
        try (ExchangeSimulator sim = start(b -> b.fillAtTouch(new BigDecimal("0.5")))) {
            Trader paper = new Trader(sim, "paper");
            String id = paper.place(BTC, "buy", "59000.00", "0.2");
            trade(sim, 1, "59000.00", "0.1111");
            assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("half of 0.1111, cut to 4 decimals")
                    .isEqualByComparingTo("0.0555");
            trade(sim, 2, "58999.00", "1");
            assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(2);
        }
    }

    @Test
    void staleBookAfterSetsHowOldABookMayBe() {
        try (ExchangeSimulator sim = start(b -> b.staleBookAfter(Duration.ofMinutes(5)))) {
            Trader paper = new Trader(sim, "paper");
            sim.feed().book(BTC, levels("59990.00", "1"), levels("60000.00", "1"), T0);
            clock.advance(Duration.ofMinutes(4));
            String taken = paper.place(BTC, "buy", "60000.00", "0.1");
            assertThat(paper.get(BTC, taken).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
            clock.advance(Duration.ofMinutes(2));
            String rests = paper.place(BTC, "buy", "60000.00", "0.1");
            assertThat(paper.get(BTC, rests).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
        }
    }

    @Test
    void variantBStatusesFollowPaperFills() {
        try (ExchangeSimulator sim = start(b -> b.variant(Variant.B))) {
            Trader paper = new Trader(sim, "paper");
            String id = paper.place(BTC, "buy", "59000.00", "0.2");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("pending").isEqualTo(0);
            trade(sim, 1, "58000.00", "0.1");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("partly filled").isEqualTo(3);
            assertThat(paper.get(BTC, id).get("trade_price").decimalValue()).isEqualByComparingTo("59000");
            trade(sim, 2, "58000.00", "0.1");
            assertThat(paper.get(BTC, id).get("status").asInt()).as("completed").isEqualTo(2);
            String cancelled = paper.place(BTC, "buy", "50000.00", "0.2");
            paper.cancel(BTC, cancelled);
            assertThat(paper.get(BTC, cancelled).get("status").asInt()).isEqualTo(1);
        }
    }

    @Test
    void theOptionsAreChecked() {
        assertThatThrownBy(() -> ExchangeSimulator.builder().fillAtTouch(new BigDecimal("1.5")))
                .hasMessageContaining("0..1");
        assertThatThrownBy(() -> ExchangeSimulator.builder().staleBookAfter(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ExchangeSimulator.builder().speed(0)).hasMessageContaining("positive");
        assertThatThrownBy(() -> ExchangeSimulator.builder().latency(Duration.ofMillis(-1)))
                .hasMessageContaining("0..60000 ms");
        assertThatThrownBy(() -> ExchangeSimulator.builder().latency(Duration.ofMinutes(2)))
                .hasMessageContaining("0..60000 ms");
        assertThatThrownBy(() -> FillModel.Kind.named("fifo"))
                .hasMessage("The fill model is one of tradeThrough, touch, queue: 'fifo'");
        assertThatThrownBy(() -> ExchangeSimulator.builder().importAccounts("{}").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("external");
        assertThatThrownBy(() -> ExchangeSimulator.builder().quiet().funds(java.util.Map.of("doge", BigDecimal.ONE))
                .build()).as("no market names doge").hasMessageContaining("doge");
        try (ExchangeSimulator own = ExchangeSimulator.builder().quiet().build()) {
            assertThatThrownBy(own::feed).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(own::replay).isInstanceOf(IllegalStateException.class);
        }
        try (ExchangeSimulator external = start(b -> { })) {
            assertThatThrownBy(external::activity).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(() -> external.feed().trade("nope_usdt", 1, T0, BigDecimal.ONE, BigDecimal.ONE, null))
                    .hasMessageContaining("Unknown market");
            assertThatThrownBy(() -> external.feed().trade(BTC, 1, T0, BigDecimal.ZERO, BigDecimal.ONE, null))
                    .hasMessageContaining("positive");
            assertThatThrownBy(() -> external.feed().book(BTC, levels("1E+99", "1"), levels(), T0))
                    .hasMessageContaining("digits");
        }
    }
}
