package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.zip.GZIPOutputStream;

/**
 * Writes market history as Tardis.dev CSV files, as the vendor splits them: one file per data type, symbol and UTC
 * day of {@code local_timestamp}, named {@code <exchange>_<type>_<yyyy-MM-dd>_<SYMBOL>.csv.gz}. A trade becomes a
 * {@code trades} row, a book a {@code book_snapshot_N} row (its N best levels a side; deeper levels are cut and
 * counted), and, when asked, the top of each book a {@code quotes} row too. Tickers and candles have no Tardis
 * counterpart here and are skipped (counted). A market {@code btc_usdt} is the symbol {@code BTCUSDT}.
 *
 * <p>{@code local_timestamp} is the event's time in microseconds, never going back (a recording's line dated before
 * the one before it is replayed at that one's time, and written so). Rows of different files are never given the
 * same {@code local_timestamp}: one that would share the time of the row before it, in another file, is written a
 * microsecond later, so that the reader's merge gives them in the recording's order. The {@code timestamp} column is
 * the exchange's time of the trade or book, unchanged.
 */
public final class TardisWriter {
    private final Path directory;
    private final Options options;
    private final Map<String, String> symbols = new LinkedHashMap<>();
    private final Map<String, MarketSpec> markets = new LinkedHashMap<>();
    private final Map<String, Writer> open = new LinkedHashMap<>();
    private final List<Path> files = new ArrayList<>();
    private LocalDate day;
    private long last = Long.MIN_VALUE;
    private String lastFile;
    private long trades;
    private long books;
    private long quotes;
    private long skipped;
    private long levelsCut;

    /**
     * How the files are written.
     *
     * @param exchange the {@code exchange} column and the files' first word
     * @param levels   the N of {@code book_snapshot_N}: at least the recording's deepest book, for an exact copy
     * @param quotes   whether a {@code quotes} file is written from the top of each book as well
     * @param gzip     whether the files are gzipped ({@code .csv.gz}) or plain ({@code .csv})
     */
    public record Options(String exchange, int levels, boolean quotes, boolean gzip) {
        public Options {
            Objects.requireNonNull(exchange, "exchange");
            if (!exchange.matches("[a-z0-9-]{1,64}")) {
                throw new IllegalArgumentException("An exchange is 1 to 64 of a-z, 0-9 and -: " + exchange);
            }
            if (levels < 1 || levels > TardisFile.MAX_LEVELS) {
                throw new IllegalArgumentException("levels lies within 1.." + TardisFile.MAX_LEVELS + ": " + levels);
            }
        }

        /** {@code camel-exchange}, book_snapshot_25, no quotes, gzipped. */
        public static Options defaults() {
            return new Options("camel-exchange", 25, false, true);
        }
    }

    /**
     * What was written.
     *
     * @param replayMarkets the mapping that replays the files as the recording's markets ({@link TardisMarkets})
     */
    public record Written(List<Path> files, long trades, long books, long quotes, long skipped, long levelsCut,
                          String replayMarkets) {
    }

    private TardisWriter(Path directory, Options options) {
        this.directory = directory;
        this.options = options;
    }

    /** Writes a recording of this project (or any source of events) into {@code directory}, created if need be. */
    public static Written write(MarketEventSource in, Path directory, Options options) throws IOException {
        Files.createDirectories(directory);
        TardisWriter writer = new TardisWriter(directory, options);
        try {
            MarketEvent event;
            while ((event = in.next()) != null) {
                writer.event(event);
            }
        } finally {
            writer.closeAll();
        }
        return writer.written();
    }

    /** {@link #write(MarketEventSource, Path, Options)} of a recording file. */
    public static Written write(Path recording, Path directory, Options options) throws IOException {
        try (RecordingReader in = RecordingReader.open(recording)) {
            return write(in, directory, options);
        }
    }

    /** The Tardis symbol of a market: {@code btc_usdt} is {@code BTCUSDT}. */
    public static String symbol(String market) {
        return market.replace("_", "").toUpperCase(Locale.ROOT);
    }

