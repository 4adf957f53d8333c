package com.camelexchange.simulator.replay;

import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.MarketSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.stream.Stream;

/**
 * Tardis.dev CSV history as a backtest's events: the files of a directory (or of a glob such as
 * {@code data/binance_*_BTCUSDT.csv.gz}, or one file), each {@code trades}, {@code book_snapshot_N} or {@code quotes}
 * of any symbols and days, merged into one stream in {@code local_timestamp} order; on equal times, the file first by
 * name comes first, and within a file the rows keep their order. The events start with the markets of the mapping
 * ({@link TardisMarkets}), their scales given or inferred from the data (then the files are read twice: once to
 * find the most decimals of each market, once to replay). A file is opened only when the merge reaches its first row,
 * so months of files replay with few open at once. A trade without a whole-number id is numbered in its market in
 * the order of the merge. Not thread-safe.
 */
public final class TardisReader implements MarketEventSource {
    private static final Logger LOG = LoggerFactory.getLogger(TardisReader.class);
    /** A position's file index lies above this many bits of its line. */
    private static final int LINE_BITS = 40;

    private final List<Path> files;
    private final Map<String, MarketSpec> bySymbol;
    private final List<MarketSpec> markets;
    private final long[] firstMicros;
    /** The files in the order they join the merge: by first time, then by name. */
    private final Integer[] order;
    private final PriorityQueue<Head> heads = new PriorityQueue<>(
            Comparator.comparingLong((Head h) -> h.micros).thenComparingInt(h -> h.index));
    private final Map<String, long[]> tradeNumbers = new HashMap<>();
    private int joined;
    private boolean marketsGiven;
    /** The head whose event was given last: read on at the next call, so that a bad row comes after it. */
    private Head taken;
    private long position;

    private static final class Head {
        final int index;
        final TardisFile file;
        MarketEvent event;
        long micros;

        Head(int index, TardisFile file) {
            this.index = index;
            this.file = file;
        }
    }

    private TardisReader(List<Path> files, Map<String, MarketSpec> bySymbol, long[] firstMicros) {
        this.files = files;
        this.bySymbol = bySymbol;
        this.markets = bySymbol.values().stream().distinct().toList();
        this.firstMicros = firstMicros;
        this.order = new Integer[files.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, Comparator.comparingLong((Integer i) -> firstMicros[i]).thenComparingInt(i -> i));
    }

    /** Whether a {@code replayFrom} path names Tardis CSV: a directory, a glob, or a {@code .csv}/{@code .csv.gz} file. */
    public static boolean isTardis(Path path) {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        return name.endsWith(".csv") || name.endsWith(".csv.gz") || name.contains("*") || name.contains("?")
               || Files.isDirectory(path);
    }

    /**
     * The files a path names: a directory's {@code .csv} and {@code .csv.gz} files, the files a glob in the last
     * part of the path matches, or the one file; sorted by name.
     *
     * @throws IOException when it names none
     */
    public static List<Path> files(Path path) throws IOException {
        String name = path.getFileName() == null ? "" : path.getFileName().toString();
        List<Path> out;
        if (Files.isDirectory(path)) {
            out = list(path, "glob:*.{csv,csv.gz}");
        } else if (name.contains("*") || name.contains("?")) {
            Path parent = path.getParent() != null ? path.getParent() : Path.of(".");
            out = list(parent, "glob:" + name);
        } else {
            if (!Files.isRegularFile(path)) {
                throw new IOException("No Tardis CSV file " + path);
            }
            out = List.of(path);
        }
        if (out.isEmpty()) {
            throw new IOException("No Tardis CSV file (.csv or .csv.gz) in " + path);
        }
        return out;
    }

    private static List<Path> list(Path dir, String pattern) throws IOException {
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher(pattern);
        try (Stream<Path> listed = Files.list(dir)) {
            return listed.filter(p -> Files.isRegularFile(p) && matcher.matches(p.getFileName())).sorted().toList();
        }
    }

