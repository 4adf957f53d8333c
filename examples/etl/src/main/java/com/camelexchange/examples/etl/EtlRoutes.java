package com.camelexchange.examples.etl;

import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.dataformat.bindy.csv.BindyCsvDataFormat;

import java.time.Clock;
import java.util.Locale;

/**
 * The ETL flows. Each connector does one job: {@code exchange:} reads and trades, {@code sql:} stores,
 * {@code file:} with the bindy CSV data format reads and writes CSV, {@code timer:} paces the chart.
 */
public class EtlRoutes extends RouteBuilder {
    private final EtlSettings settings;
    private final Clock clock;

    public EtlRoutes(EtlSettings settings, Clock clock) {
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public void configure() {
        String market = settings.market();
        long backfillFrom = clock.millis() - settings.backfill().toMillis();
        CandlestickChart chart = new CandlestickChart(1200, 600);

        // tag::trades-and-klines[]
        // Each trade once, in order; the position is kept in the state repository and committed only after
        // the row is stored, and MERGE makes a re-delivered trade replace itself: no gap, no duplicate.
        from("exchange:trades?market=" + market + "&delay=500&stateRepository=#positions")
                .routeId("trades-to-db")
                .setHeader("takerSide", method(EtlRoutes.class, "takerSide"))
                .to("sql:MERGE INTO trades (market, tid, traded_at, price, amount, taker_side) KEY (market, tid)"
                    + " VALUES (:#${body.market}, :#${body.tid}, :#${body.date}, :#${body.price},"
                    + " :#${body.amount}, :#${header.takerSide})?dataSource=#exchangeDb");

        // Closed 1-minute candles, from an hour back on the first run, then each once as it closes.
        from("exchange:kline?market=" + market + "&type=1min&since=" + backfillFrom
             + "&delay=2000&stateRepository=#positions")
                .routeId("klines-to-db")
                .to("sql:MERGE INTO candles (market, period, open_time, open_price, high_price, low_price,"
                    + " close_price, volume) KEY (market, period, open_time)"
                    + " VALUES (:#${header.CamelExchangeMarket}, :#${header.CamelExchangeKlineType},"
                    + " :#${body.openTime}, :#${body.open}, :#${body.high}, :#${body.low}, :#${body.close},"
                    + " :#${body.volume})?dataSource=#exchangeDb");
        // end::trades-and-klines[]

        // tag::tickers-to-csv[]
        // Every market's ticker appended to one CSV file per market and day.
        from("exchange:allTicker?delay=" + settings.tickerPeriod().toMillis())
                .routeId("tickers-to-csv")
                .setBody(e -> TickerCsvRow.of(e.getMessage().getBody(Ticker.class), clock.instant()))
                .setHeader(Exchange.FILE_NAME, simple("${body.market}-${date:now:yyyy-MM-dd}.csv"))
                .marshal(new BindyCsvDataFormat(TickerCsvRow.class))
                .to(fileUri(settings.tickers().toString()) + "?fileExist=Append");
        // end::tickers-to-csv[]

        // tag::chart[]
        // The stored candles drawn as a chart, replaced every chartPeriod (written to a temporary name first,
        // so a reader never sees half a PNG).
        from("timer:chart?delay=3000&period=" + settings.chartPeriod().toMillis())
                .routeId("chart")
                .setBody(constant("SELECT * FROM (SELECT open_time, open_price, high_price, low_price, close_price,"
                                  + " volume FROM candles WHERE market = '" + market + "' AND period = '1min'"
                                  + " ORDER BY open_time DESC LIMIT 120) ORDER BY open_time"))
                .to("jdbc:exchangeDb")
                .filter(simple("${body.size} > 0"))
                    .setBody(e -> chart.render(e.getMessage().getBody(java.util.List.class),
                            market + " 1-minute candles"))
                    .to(fileUri(settings.charts().toString()) + "?fileName=" + market + "-1min.png"
                        + "&tempPrefix=.writing-");
        // end::chart[]

        // tag::orders-inbox[]
        // An order file dropped into the inbox is placed as one batch; the order ids are written next to it.
        // A refused or failed file moves to failed/ with the reason; a file is never picked up twice.
        BindyCsvDataFormat orderLines = new BindyCsvDataFormat(OrderCsvRow.class);
        BindyCsvDataFormat resultLines = new BindyCsvDataFormat(OrderResultCsvRow.class);
        from(fileUri(settings.inbox().toString()) + "?include=.*\\.csv&move=../done/${file:name}"
             + "&moveFailed=../failed/${file:name}&readLock=changed&readLockMinAge=500")
                .routeId("orders-inbox")
                .onException(Exception.class)
                    // One line says why; the reason is in the .error.txt file, a stack trace adds nothing.
                    .logExhausted(false)
                    .log(LoggingLevel.WARN, "Refused ${file:name}: ${exception.message}")
                    .setBody(simple("${exception.message}\n"))
                    .to(fileUri(settings.failed().toString())
                        + "?fileName=${file:name.noext}.error.txt")
                .end()
                .unmarshal(orderLines)
                .bean(OrderBatch.class, "toBatch")
                .to("exchange:orderMoreV2")
                .bean(OrderBatch.class, "toResult")
                .marshal(resultLines)
                .to(fileUri(settings.done().toString())
                    + "?fileName=${file:name.noext}.result.csv")
                .log("Placed ${file:name} as one batch: results in orders/done/${file:name.noext}.result.csv");
        // end::orders-inbox[]
    }

    /** buy or sell; null where the variant does not say (B). */
    public static String takerSide(Trade trade) {
        return trade.takerSide() == null ? null : trade.takerSide().name().toLowerCase(Locale.ROOT);
    }

    private static String fileUri(String folder) {
        return "file:" + folder.replace('\\', '/');
    }
}