    private void event(MarketEvent event) throws IOException {
        if (event instanceof MarketEvent.Markets m) {
            for (MarketSpec spec : m.markets()) {
                markets.put(spec.name(), spec);
                symbols.put(spec.name(), symbol(spec.name()));
            }
            return;
        }
        String symbol = symbols.computeIfAbsent(event.market(), TardisWriter::symbol);
        if (event instanceof MarketEvent.Trade t) {
            String file = file("trades", symbol, event.at());
            long at = local(event.at(), file);
            row(file, "exchange,symbol,timestamp,local_timestamp,id,side,price,amount",
                    options.exchange() + ',' + symbol + ',' + micros(t.date()) + ',' + at + ',' + t.tid() + ','
                    + (t.takerSide() == null ? "unknown" : t.takerSide().name().toLowerCase(Locale.ROOT)) + ','
                    + t.price().toPlainString() + ',' + t.amount().toPlainString());
            trades++;
        } else if (event instanceof MarketEvent.Depth d) {
            String file = file("book_snapshot_" + options.levels(), symbol, event.at());
            long at = local(event.at(), file);
            StringBuilder row = new StringBuilder(64 + 40 * options.levels());
            row.append(options.exchange()).append(',').append(symbol).append(',').append(micros(d.timestamp()))
                    .append(',').append(at);
            for (int i = 0; i < options.levels(); i++) {
                level(row, d.asks(), i);
                level(row, d.bids(), i);
            }
            if (d.asks().size() > options.levels() || d.bids().size() > options.levels()) {
                levelsCut++;
            }
            row(file, bookHeader(options.levels()), row.toString());
            books++;
            if (options.quotes()) {
                String quoteFile = file("quotes", symbol, event.at());
                long quoteAt = local(event.at(), quoteFile);
                StringBuilder quote = new StringBuilder(96).append(options.exchange()).append(',').append(symbol)
                        .append(',').append(micros(d.timestamp())).append(',').append(quoteAt).append(',');
                PriceLevel ask = d.asks().isEmpty() ? null : d.asks().get(0);
                PriceLevel bid = d.bids().isEmpty() ? null : d.bids().get(0);
                quote.append(ask == null ? "" : ask.amount().toPlainString()).append(',')
                        .append(ask == null ? "" : ask.price().toPlainString()).append(',')
                        .append(bid == null ? "" : bid.price().toPlainString()).append(',')
                        .append(bid == null ? "" : bid.amount().toPlainString());
                row(quoteFile, "exchange,symbol,timestamp,local_timestamp,ask_amount,ask_price,bid_price,bid_amount",
                        quote.toString());
                quotes++;
            }
        } else {
            skipped++;
        }
    }

    private static void level(StringBuilder row, List<PriceLevel> side, int i) {
        if (i < side.size()) {
            row.append(',').append(side.get(i).price().toPlainString()).append(',')
                    .append(side.get(i).amount().toPlainString());
        } else {
            row.append(",,");
        }
    }

    /** The header of book_snapshot_N. */
    static String bookHeader(int levels) {
        StringJoiner header = new StringJoiner(",", "exchange,symbol,timestamp,local_timestamp,", "");
        for (int i = 0; i < levels; i++) {
            header.add("asks[" + i + "].price").add("asks[" + i + "].amount").add("bids[" + i + "].price")
                    .add("bids[" + i + "].amount");
        }
        return header.toString();
    }

    /** The file name of a row of {@code type} at {@code at}; the files of earlier days are closed. */
    private String file(String type, String symbol, Instant at) throws IOException {
        LocalDate date = LocalDate.ofInstant(Instant.ofEpochSecond(Math.max(micros(at), last) / 1_000_000),
                ZoneOffset.UTC);
        if (day != null && date.isAfter(day)) {
            closeAll();
        }
        if (day == null || date.isAfter(day)) {
            day = date;
        }
        return options.exchange() + '_' + type + '_' + day + '_' + symbol + (options.gzip() ? ".csv.gz" : ".csv");
    }

    /** The row's {@code local_timestamp}: never before the row before it, and after it when in another file. */
    private long local(Instant at, String file) {
        long micros = Math.max(micros(at), last);
        if (micros == last && !file.equals(lastFile)) {
            micros++;
        }
        last = micros;
        lastFile = file;
        return micros;
    }

    private void row(String file, String header, String row) throws IOException {
        Writer out = open.get(file);
        if (out == null) {
            Path path = directory.resolve(file);
            boolean fresh = !files.contains(path);
            OutputStream stream = fresh ? Files.newOutputStream(path) : Files.newOutputStream(path,
                    java.nio.file.StandardOpenOption.APPEND);
            out = new BufferedWriter(new OutputStreamWriter(options.gzip() ? new GZIPOutputStream(stream, 1 << 16)
                    : stream, StandardCharsets.UTF_8), 1 << 16);
            if (fresh) {
                files.add(path);
                out.write(header);
                out.write('\n');
            }
            open.put(file, out);
        }
        out.write(row);
        out.write('\n');
    }

    private static long micros(Instant at) {
        return Math.addExact(Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1_000);
    }

    private void closeAll() throws IOException {
        IOException failed = null;
        for (Writer out : open.values()) {
            try {
                out.close();
            } catch (IOException e) {
                failed = e;
            }
        }
        open.clear();
        if (failed != null) {
            throw failed;
        }
    }

    private Written written() {
        StringJoiner mapping = new StringJoiner(",");
        symbols.forEach((market, symbol) -> {
            MarketSpec spec = markets.get(market);
            mapping.add(spec == null ? symbol + '=' + market : symbol + '=' + market + ':' + spec.priceScale() + ':'
                    + spec.amountScale() + ':' + spec.minAmount().toPlainString() + ':'
                    + spec.minSize().toPlainString());
        });
        return new Written(List.copyOf(files), trades, books, quotes, skipped, levelsCut, mapping.toString());
    }
}