    /**
     * Opens the history a path names ({@link #files}) with the markets of {@code mapping}: scales left out are read
     * from the data first, and said in the log.
     *
     * @throws TardisFormatException at the first row that cannot be read, naming its file, line and column
     */
    public static TardisReader open(Path path, TardisMarkets mapping) throws IOException {
        List<Path> files = files(path);
        Map<String, MarketSpec> bySymbol = mapping.scalesGiven() ? given(mapping) : inferred(files, mapping);
        long[] first = new long[files.size()];
        for (int i = 0; i < first.length; i++) {
            try (TardisFile file = TardisFile.open(files.get(i), bySymbol, true)) {
                first[i] = file.next() != null ? file.micros() : Long.MAX_VALUE;
            }
        }
        return new TardisReader(files, bySymbol, first);
    }

    /**
     * Writes the history a path names as a recording of this project ({@link RecordingWriter}), for what reads only
     * recordings, such as the simulator's replay ({@code --replay}); a backtest reads the history itself.
     *
     * @return the events of market data written
     * @throws TardisFormatException at the first row that cannot be read; the recording then ends before it
     */
    public static long writeRecording(Path history, TardisMarkets mapping, Path recording) throws IOException {
        long written = 0;
        try (TardisReader in = open(history, mapping); RecordingWriter out = RecordingWriter.create(recording)) {
            MarketEvent event;
            while ((event = in.next()) != null) {
                out.write(event);
                written += event instanceof MarketEvent.Markets ? 0 : 1;
            }
        }
        return written;
    }

    private static Map<String, MarketSpec> given(TardisMarkets mapping) {
        Map<String, MarketSpec> out = new LinkedHashMap<>();
        Map<String, MarketSpec> byMarket = new HashMap<>();
        mapping.all().values().forEach(m -> out.put(m.symbol(), byMarket.computeIfAbsent(m.market(),
                k -> m.spec(m.priceScale(), m.amountScale()))));
        return out;
    }

    /** The markets, each scale not given being the most decimals of the market's prices or amounts in the files. */
    private static Map<String, MarketSpec> inferred(List<Path> files, TardisMarkets mapping) throws IOException {
        Map<String, MarketSpec> names = new HashMap<>();
        mapping.all().values().forEach(m -> names.put(m.symbol(), m.spec(0, 0)));
        Map<String, int[]> most = new HashMap<>();
        for (Path path : files) {
            try (TardisFile file = TardisFile.open(path, names, false)) {
                MarketEvent event;
                while ((event = file.next()) != null) {
                    int[] seen = most.computeIfAbsent(event.market(), k -> new int[2]);
                    if (event instanceof MarketEvent.Trade t) {
                        seen[0] = Math.max(seen[0], decimals(t.price()));
                        seen[1] = Math.max(seen[1], decimals(t.amount()));
                    } else if (event instanceof MarketEvent.Depth d) {
                        levels(d.asks(), seen);
                        levels(d.bids(), seen);
                    }
                }
            }
        }
        Map<String, MarketSpec> out = new LinkedHashMap<>();
        Map<String, MarketSpec> byMarket = new HashMap<>();
        for (TardisMarkets.Mapping m : mapping.all().values()) {
            int[] seen = most.get(m.market());
            if (!m.scalesGiven() && seen == null) {
                LOG.info("Tardis history: no row of {} ({}), whose scales are to be inferred: it is left out",
                        m.market(), m.symbol());
                continue;
            }
            MarketSpec spec = byMarket.computeIfAbsent(m.market(), k -> {
                MarketSpec made = m.scalesGiven() ? m.spec(m.priceScale(), m.amountScale()) : m.spec(seen[0], seen[1]);
                if (!m.scalesGiven()) {
                    LOG.info("Tardis history: {} ({}) has price scale {} and amount scale {}, inferred from the data"
                             + " (the most decimals seen), minAmount {} and minSize {}; give {}={}:{}:{}:{}:{} to set"
                             + " them", made.name(), m.symbol(), made.priceScale(), made.amountScale(),
                            made.minAmount().toPlainString(), made.minSize().toPlainString(), m.symbol(), made.name(),
                            made.priceScale(), made.amountScale(), made.minAmount().toPlainString(),
                            made.minSize().toPlainString());
                }
                return made;
            });
            out.put(m.symbol(), spec);
        }
        return out;
    }

