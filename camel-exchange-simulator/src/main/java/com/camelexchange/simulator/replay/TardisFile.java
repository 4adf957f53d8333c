package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.BoundedDecimal;
import com.camelexchange.simulator.engine.Echo;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Side;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * One Tardis CSV file ({@code trades}, {@code book_snapshot_N} or {@code quotes}, plain or gzipped: told by its first
 * bytes), read a row at a time into events, each value checked as every value from outside is
 * ({@link BoundedDecimal}) and against its market's scales; the first row that fails stops the reading with a
 * {@link TardisFormatException} naming the file, the line and the column. A file's rows must not go back in
 * {@code local_timestamp} (the vendor orders them so). A trade whose {@code id} is not a whole number gets
 * {@link #NO_ID}, for {@link TardisReader} to number.
 */
final class TardisFile implements AutoCloseable {
    /** The trade id of a row whose id is empty or not a whole number. */
    static final long NO_ID = -1;
    /** The most levels a side of a book_snapshot_N: as many as a recorded depth holds (1000 a side). */
    static final int MAX_LEVELS = 1000;
    private static final String[] FIRST = {"exchange", "symbol", "timestamp", "local_timestamp"};
    private static final String TRADES = "exchange,symbol,timestamp,local_timestamp,id,side,price,amount";
    private static final String QUOTES = "exchange,symbol,timestamp,local_timestamp,ask_amount,ask_price,bid_price,"
            + "bid_amount";
    /** Microseconds of 18 digits reach the year 33,000: enough, and never a long's overflow. */
    private static final int MAX_MICROS_DIGITS = 18;
    private static final int MAX_TEXT = 64;

    enum Type { TRADES, BOOK, QUOTES }

    private final Path file;
    private final Utf8Lines lines;
    /** The market of each symbol; a symbol without one is refused. */
    private final Map<String, MarketSpec> markets;
    /** Whether prices and amounts are checked against the markets' scales (not while the scales are inferred). */
    private final boolean checkScales;
    private Type type;
    private String[] columns;
    private int levels;
    private long line;
    private long lastMicros = Long.MIN_VALUE;
    private char[] chars = new char[256];
    private int[] starts = new int[16];
    private int[] ends = new int[16];
    private String lastSymbol;
    private MarketSpec lastMarket;
    /** The current row's {@code local_timestamp}, in microseconds. */
    private long micros;

    private TardisFile(Path file, InputStream in, Map<String, MarketSpec> markets, boolean checkScales) {
        this.file = file;
        this.lines = new Utf8Lines(in);
        this.markets = markets;
        this.checkScales = checkScales;
    }

    /** Opens a file; its header is read at the first {@link #next}. */
    static TardisFile open(Path file, Map<String, MarketSpec> markets, boolean checkScales) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        try {
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            InputStream in = b0 == 0x1f && b1 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
            return new TardisFile(file, in, markets, checkScales);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    Path file() {
        return file;
    }

    /** The line read last, from 1 (the header). */
    long line() {
        return line;
    }

    /** The {@code local_timestamp} of the event {@link #next} gave last, in microseconds. */
    long micros() {
        return micros;
    }

    /** The next row's event, null at the end of the file. */
    MarketEvent next() throws IOException {
        String text;
        while ((text = readLine()) != null) {
            if (text.isEmpty()) {
                continue;
            }
            if (type == null) {
                header(text);
                continue;
            }
            return row(text);
        }
        return null;
    }

    private String readLine() throws IOException {
        try {
            String text = lines.next(line + 1);
            if (text != null) {
                line++;
                if (!text.isEmpty() && text.charAt(text.length() - 1) == '\r') {
                    text = text.substring(0, text.length() - 1);
                }
                if (line == 1 && !text.isEmpty() && text.charAt(0) == '\uFEFF') {
                    text = text.substring(1);
                }
            }
            return text;
        } catch (RecordingFormatException e) {
            line++;
            String problem = e.getMessage();
            throw fail(null, problem.substring(problem.indexOf(": ") + 2));
        } catch (ZipException | EOFException e) {
            throw fail(null, "the gzip data is broken: " + Echo.problem(String.valueOf(e.getMessage())));
        }
    }

    private void header(String text) {
        if (text.equals(TRADES)) {
            type = Type.TRADES;
        } else if (text.equals(QUOTES)) {
            type = Type.QUOTES;
        } else {
            levels = bookLevels(text);
            if (levels <= 0) {
                throw fail(null, "not the header of Tardis trades, book_snapshot_N or quotes: "
                        + Echo.quoted(text));
            }
            type = Type.BOOK;
        }
        columns = text.split(",", -1);
        starts = new int[columns.length];
        ends = new int[columns.length];
    }

    /** The N of a book_snapshot_N header, 0 when it is not one. */
    private static int bookLevels(String text) {
        String[] names = text.split(",", 4 + 4 * MAX_LEVELS + 2);
        if (names.length < 8 || (names.length - 4) % 4 != 0 || names.length > 4 + 4 * MAX_LEVELS) {
            return 0;
        }
        for (int i = 0; i < 4; i++) {
            if (!names[i].equals(FIRST[i])) {
                return 0;
            }
        }
        int n = (names.length - 4) / 4;
        for (int i = 0; i < n; i++) {
            int c = 4 + 4 * i;
            if (!names[c].equals("asks[" + i + "].price") || !names[c + 1].equals("asks[" + i + "].amount")
                || !names[c + 2].equals("bids[" + i + "].price") || !names[c + 3].equals("bids[" + i + "].amount")) {
                return 0;
            }
        }
        return n;
    }

    private MarketEvent row(String text) {
        split(text);
        MarketSpec market = market();
        long exchangeMicros = micros(2);
        long local = micros(3);
        if (local < lastMicros) {
            throw fail(columns[3], "goes back in time, from " + lastMicros + " to " + local
                    + " (a file's rows are in local_timestamp order)");
        }
        lastMicros = local;
        micros = local;
        Instant at = instant(local);
        Instant exchangeTime = exchangeMicros == local ? at : instant(exchangeMicros);
        String name = market.name();
        return switch (type) {
            case TRADES -> new MarketEvent.Trade(at, name, id(), exchangeTime,
                    positive(6, market.priceScale()), positive(7, market.amountScale()), side());
            case QUOTES -> new MarketEvent.Depth(at, name, level(5, 4, market), level(6, 7, market), exchangeTime);
            case BOOK -> book(at, exchangeTime, market);
        };
    }

    private MarketEvent book(Instant at, Instant exchangeTime, MarketSpec market) {
        List<PriceLevel> asks = new ArrayList<>(levels);
        List<PriceLevel> bids = new ArrayList<>(levels);
        for (int i = 0; i < levels; i++) {
            int c = 4 + 4 * i;
            asks.addAll(level(c, c + 1, market));
            bids.addAll(level(c + 2, c + 3, market));
        }
        return new MarketEvent.Depth(at, market.name(), asks, bids, exchangeTime);
    }

    /** A level of a price and an amount column: none when both are empty (a book thinner than N). */
    private List<PriceLevel> level(int priceColumn, int amountColumn, MarketSpec market) {
        boolean noPrice = starts[priceColumn] == ends[priceColumn];
        boolean noAmount = starts[amountColumn] == ends[amountColumn];
        if (noPrice && noAmount) {
            return List.of();
        }
        return List.of(new PriceLevel(positive(priceColumn, market.priceScale()),
                positive(amountColumn, market.amountScale())));
    }

    /** Splits the row on its commas into {@link #starts} and {@link #ends}, refusing a wrong number of columns. */
    private void split(String text) {
        int length = text.length();
        if (chars.length < length) {
            chars = new char[Math.max(length, chars.length * 2)];
        }
        text.getChars(0, length, chars, 0);
        int column = 0;
        int start = 0;
        for (int i = 0; i <= length; i++) {
            if (i == length || chars[i] == ',') {
                if (column == columns.length) {
                    throw fail(null, "more than the header's " + columns.length + " columns");
                }
                starts[column] = start;
                ends[column++] = i;
                start = i + 1;
            }
        }
        if (column != columns.length) {
            throw fail(null, column + " columns where the header has " + columns.length);
        }
    }

    private MarketSpec market() {
        int exchange = ends[0] - starts[0];
        if (exchange == 0 || exchange > MAX_TEXT) {
            throw fail(columns[0], "an exchange has 1 to " + MAX_TEXT + " characters");
        }
        int start = starts[1];
        int length = ends[1] - start;
        if (lastSymbol != null && lastSymbol.length() == length
            && lastSymbol.contentEquals(java.nio.CharBuffer.wrap(chars, start, length))) {
            return lastMarket;
        }
        String symbol = new String(chars, start, length);
        if (length == 0 || length > MAX_TEXT) {
            throw fail(columns[1], "a symbol has 1 to " + MAX_TEXT + " characters");
        }
        MarketSpec market = markets.get(symbol);
        if (market == null) {
            throw fail(columns[1], "the symbol " + Echo.quoted(symbol) + " is mapped to no market (give it as "
                    + Echo.cut(symbol) + "=base_quote)");
        }
        lastSymbol = symbol;
        lastMarket = market;
        return market;
    }

    private long micros(int column) {
        int start = starts[column];
        int end = ends[column];
        if (end == start || end - start > MAX_MICROS_DIGITS) {
            throw fail(columns[column], "not microseconds since the epoch (1 to " + MAX_MICROS_DIGITS + " digits): "
                    + shown(column));
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            char c = chars[i];
            if (c < '0' || c > '9') {
                throw fail(columns[column], "not microseconds since the epoch: " + shown(column));
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(micros / 1_000_000, (micros % 1_000_000) * 1_000);
    }

    private long id() {
        int start = starts[4];
        int end = ends[4];
        if (end - start > MAX_TEXT) {
            throw fail(columns[4], "an id has at most " + MAX_TEXT + " characters");
        }
        if (end == start || end - start > MAX_MICROS_DIGITS) {
            return NO_ID;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            char c = chars[i];
            if (c < '0' || c > '9') {
                return NO_ID;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private Side side() {
        int start = starts[5];
        int length = ends[5] - start;
        if (length == 3 && chars[start] == 'b' && chars[start + 1] == 'u' && chars[start + 2] == 'y') {
            return Side.BUY;
        }
        if (length == 4 && chars[start] == 's' && chars[start + 1] == 'e' && chars[start + 2] == 'l'
            && chars[start + 3] == 'l') {
            return Side.SELL;
        }
        if (length == 7 && new String(chars, start, length).equals("unknown")) {
            return null;
        }
        throw fail(columns[5], "must be buy, sell or unknown: " + shown(5));
    }

    /** A decimal above 0, bounded as every number from outside is, with at most {@code scale} decimals. */
    private BigDecimal positive(int column, int scale) {
        int start = starts[column];
        int length = ends[column] - start;
        if (length == 0 || length > BoundedDecimal.MAX_TEXT_LENGTH) {
            throw fail(columns[column], "a decimal has 1 to " + BoundedDecimal.MAX_TEXT_LENGTH + " characters");
        }
        BigDecimal value;
        try {
            value = new BigDecimal(chars, start, length);
        } catch (NumberFormatException e) {
            throw fail(columns[column], "not a decimal: " + shown(column));
        }
        if (!BoundedDecimal.fits(value)) {
            throw fail(columns[column], "has more than " + BoundedDecimal.MAX_PRECISION + " digits or a scale beyond "
                    + BoundedDecimal.MAX_SCALE + ": " + shown(column));
        }
        if (value.signum() <= 0) {
            throw fail(columns[column], "must be above 0: " + shown(column));
        }
        if (checkScales && value.scale() > scale && value.stripTrailingZeros().scale() > scale) {
            throw fail(columns[column], "has more decimals than the market's scale " + scale + ": " + shown(column)
                    + " (give the scales in the mapping, or leave them out to have them inferred)");
        }
        return value;
    }

    private String shown(int column) {
        return Echo.quoted(new String(chars, starts[column], Math.min(ends[column] - starts[column], 2 * MAX_TEXT)));
    }

    private TardisFormatException fail(String column, String problem) {
        return new TardisFormatException(file, line, column, problem);
    }

    Type type() {
        return type;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
