package com.camelexchange.paper;

import com.camelexchange.component.model.OrderSide;
import com.camelexchange.simulator.market.Side;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

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
            paper.place(OrderSide.BUY, "60050.00", "0.5");
            String resting = paper.place(OrderSide.BUY, "59000.00", "0.2");
            paper.place(OrderSide.SELL, "61000.00", "0.1");
            live.trade("58990.00", "0.05", Side.SELL);
            Await.until(10, "the maker fill", () -> paper.order(resting).tradeAmount().signum() > 0);

            SimulatorPaperExchange exchange = paper.paperExchange();
            PaperReport report = PaperReport.of(exchange.simulator(), exchange.accessKey(),
                    Map.of("usdt", new BigDecimal("100000"), "btc", new BigDecimal("2")));
            assertThat(report.orders()).isEqualTo(3);
            assertThat(report.fills()).hasSize(3);
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
            assertThat(exchange.report(dir)).isEqualTo(report.summary());
        }
        // The component wrote the report again when it stopped.
        for (Path written : new Path[] {dir, reports}) {
            String text = Files.readString(written.resolve(PaperReport.TEXT));
            assertThat(text).contains("orders=3 fills=3 fees=65.90 pnl=-572.39").contains("59000.00")
                    .contains("maker").contains("taker");
            BufferedImage picture = ImageIO.read(written.resolve(PaperReport.PICTURE).toFile());
            assertThat(picture.getWidth()).isEqualTo(ReportChart.WIDTH);
            assertThat(picture.getHeight()).isEqualTo(ReportChart.HEIGHT);
        }
    }
}