    private static void levels(List<PriceLevel> levels, int[] seen) {
        for (PriceLevel level : levels) {
            seen[0] = Math.max(seen[0], decimals(level.price()));
            seen[1] = Math.max(seen[1], decimals(level.amount()));
        }
    }

    private static int decimals(BigDecimal value) {
        return Math.max(0, value.stripTrailingZeros().scale());
    }

    /** The markets replayed: one per market name of the mapping. */
    public List<MarketSpec> markets() {
        return markets;
    }

    /** The files read, sorted by name. */
    public List<Path> files() {
        return files;
    }

    @Override
    public MarketEvent next() throws IOException {
        if (!marketsGiven) {
            marketsGiven = true;
            long first = order.length == 0 ? Long.MAX_VALUE : firstMicros[order[0]];
            Instant at = first == Long.MAX_VALUE ? Instant.EPOCH
                    : Instant.ofEpochSecond(first / 1_000_000, (first % 1_000_000) * 1_000);
            position = 0;
            return new MarketEvent.Markets(at, markets);
        }
        if (taken != null) {
            Head head = taken;
            taken = null;
            advance(head);
        }
        join();
        Head head = heads.poll();
        if (head == null) {
            return null;
        }
        taken = head;
        position = ((long) head.index << LINE_BITS) | head.file.line();
        return numbered(head.event);
    }

    /** Reads a head's next row into it and puts it back in the merge, or closes its file at its end. */
    private void advance(Head head) throws IOException {
        try {
            head.event = head.file.next();
        } catch (TardisFormatException e) {
            position = ((long) head.index << LINE_BITS) | head.file.line();
            head.file.close();
            throw e;
        }
        if (head.event == null) {
            head.file.close();
        } else {
            head.micros = head.file.micros();
            heads.add(head);
        }
    }

    /** Opens the files whose first row comes before every head of the merge (on a tie, the one first by name). */
    private void join() throws IOException {
        while (joined < order.length) {
            int index = order[joined];
            if (firstMicros[index] == Long.MAX_VALUE) {
                joined = order.length;
                return;
            }
            Head next = heads.peek();
            if (next != null && (firstMicros[index] > next.micros
                                 || (firstMicros[index] == next.micros && index > next.index))) {
                return;
            }
            joined++;
            Head head = new Head(index, TardisFile.open(files.get(index), bySymbol, true));
            advance(head);
        }
    }

    /** A trade without a whole-number id numbered in its market, in the merge's order. */
    private MarketEvent numbered(MarketEvent event) {
        if (event instanceof MarketEvent.Trade t && t.tid() == TardisFile.NO_ID) {
            long[] count = tradeNumbers.computeIfAbsent(t.market(), k -> new long[1]);
            return new MarketEvent.Trade(t.at(), t.market(), ++count[0], t.date(), t.price(), t.amount(),
                    t.takerSide());
        }
        return event;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public String where(long at) {
        int index = (int) (at >>> LINE_BITS);
        long line = at & ((1L << LINE_BITS) - 1);
        return index < files.size() ? "line " + line + " of " + files.get(index) : "line " + line;
    }

    @Override
    public void close() throws IOException {
        IOException failed = null;
        for (Head head : heads) {
            try {
                head.file.close();
            } catch (IOException e) {
                failed = e;
            }
        }
        heads.clear();
        if (taken != null) {
            taken.file.close();
            taken = null;
        }
        if (failed != null) {
            throw failed;
        }
    }
}
