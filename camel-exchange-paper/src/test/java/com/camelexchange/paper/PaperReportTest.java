package com.camelexchange.paper;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.Color;
import java.awt.image.BufferedImage;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;

import static org.assertj.core.api.Assertions.assertThat;

/** The report of a paper run: its figures to the last decimal, a text and a picture. */
class PaperReportTest {

    @TempDir
    Path dir;

    @Test
    void theReportCountsOrdersFillsFeesAndValuesTheBalancesAtTheLastPrice() throws Exception {
        Path reports = dir.resolve("report");
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperReportTo(reports.toString()), null)) {
            String taker = paper.place(OrderSide.BUY, "60050.00", "0.5");
            String resting = paper.place(OrderSide.BUY, "59000.00", "0.2");
            paper.place(OrderSide.SELL, "61000.00", "0.1");
            live.trade("58990.00", "0.05", Side.SELL);
            Await.until(10, "the maker fill", () -> paper.order(resting).tradeAmount().signum() > 0);

            SimulatorPaperExchange exchange = paper.paperExchange();
            PaperReport report = PaperReport.of(exchange.simulator(), exchange.accessKey(),
                    Map.of("usdt", new BigDecimal("100000"), "btc", new BigDecimal("2")));
            assertThat(report.orders()).isEqualTo(3);
            assertThat(report.fills()).hasSize(3);
            // Each fill names its order, the order's limit and the model that filled it (the default, unset).
            assertThat(report.fills()).extracting(f -> Long.toString(f.orderId())).containsExactly(taker, taker,
                    resting);
            assertThat(report.fills()).extracting(f -> f.limitPrice().toPlainString()).containsExactly("60050.00",
                    "60050.00", "59000.00");
            assertThat(report.fills()).extracting(Fill::model).containsOnly(FillModel.DEFAULT_KIND.optionName());
            assertThat(report.quoteCoin()).isEqualTo("usdt");
            assertThat(report.fees()).containsOnlyKeys("btc");
            assertThat(report.fees().get("btc")).isEqualByComparingTo("0.0011");
            assertThat(report.feesValue()).as("0.0006 x 60000 + 0.0004 x 60010 + 0.0001 x 59000")
                    .isEqualByComparingTo("65.904");
            assertThat(report.finalBalances().get("usdt")).isEqualByComparingTo("67048");
            assertThat(report.finalBalances().get("btc")).isEqualByComparingTo("2.5489");
            assertThat(report.lastPrices().get("btc")).as("A's last trade").isEqualByComparingTo("58990");
            assertThat(report.pnl()).as("-32952 usdt + 0.5489 btc x 58990").isEqualByComparingTo("-572.389");
            assertThat(report.summary()).isEqualTo("orders=3 fills=3 fees=65.90 pnl=-572.39");
            assertThat(report.equityComputed()).as("the account's value over the run, before a picture").isFalse();
            report.write(dir.resolve("drawn"));
            assertThat(report.equityComputed()).as("once drawn").isTrue();
            assertThat(Files.readString(dir.resolve("drawn").resolve(PaperReport.TEXT)))
                    .contains("orders=3 fills=3 fees=65.90 pnl=-572.39");
            assertThat(exchange.report(dir)).isEqualTo(report.summary());
        }
        // The component wrote the report again when it stopped.
        for (Path written : new Path[] {dir, reports}) {
            String text = Files.readString(written.resolve(PaperReport.TEXT));
            assertThat(text).contains("orders=3 fills=3 fees=65.90 pnl=-572.39").contains("59000.00")
                    .contains("maker").contains("taker");
            assertThat(text.lines().filter(l -> l.contains("60050.00") && l.contains("60010.00")
                    && l.contains(FillModel.DEFAULT_KIND.optionName()))).as("the taker's second fill, with its limit")
                    .hasSize(1).allSatisfy(l -> assertThat(l).containsPattern("\\b\\d{18}\\b"));
            BufferedImage picture = ImageIO.read(written.resolve(PaperReport.PICTURE).toFile());
            assertThat(picture.getWidth()).isEqualTo(ReportChart.WIDTH);
            assertThat(picture.getHeight()).isEqualTo(ReportChart.HEIGHT);
            assertPanels(picture);
        }
    }

    /**
     * The balance lines are listed by coin, whatever order the starting balances came in: the order of a map the
     * balances passed through is no part of a report, which two runs must write byte for byte alike.
     */
    @Test
    void theBalanceLinesAreListedByCoinWhateverOrderTheBalancesCameIn() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            paper.place(OrderSide.BUY, "60050.00", "0.1");
            SimulatorPaperExchange exchange = paper.paperExchange();
            Map<String, BigDecimal> usdtFirst = new LinkedHashMap<>();
            usdtFirst.put("usdt", new BigDecimal("100000"));
            usdtFirst.put("btc", new BigDecimal("2"));
            Map<String, BigDecimal> btcFirst = new LinkedHashMap<>();
            btcFirst.put("btc", new BigDecimal("2"));
            btcFirst.put("usdt", new BigDecimal("100000"));
            String text = ReportText.of(PaperReport.of(exchange.simulator(), exchange.accessKey(), usdtFirst));
            assertThat(text.lines().filter(l -> l.matches("(btc|usdt) .*")).map(l -> l.split(" ")[0]))
                    .containsExactly("btc", "usdt");
            assertThat(ReportText.of(PaperReport.of(exchange.simulator(), exchange.accessKey(), btcFirst)))
                    .isEqualTo(text);
        }
    }

    /**
     * The picture draws something, in its places: the account's value (blue) in the upper panel, the price (grey) and
     * the three buy fills (green) in the lower one, and neither in the other's panel. The panels take the plot's
     * width; the upper one about the upper two fifths of the height under the title, the lower one the next
     * half, above the time axis and the legend (which repeats the colours).
     */
    private static void assertPanels(BufferedImage picture) {
        int nonWhite = 0;
        for (int y = 0; y < picture.getHeight(); y++) {
            for (int x = 0; x < picture.getWidth(); x++) {
                nonWhite += (picture.getRGB(x, y) & 0xffffff) == 0xffffff ? 0 : 1;
            }
        }
        assertThat(nonWhite).as("not blank").isGreaterThan(picture.getWidth() * picture.getHeight() / 50);
        Color equity = new Color(0x1f, 0x4e, 0x9c);
        Color buys = new Color(0x1a, 0x9b, 0x3a);
        double[] upper = {0.05, 0.37};
        double[] lower = {0.41, 0.89};
        assertThat(pixels(picture, upper, equity)).as("the account's value, above").isGreaterThan(100);
        assertThat(pixels(picture, upper, Color.GRAY)).as("no price above").isZero();
        assertThat(pixels(picture, upper, buys)).as("no fill above").isZero();
        assertThat(pixels(picture, lower, Color.GRAY)).as("the price, below").isGreaterThan(50);
        assertThat(pixels(picture, lower, buys)).as("the buy fills, below").isGreaterThan(30);
        assertThat(pixels(picture, lower, equity)).as("no account value below").isZero();
    }

    /** Pixels within the plot's columns and the rows between the given shares of the height, near the colour. */
    private static int pixels(BufferedImage picture, double[] rows, Color color) {
        int count = 0;
        for (int y = (int) (rows[0] * picture.getHeight()); y < rows[1] * picture.getHeight(); y++) {
            for (int x = picture.getWidth() / 10; x < picture.getWidth() * 97 / 100; x++) {
                Color pixel = new Color(picture.getRGB(x, y));
                int distance = Math.abs(pixel.getRed() - color.getRed()) + Math.abs(pixel.getGreen() - color.getGreen())
                        + Math.abs(pixel.getBlue() - color.getBlue());
                count += distance <= 24 ? 1 : 0;
            }
        }
        return count;
    }
}
