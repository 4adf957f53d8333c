package com.camelexchange.examples.etl;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where the ETL keeps its files and how often it acts.
 *
 * @param workDir      database, ticker CSV files, charts, order inbox and the consumers' positions
 * @param market       the market whose trades and K-lines are stored and charted
 * @param tickerPeriod how often all tickers are appended to the CSV files
 * @param chartPeriod  how often the chart is drawn again (the issue asks for every minute)
 * @param backfill     how far back the K-lines start on the first run (later runs continue from the database)
 */
public record EtlSettings(Path workDir, String market, Duration tickerPeriod, Duration chartPeriod, Duration backfill) {

    public static EtlSettings defaults(Path workDir) {
        return new EtlSettings(workDir, "btc_usdt", Duration.ofSeconds(5), Duration.ofMinutes(1), Duration.ofHours(1));
    }

    public EtlSettings withChartPeriod(Duration period) {
        return new EtlSettings(workDir, market, tickerPeriod, period, backfill);
    }

    public EtlSettings withTickerPeriod(Duration period) {
        return new EtlSettings(workDir, market, period, chartPeriod, backfill);
    }

    public Path inbox() {
        return workDir.resolve("orders/inbox");
    }

    /** Placed order files and their result files. */
    public Path done() {
        return workDir.resolve("orders/done");
    }

    /** Refused or failed order files and their error files. */
    public Path failed() {
        return workDir.resolve("orders/failed");
    }

    public Path tickers() {
        return workDir.resolve("tickers");
    }

    public Path charts() {
        return workDir.resolve("charts");
    }

    public Path database() {
        return workDir.resolve("db");
    }

    public Path positions() {
        return workDir.resolve("positions.dat");
    }
}
