package com.camelexchange.benchmarks;

import com.camelexchange.client.model.OrderSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.activity.ActivityFlow;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.Order;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Markets;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The fill-realism section: how far each paper fill model's fills are from the fills a matching engine gives the
 * same orders. The simulator, with synthetic traders in the {@link ActivityFlow#QUEUES} flow, stands in for the
 * live service; one strategy places small real orders on it and, at the same moments and prices, their paper twins
 * on one paper exchange per model ({@link FillModels}), each following the simulator's public data only.
 *
 * <p>The market moves only when the section steps the synthetic traders (one step, one second of market time, see
 * {@link SecondsStepClock}); after each step it waits until every paper exchange has taken the step's book and
 * trades (its public book and last trade equal the simulator's), then, in the pause, cancels the orders whose time
 * is up, places the new twins (paper first, so that no paper exchange sees the real twin in its book), and reads
 * which paper orders filled. It waits likewise after each real cancel and order, so that every book the market
 * publishes reaches every paper exchange. Every figure is paper ÷ real over the same orders.
 *
 * <p>System properties: {@code fillOrders} (600), {@code fillSeed} (the simulator's, 42), {@code fillStrategySeed}
 * (7), {@code fillLifetime} (36 steps), {@code fillEvery} (4 steps).
 */
final class FillRealismSection {
    private static final String MARKET = "btc_usdt";
    private static final int ORDERS = Integer.getInteger("fillOrders", 600);
    private static final long SEED = Long.getLong("fillSeed", 42);
    private static final long STRATEGY_SEED = Long.getLong("fillStrategySeed", 7);
    /** Steps an order rests before it is cancelled. */
    private static final int LIFETIME = Integer.getInteger("fillLifetime", 36);
    /** A new order every this many steps: at most LIFETIME / EVERY open, within one page of open orders. */
    private static final int EVERY = Integer.getInteger("fillEvery", 4);
    /** Steps before the first order: the paper exchanges start following and the book settles into its flow. */
    private static final int WARM_UP_STEPS = 20;
    private static final Duration BARRIER_TIMEOUT = Duration.ofSeconds(10);

    private FillRealismSection() {
    }

    static List<String> run() throws Exception {
        long t0 = System.nanoTime();
        MarketSpec btc = Markets.defaults().stream().filter(m -> m.name().equals(MARKET)).findFirst().orElseThrow();
        // One minimum order of the market: the strategy's orders are 1 to 5 of them.
        BigDecimal unit = btc.minAmount();
        SecondsStepClock clock = new SecondsStepClock(Instant.now());
        List<String> lines = new ArrayList<>();
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(SEED).clock(clock).activity(false)
                .activityFlow(ActivityFlow.QUEUES).markets(List.of(btc)).limits(SimulatorLimits.none())
                // The market's clock runs ahead of the wall clock the component dates its signed requests by.
                .reqTimeWindow(Duration.ofDays(1)).build().start()) {
            List<FillModels.Model> models = FillModels.all();
            // One real account per latency among the models: its orders arrive that many steps after being sent.
            Map<Integer, TwinOrders> reals = new TreeMap<>();
            List<TwinOrders> papers = new ArrayList<>();
            try {
                for (FillModels.Model model : models) {
                    reals.computeIfAbsent(model.latencySteps(), latency -> {
                        String key = "real-" + latency;
                        sim.createAccount(key, key + "-secret");
                        return new TwinOrders(latency == 0 ? "real" : "real+latency" + latency + "s", sim.baseUrl(),
                                MARKET, component -> {
                                    component.getConfiguration().setAccessKey(key);
                                    component.getConfiguration().setSecretKey(key + "-secret");
                                    component.setClientRateLimits(false);
                                });
                    });
                    papers.add(new TwinOrders(model.name(), sim.baseUrl(), MARKET, component -> {
                        component.setPaper(true);
                        // The stand-in's market time is the paper exchange's machine time: it steps faster than the
                        // wall's, and a paper exchange on the wall's clock would refuse its dates as ahead.
                        component.setPaperClock(clock);
                        component.setPaperBalances("usdt=10000000,btc=1000");
                        model.configure(component);
                    }));
                }
                // The first signed call starts each paper exchange, which starts following the market.
                List<String> paperUrls = new ArrayList<>();
                for (TwinOrders paper : papers) {
                    paper.poll(0);
                    paperUrls.add(paper.component().paperExchange().tradeUrl());
                }
                Run run = new Run(sim, clock, reals, models, papers, paperUrls, unit);
                run.go();
                for (Map.Entry<Integer, TwinOrders> e : reals.entrySet()) {
                    TwinOrders real = e.getValue();
                    User user = sim.exchange().key("real-" + e.getKey()).user();
                    for (int index : real.indexes()) {
                        Order order = sim.exchange().order(user, MARKET, Long.valueOf(real.outcomes().get(index).id),
                                null);
                        List<Fill> fills = order.fills();
                        real.filled(index, order.filled(),
                                fills.isEmpty() ? -1 : clock.step(fills.get(0).time().toEpochMilli()));
                    }
                }
                double minutes = (System.nanoTime() - t0) / 60e9;
                lines.add(String.format("fill-realism run: seed %d, strategy seed %d, %d steps of 1 s market time,"
                                + " %.1f min, %d barrier timeouts, %d pauses over %d ms",
                        SEED, STRATEGY_SEED, run.steps, minutes, run.barrierTimeouts, run.longPauses,
                        SecondsStepClock.MOST_INTO_STEP));
                for (TwinOrders real : reals.values()) {
                    Figures f = Figures.of(real);
                    lines.add(String.format("fill-realism %s orders=%d filled=%d amount=%s meanFillDelay=%.2f s",
                            real.name(), f.orders, f.filledOrders, f.amount.toPlainString(), f.meanDelaySeconds));
                }
                for (int i = 0; i < models.size(); i++) {
                    TwinOrders paper = papers.get(i);
                    TwinOrders real = reals.get(models.get(i).latencySteps());
                    Figures r = Figures.of(real);
                    Figures f = Figures.of(paper);
                    double count = (double) f.filledOrders / r.filledOrders;
                    double amount = f.amount.doubleValue() / r.amount.doubleValue();
                    double delay = f.meanDelaySeconds / r.meanDelaySeconds;
                    lines.add(String.format("fill-realism model=%s orders=%d fillCountRatio=%.3f filledAmountRatio=%.3f"
                                    + " meanFillDelayRatio=%.3f   (errors %+.0f%% / %+.0f%% / %+.0f%%; against %s;"
                                    + " paper filled %d, amount %s, mean delay %.2f s; twins whose first fill came in"
                                    + " another step: %d)",
                            paper.name(), f.orders, count, amount, delay, 100 * (count - 1), 100 * (amount - 1),
                            100 * (delay - 1), real.name(), f.filledOrders, f.amount.toPlainString(),
                            f.meanDelaySeconds, differing(real, paper)));
                }
            } finally {
                for (TwinOrders paper : papers) {
                    paper.close();
                }
                for (TwinOrders real : reals.values()) {
                    real.close();
                }
            }
        }
        return lines;
    }

    /** Twins that filled in a different step (or filled on one side only). */
    private static long differing(TwinOrders real, TwinOrders paper) {
        return real.outcomes().entrySet().stream()
                .filter(e -> paper.outcomes().get(e.getKey()).firstFillStep != e.getValue().firstFillStep).count();
    }

    /** One account's figures: orders placed, orders filled at least partly, amount filled, mean steps to first fill. */
    private record Figures(int orders, int filledOrders, BigDecimal amount, double meanDelaySeconds) {
        static Figures of(TwinOrders account) {
            int filled = 0;
            long delays = 0;
            BigDecimal amount = BigDecimal.ZERO;
            for (TwinOrders.Outcome o : account.outcomes().values()) {
                amount = amount.add(o.filled);
                if (o.firstFillStep >= 0) {
                    filled++;
                    delays += o.firstFillStep - o.placedStep;
                }
            }
            double steps = filled == 0 ? Double.NaN : (double) delays / filled;
            return new Figures(account.outcomes().size(), filled, amount,
                    steps * SecondsStepClock.STEP_MILLIS / 1000.0);
        }
    }

    /** The steps, the pauses between them and the strategy. */
    private static final class Run {
        /** A real twin waiting for its latency to pass: placed at {@code due}, counted from {@code sent}. */
        private record Pending(long due, long sent, int index, TwinOrders real, OrderSide side, BigDecimal price,
                               BigDecimal amount) {
        }

        private final ExchangeSimulator sim;
        private final SecondsStepClock clock;
        private final Map<Integer, TwinOrders> reals;
        private final List<FillModels.Model> models;
        private final List<TwinOrders> papers;
        private final List<String> paperUrls;
        private final BigDecimal unit;
        private final Random strategy = new Random(STRATEGY_SEED);
        private final List<Pending> pending = new ArrayList<>();
        /** The step each order was sent at, by index. */
        private final List<Long> sent = new ArrayList<>();
        long steps;
        long barrierTimeouts;
        long longPauses;

        Run(ExchangeSimulator sim, SecondsStepClock clock, Map<Integer, TwinOrders> reals,
            List<FillModels.Model> models, List<TwinOrders> papers, List<String> paperUrls, BigDecimal unit) {
            this.sim = sim;
            this.clock = clock;
            this.reals = reals;
            this.models = models;
            this.papers = papers;
            this.paperUrls = paperUrls;
            this.unit = unit;
        }

        void go() throws InterruptedException {
            int maxLatency = models.stream().mapToInt(FillModels.Model::latencySteps).max().orElse(0);
            long lastStep = WARM_UP_STEPS + (long) ORDERS * EVERY + LIFETIME + maxLatency + 1;
            while (steps < lastStep) {
                long step = clock.step();
                steps = step;
                // One change for the whole step: the stream pushes its final book, never one from half-way through.
                sim.exchange().locked(() -> {
                    sim.activity().step();
                    return null;
                });
                PublicBook book = barrier();
                for (int index = 0; index < sent.size(); index++) {
                    long due = sent.get(index) + LIFETIME;
                    for (int m = 0; m < papers.size(); m++) {
                        if (due == step) {
                            papers.get(m).cancel(index);
                        }
                    }
                    for (Map.Entry<Integer, TwinOrders> real : reals.entrySet()) {
                        if (due + real.getKey() == step) {
                            real.getValue().cancel(index);
                            barrier();
                        }
                    }
                }
                if (step > WARM_UP_STEPS && sent.size() < ORDERS && (step - WARM_UP_STEPS) % EVERY == 0) {
                    sendTwins(step, book);
                }
                for (Pending p : List.copyOf(pending)) {
                    if (p.due == step) {
                        p.real.place(p.index, p.sent, p.side, p.price, p.amount);
                        pending.remove(p);
                        // Every book the market publishes reaches the paper exchanges, none coalesced with the next
                        // step's: a model that reads each book (the queue model) then sees the same books every run.
                        barrier();
                    }
                }
                for (TwinOrders paper : papers) {
                    paper.poll(step);
                }
                if (clock.intoStep() > SecondsStepClock.MOST_INTO_STEP) {
                    longPauses++;
                }
            }
        }

        /**
         * A buy or a sell of 1 to 5 minimum orders (the synthetic quotes are 1 to 200, a level holds several), at the
         * best level of its side (half the time), one level behind (30%) or two (20%): joining the back of a queue the
         * book shows. Several units, so that a trade smaller than the order fills part of it. The paper twins first,
         * so that no paper exchange sees a real twin in its book; a real twin of a model with latency waits for it.
         */
        private void sendTwins(long step, PublicBook book) {
            boolean buy = strategy.nextBoolean();
            int draw = strategy.nextInt(10);
            int level = draw < 5 ? 0 : draw < 8 ? 1 : 2;
            BigDecimal amount = unit.multiply(BigDecimal.valueOf(1 + strategy.nextInt(5)));
            BigDecimal price = book.price(buy, level);
            if (price == null) {
                return;
            }
            OrderSide side = buy ? OrderSide.BUY : OrderSide.SELL;
            int index = sent.size();
            sent.add(step);
            for (TwinOrders paper : papers) {
                paper.place(index, step, side, price, amount);
            }
            for (Map.Entry<Integer, TwinOrders> real : reals.entrySet()) {
                pending.add(new Pending(step + real.getKey(), step, index, real.getValue(), side, price, amount));
            }
        }

        /**
         * Waits until every paper exchange serves the simulator's book and last trade: it has taken all the market
         * published up to this step. Returns the simulator's book.
         */
        private PublicBook barrier() throws InterruptedException {
            PublicBook market = PublicBook.read(sim.baseUrl(), MARKET);
            long deadline = System.nanoTime() + BARRIER_TIMEOUT.toNanos();
            for (String url : paperUrls) {
                while (!PublicBook.read(url, MARKET).equals(market)) {
                    if (System.nanoTime() > deadline) {
                        barrierTimeouts++;
                        break;
                    }
                    Thread.sleep(1);
                }
            }
            return market;
        }
    }
}
