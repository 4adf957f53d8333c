package com.camelexchange.paper;

import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorAccount;
import com.camelexchange.simulator.account.Coin;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.MarketSpec;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.TreeSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report of a paper or replay run, from the exchange that held the account: its orders and fills, the fees per
 * coin, the starting and final balances (spot, available plus frozen) and the P&L in the quote coin, which is the
 * final balances less the starting ones, each coin valued at its last price (see {@link Valuation}). So it counts what
 * the prices did to the coins held as well as what the trading did; fees are in it, having come out of the balances.
 * {@link #write} adds a picture: the account's value over the run, and the fills over the price.
 */
public final class PaperReport {
    /** The summary's text file in a report's directory. */
    public static final String TEXT = "paper-report.txt";
    /** The picture in a report's directory. */
    public static final String PICTURE = "paper-report.png";

    private final int orders;
    private final List<Fill> fills;
    private final Map<String, BigDecimal> fees;
    private final Map<String, BigDecimal> starting;
    private final Map<String, BigDecimal> ending;
    private final Valuation valuation;
    private final BigDecimal pnl;
    private final BigDecimal feesValue;
    /** What the picture's account value is drawn from, kept so that it is computed only for a picture. */
    private final Map<String, String> baseOfMarket;
    private final Instant firstOrder;
    /** Guarded by this; null until the picture asks for it. */
    private List<PricePoint> equity;
    private final String chartMarket;
    private final List<PricePoint> chartPrices;
    private final int shownScale;
    private final long tradesRepeated;
    private final long clockDisagreements;
    private final long datesAhead;
    private final long dataRefused;

    private PaperReport(ExchangeSimulator simulator, String accessKey, Map<String, BigDecimal> startingBalances,
                        long dataRefused) {
        SimulatorAccount account = simulator.account(accessKey);
        boolean fed = simulator.exchange().followsExternalMarket();
        this.tradesRepeated = fed ? simulator.feed().tradesDropped() : 0;
        this.clockDisagreements = fed ? simulator.feed().clockDisagreements() : 0;
        this.datesAhead = fed ? simulator.feed().datesAhead() : 0;
        this.dataRefused = dataRefused;
        this.fills = List.copyOf(account.fills());
        this.orders = simulator.exchange().markets().stream().mapToInt(m -> account.orderCount(m.name())).sum();
        Map<String, String> baseOfMarket = new TreeMap<>();
        simulator.exchange().markets().forEach(m -> baseOfMarket.put(m.name(), m.baseCoin()));
        // By name: the report reads the same whatever order the balances were given or kept in.
        Set<String> coins = new TreeSet<>(startingBalances.keySet());
        fills.forEach(f -> {
            coins.add(baseOfMarket.get(f.market()));
            coins.add(f.market().substring(baseOfMarket.get(f.market()).length() + 1));
        });
        for (Coin coin : simulator.exchange().coins().all()) {
            if (account.total(coin.key()).signum() != 0) {
                coins.add(coin.key());
            }
        }
        this.starting = amounts(coins, startingBalances);
        Map<String, BigDecimal> totals = new LinkedHashMap<>();
        coins.forEach(c -> totals.put(c, account.total(c)));
        this.ending = Collections.unmodifiableMap(totals);
        Map<String, BigDecimal> feeSums = new TreeMap<>();
        fills.forEach(f -> feeSums.merge(f.feeCoin(), f.fee(), BigDecimal::add));
        this.fees = Collections.unmodifiableMap(feeSums);
        this.valuation = Valuation.of(simulator, fills, coins);
        BigDecimal change = BigDecimal.ZERO;
        for (String coin : coins) {
            BigDecimal value = valuation.value(coin, ending.get(coin).subtract(starting.get(coin)));
            change = value == null ? change : change.add(value);
        }
        this.pnl = change;
        this.feesValue = fills.stream().map(valuation::feeValue).filter(v -> v != null)
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        // The picture starts with the account's first order: what the feed showed before is not the run's.
        this.firstOrder = firstOrder(simulator, accessKey);
        this.baseOfMarket = Collections.unmodifiableMap(baseOfMarket);
        this.chartMarket = chartMarket(simulator);
        this.chartPrices = chartMarket == null ? List.of()
                : from(firstOrder, thin(chartSeries(simulator, valuation, chartMarket, fills)));
        MarketSpec shown = simulator.exchange().market(chartMarket);
        this.shownScale = shown == null ? 8 : Math.max(2, shown.priceScale());
    }

    /**
     * The report of the account with this access key.
     *
     * @param startingBalances what the account started with
     */
    public static PaperReport of(ExchangeSimulator simulator, String accessKey,
                                 Map<String, BigDecimal> startingBalances) {
        return new PaperReport(simulator, accessKey, startingBalances, -1);
    }

    /** {@link #of}, with the pieces of live market data the paper exchange could not take. */
    static PaperReport of(ExchangeSimulator simulator, String accessKey, Map<String, BigDecimal> startingBalances,
                          long dataRefused) {
        return new PaperReport(simulator, accessKey, startingBalances, dataRefused);
    }

    /** The chart market's prices: those the valuation read already when it valued a coin there (the same tape). */
    private static List<PricePoint> chartSeries(ExchangeSimulator simulator, Valuation valuation, String market,
                                                List<Fill> fills) {
        List<PricePoint> read = valuation.seriesRead(market);
        return read != null ? read : Valuation.seriesOf(simulator, market, fills);
    }

    /** When the account placed its first order; null without orders. */
    private static Instant firstOrder(ExchangeSimulator simulator, String accessKey) {
        User user = simulator.exchange().key(accessKey).user();
        return simulator.exchange().markets().stream()
                .flatMap(m -> simulator.exchange().orders(user, m.name(), null, false, 1, Integer.MAX_VALUE).stream())
                .map(o -> Instant.ofEpochMilli(o.createdAt())).min(Comparator.naturalOrder()).orElse(null);
    }

    /** The points from {@code start} on, the one before it moved to {@code start} so that the line starts there. */
    private static List<PricePoint> from(Instant start, List<PricePoint> points) {
        if (start == null) {
            return points;
        }
        List<PricePoint> kept = new ArrayList<>();
        PricePoint before = null;
        for (PricePoint point : points) {
            if (point.time().isBefore(start)) {
                before = point;
            } else {
                kept.add(point);
            }
        }
        if (before != null) {
            kept.add(0, new PricePoint(start, before.price()));
        }
        return kept;
    }

    private static Map<String, BigDecimal> amounts(Set<String> coins, Map<String, BigDecimal> given) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        coins.forEach(c -> out.put(c, given.getOrDefault(c, BigDecimal.ZERO)));
        return Collections.unmodifiableMap(out);
    }

    /** The market of the most fills; without fills, the first valued one. */
    private String chartMarket(ExchangeSimulator simulator) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        fills.forEach(f -> counts.merge(f.market(), 1, Integer::sum));
        if (!counts.isEmpty()) {
            return counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        }
        return valuation.lastPrices().keySet().stream().map(valuation::market).findFirst()
                .orElse(simulator.exchange().markets().stream().findFirst().map(MarketSpec::name).orElse(null));
    }

    /** {@code orders=N fills=N fees=X pnl=Y}, the fees and P&L in the quote coin at the shown market's scale. */
    public String summary() {
        return "orders=" + orders + " fills=" + fills.size() + " fees=" + shown(feesValue) + " pnl=" + shown(pnl);
    }

    String shown(BigDecimal value) {
        return value.setScale(shownScale, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** Writes {@value #TEXT} and {@value #PICTURE} into {@code directory}, created when missing. */
    public void write(Path directory) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(TEXT), ReportText.of(this), StandardCharsets.UTF_8);
        ReportChart.write(this, directory.resolve(PICTURE));
    }

    public int orders() {
        return orders;
    }

    /** Every fill of the account, oldest first. */
    public List<Fill> fills() {
        return fills;
    }

    /** The fees paid, per coin. */
    public Map<String, BigDecimal> fees() {
        return fees;
    }

    public Map<String, BigDecimal> startingBalances() {
        return starting;
    }

    /** Spot balances at the end, available plus frozen. */
    public Map<String, BigDecimal> finalBalances() {
        return ending;
    }

    /** The coin fees and P&L are valued in. */
    public String quoteCoin() {
        return valuation.quote();
    }

    /** The price each valued coin was valued at, in the quote coin. */
    public Map<String, BigDecimal> lastPrices() {
        return Collections.unmodifiableMap(valuation.lastPrices());
    }

    /** The final balances less the starting ones, valued at the last prices, in the quote coin. */
    public BigDecimal pnl() {
        return pnl;
    }

    /** The fees, each valued at its fill's price, in the quote coin. */
    public BigDecimal feesValue() {
        return feesValue;
    }

    /** Trades the market fed again under an id already taken, dropped. */
    public long tradesRepeated() {
        return tradesRepeated;
    }

    /**
     * Trades, books and tickers dated more than a minute off the market's clock as the rest of its data tell it:
     * left out of that clock, which dates the orders (see the simulator's {@code MarketFeed.clockDisagreements()}).
     */
    public long clockDisagreements() {
        return clockDisagreements;
    }

    /**
     * Of {@link #dataRefused()}, the pieces dated more than {@code paperClockSkew} ahead of this machine's clock,
     * which the paper exchange runs on (see the simulator's {@code MarketFeed.datesAhead()}).
     */
    public long datesAhead() {
        return datesAhead;
    }

    /**
     * Pieces of live market data the paper exchange could not take (a date out of bounds, a price of zero); -1 when
     * not known (a report made with {@link #of(ExchangeSimulator, String, Map)}, e.g. of a replay).
     */
    public long dataRefused() {
        return dataRefused;
    }

    /** Whether {@link #equity()} was computed, for tests. */
    synchronized boolean equityComputed() {
        return equity != null;
    }

    /**
     * The account's value over the run, in the quote coin. Computed when first asked for (by the picture) from what
     * the report keeps, none of which changes: a sweep takes thousands of reports and draws none.
     */
    synchronized List<PricePoint> equity() {
        if (equity == null) {
            equity = from(firstOrder, EquityCurve.of(valuation, starting, fills, baseOfMarket));
        }
        return equity;
    }

    /** The market the picture shows the fills of; null without markets. */
    String chartMarket() {
        return chartMarket;
    }

    /** The prices of the chart's market over the run, thinned out to about {@value EquityCurve#MOST_POINTS}. */
    List<PricePoint> chartPrices() {
        return chartPrices;
    }

    private static List<PricePoint> thin(List<PricePoint> points) {
        int every = Math.max(1, (points.size() + EquityCurve.MOST_POINTS - 1) / EquityCurve.MOST_POINTS);
        if (every == 1) {
            return points;
        }
        List<PricePoint> kept = new ArrayList<>();
        for (int i = 0; i < points.size(); i += every) {
            kept.add(points.get(i));
        }
        kept.add(points.get(points.size() - 1));
        return kept;
    }

    @Override
    public String toString() {
        return "PaperReport[" + summary() + "]";
    }
}
