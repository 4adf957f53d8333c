package com.camelexchange.benchmarks;

import com.camelexchange.benchmarks.LoadLoop.Call;
import com.camelexchange.benchmarks.LoadLoop.Load;
import com.camelexchange.client.internal.http.Signer;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load harness: figures, each a ratio measured in one run, printed as a table and
 * written to {@code benchmarks/target/results.md}, and the streams section's latencies and counts
 * ({@link StreamsSection}) after it. Never pass/fail.
 *
 * <p>System properties: {@code rounds} (12) of {@code roundSeconds} (2) per overhead comparison, {@code concurrency} (4),
 * {@code budgetSeconds} (30), {@code catchupTrades} (50000), {@code sections}
 * (overhead,budget,shared-budget,catchup,heap,silence,streams;
 * {@code scale}, {@code fill-realism}, {@code backtest}, {@code ws-trading} and {@code history} run only when named,
 * their figures going to {@code results-scale.md}, {@code results-fill-realism.md}, {@code results-backtest.md},
 * {@code results-ws-trading.md} and {@code results-history.md});
 * the streams section's own in {@link StreamsSection}, the scale section's in {@link ScaleSection}, the
 * shared-budget and silence sections' in {@link SharedBudgetSection} and {@link SilenceSection}.
 */
public final class LoadHarness {
    private static final String UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0";
    private static final int ROUNDS = Integer.getInteger("rounds", 12);
    private static final int ROUND_SECONDS = Integer.getInteger("roundSeconds", 2);
    private static final int WARM_UP_SECONDS = Integer.getInteger("warmUpSeconds", 6);
    private static final int CONCURRENCY = Integer.getInteger("concurrency", 4);
    private static final List<String> rows = new ArrayList<>();

    private LoadHarness() {
    }

    public static void main(String[] args) throws Exception {
        List<String> sections = Arrays.asList(System.getProperty("sections",
                "overhead,budget,shared-budget,catchup,heap,silence,streams").split(","));
        rows.add("| figure | measured | target |");
        rows.add("|---|---|---|");
        if (sections.contains("overhead")) {
            overhead();
        }
        if (sections.contains("budget")) {
            budget(Variant.A, ApiVariant.A, 60);
            budget(Variant.B, ApiVariant.B, 30);
        }
        if (sections.contains("shared-budget")) {
            rows.add(SharedBudgetSection.run());
        }
        if (sections.contains("silence")) {
            rows.add(SilenceSection.run());
        }
        if (sections.contains("catchup")) {
            catchUp(Integer.getInteger("catchupTrades", 50_000));
        }
        if (sections.contains("heap")) {
            heap(100);
        }
        List<String> streams = sections.contains("streams") ? StreamsSection.run() : List.of();
        String table = (rows.size() > 2 ? String.join("\n", rows) + "\n" : "")
                + (streams.isEmpty() ? "" : (rows.size() > 2 ? "\n" : "") + "## Streams: trades pushed vs polled\n\n"
                        + String.join("\n", streams) + "\n");
        Path out = Path.of(System.getProperty("harness.out", "benchmarks/target/results.md"));
        Files.createDirectories(out.getParent());
        if (!table.isEmpty()) {
            System.out.println();
            System.out.print(table);
            Files.writeString(out, "# Load harness, " + Runtime.getRuntime().availableProcessors() + " cores\n\n" + table);
            System.out.println("written to " + out.toAbsolutePath());
        }
        if (sections.contains("fill-realism")) {
            printAndWrite(out.resolveSibling("results-fill-realism.md"), FillRealismSection.run());
        }
        if (sections.contains("backtest")) {
            printAndWrite(out.resolveSibling("results-backtest.md"), BacktestSection.run(out.resolveSibling("backtest")));
        }
        if (sections.contains("sweep")) {
            printAndWrite(out.resolveSibling("results-sweep.md"), SweepSection.run(out.resolveSibling("sweep")));
        }
        if (sections.contains("ws-trading")) {
            printAndWrite(out.resolveSibling("results-ws-trading.md"), WsTradingSection.run());
        }
        if (sections.contains("history")) {
            printAndWrite(out.resolveSibling("results-history.md"), HistoryReading.run(out.resolveSibling("history")));
        }
        if (sections.contains("scale")) {
            String scale = ScaleSection.run();
            Path scaleOut = out.resolveSibling("results-scale.md");
            System.out.println();
            System.out.print(scale);
            Files.writeString(scaleOut, scale);
            System.out.println("written to " + scaleOut.toAbsolutePath());
        }
        System.exit(0);
    }

    // ---------------------------------------------------------------- 1. overhead

    private static void overhead() throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).activity(false)
                .limits(SimulatorLimits.none()).key("AK", "SK").build().start()) {
            var user = sim.exchange().createUser("bench", false);
            sim.exchange().deposit(user, 0, "usdt", new BigDecimal("1000000"));
            CamelContext context = context(sim, ApiVariant.A, false);
            ProducerTemplate template = context.createProducerTemplate();
            String orderId = template.requestBody("exchange:order",
                    OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001"), PlacedOrder.class).id();
            CloseableHttpClient plain = HttpClients.custom().disableAutomaticRetries()
                    .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create().setMaxConnTotal(20)
                            .setMaxConnPerRoute(20).build()).build();
            Call plainTicker = () -> get(plain, sim.baseUrl() + "/data/v1/ticker?market=btc_usdt");
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:ticker").to("exchange:ticker?market=btc_usdt");
                    from("direct:getOrder").setHeader(ExchangeConstants.ORDER_ID, constant(orderId))
                            .to("exchange:getOrder?market=btc_usdt&readRetries=0");
                    // Camel's own share: the same route shape with the plain loop's GET in a processor.
                    from("direct:plainTicker").process(e -> e.getMessage().setBody(plainTicker.call()));
                }
            });
            try (plain) {
                Signer signer = new Signer("SK");
                Call plainGetOrder = () -> get(plain, signedUrl(sim.baseUrl(), signer, orderId));
                // Endpoints resolved once, as a route's own producers are: the figure is the route, not a lookup.
                Endpoint tickerRoute = context.getEndpoint("direct:ticker");
                Endpoint getOrderRoute = context.getEndpoint("direct:getOrder");
                Call camelTicker = () -> template.requestBody(tickerRoute, (Object) null);
                Call camelGetOrder = () -> template.requestBody(getOrderRoute, (Object) null);
                Endpoint plainInRoute = context.getEndpoint("direct:plainTicker");
                Call camelAlone = () -> template.requestBody(plainInRoute, (Object) null);
                // Every call, and the simulator serving them, compiled before anything is measured.
                for (Call call : List.of(plainTicker, camelTicker, camelAlone, plainGetOrder, camelGetOrder)) {
                    load(call, WARM_UP_SECONDS);
                }
                compare("ticker", plainTicker, camelTicker);
                compare("signed getOrder", plainGetOrder, camelGetOrder);
                compare("Camel's own share: the plain GET in a route's processor", plainTicker, camelAlone);
            }
            context.stop();
        }
    }

    /**
     * Runs {@code rounds} pairs of rounds, alternating which goes first. The figure is the
     * median of the pairs' ratios: drift in the machine's speed (JIT, GC, the other core) moves both halves
     * of a pair alike, and one disturbed pair cannot move a median.
     */
    private static void compare(String name, Call plain, Call camel) throws Exception {
        List<Load> plainRounds = new ArrayList<>();
        List<Load> camelRounds = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            Load p;
            Load c;
            if (round % 2 == 0) {
                p = load(plain, ROUND_SECONDS);
                c = load(camel, ROUND_SECONDS);
            } else {
                c = load(camel, ROUND_SECONDS);
                p = load(plain, ROUND_SECONDS);
            }
            plainRounds.add(p);
            camelRounds.add(c);
            ratios.add(c.rate() / p.rate());
        }
        Load p = Load.combine(plainRounds);
        Load c = Load.combine(camelRounds);
        List<Double> sorted = ratios.stream().sorted().toList();
        double median = (sorted.get((sorted.size() - 1) / 2) + sorted.get(sorted.size() / 2)) / 2;
        rows.add(String.format("| overhead, %s: route vs plain HttpClient 5 loop, %d threads | median of %d paired rounds"
                + " **%.2f** (rounds %.2f-%.2f); %,.0f vs %,.0f req/s; process CPU per call %.1f vs %.1f µs = %.2f;"
                + " p50 %d vs %d µs, p99 %d vs %d µs | ≥ 0.95 |",
                name, CONCURRENCY, ROUNDS, median, sorted.get(0), sorted.get(sorted.size() - 1), c.rate(), p.rate(),
                c.cpuPerCall(), p.cpuPerCall(), p.cpuPerCall() / c.cpuPerCall(), c.p50(), p.p50(), c.p99(), p.p99()));
    }

    static String get(CloseableHttpClient client, String url) throws Exception {
        HttpGet get = new HttpGet(url);
        get.setHeader("User-Agent", UA);
        return client.execute(get, response -> EntityUtils.toString(response.getEntity(), StandardCharsets.UTF_8));
    }

    private static String signedUrl(String base, Signer signer, String orderId) {
        Map<String, String> params = new TreeMap<>(Map.of("accesskey", "AK", "currency", "btc_usdt", "id", orderId,
                "method", "getOrder"));
        StringBuilder url = new StringBuilder(base).append("/api/getOrder?");
        params.forEach((k, v) -> url.append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)).append('&'));
        return url.append("sign=").append(signer.sign(params)).append("&reqTime=").append(System.currentTimeMillis())
                .toString();
    }

    // ---------------------------------------------------------------- 2. rate budget

    private static void budget(Variant variant, ApiVariant apiVariant, int allowedPerSecond) throws Exception {
        int seconds = Integer.getInteger("budgetSeconds", 30);
        try (ExchangeSimulator sim = ExchangeSimulator.builder().variant(variant).seed(42).quiet().key("AK", "SK")
                .build().start()) {
            CamelContext context = context(sim, apiVariant, true);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    for (int i = 0; i < CONCURRENCY; i++) {
                        from("direct:trade" + i).to("exchange:order").to("exchange:getOrder?market=btc_usdt");
                    }
                }
            });
            ProducerTemplate template = context.createProducerTemplate();
            long before = sim.requestCount("order") + sim.requestCount("getOrder");
            AtomicInteger next = new AtomicInteger();
            Load load = load(() -> template.requestBody("direct:trade" + (next.getAndIncrement() % CONCURRENCY),
                    OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.001")), seconds);
            double calls = sim.requestCount("order") + sim.requestCount("getOrder") - before;
            double rate = calls / load.seconds();
            rows.add(String.format("| rate budget, variant %s: %d routes on one key for %d s | %.1f of %d req/s = **%.3f**; 4002: %d, 4001: %d | ≥ 0.98, zero refusals |",
                    variant, CONCURRENCY, seconds, rate, allowedPerSecond, rate / allowedPerSecond,
                    sim.errorReplyCount(4002), sim.errorReplyCount(4001)));
            context.stop();
        }
    }

    // ---------------------------------------------------------------- 3. catch-up

    private static void catchUp(int backlog) throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).quiet().build().start()) {
            long now = System.currentTimeMillis() - backlog;
            sim.exchange().recordHistoricalTrade("btc_usdt", now, new BigDecimal("65000"), new BigDecimal("0.01"), Side.BUY);
            long start = sim.exchange().lastTrade("btc_usdt").tid();
            for (int i = 1; i <= backlog; i++) {
                sim.exchange().recordHistoricalTrade("btc_usdt", now + i, new BigDecimal(65000 + i % 100),
                        new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
            }
            CamelContext context = context(sim, ApiVariant.A, true);
            int perSecond = context.getComponent("exchange", ExchangeComponent.class).getMarketDataRequestsPerSecond();
            CountDownLatch done = new CountDownLatch(backlog);
            AtomicLong last = new AtomicLong(start);
            AtomicInteger outOfOrder = new AtomicInteger();
            long t0 = System.nanoTime();
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("exchange:trades?market=btc_usdt&delay=1&since=" + start).process(e -> {
                        long tid = e.getMessage().getHeader("CamelExchangeTradeId", Long.class);
                        if (tid != last.get() + 1) {
                            outOfOrder.incrementAndGet();
                        }
                        last.set(tid);
                        done.countDown();
                    });
                }
            });
            done.await(30, TimeUnit.MINUTES);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double rate = backlog / seconds;
            double best = 50.0 * perSecond;
            rows.add(String.format("| catch-up: trades consumer on a %,d-trade backlog | %,.0f trades/s in %.1f s of a best %,.0f (50 × %d pages/s) = **%.3f**; gaps or repeats: %d | ≥ 0.95 |",
                    backlog, rate, seconds, best, perSecond, rate / best, outOfOrder.get()));
            context.stop();
        }
    }

    // ---------------------------------------------------------------- 4. heap

    private static void heap(int endpoints) throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).activity(false)
                .limits(SimulatorLimits.none()).build().start()) {
            CamelContext context = context(sim, ApiVariant.A, true);
            long before = usedAfterGc();
            String[] markets = {"btc_usdt", "eth_usdt", "ltc_usdt", "xrp_usdt", "ltc_btc", "eth_btc"};
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    for (int i = 0; i < endpoints; i++) {
                        from("exchange:ticker?delay=1000&market=" + markets[i % markets.length] + "&userAgent=ua" + i)
                                .to("mock:t" + (i % 10));
                    }
                }
            });
            long polls = sim.requestCount("ticker");
            while (sim.requestCount("ticker") < polls + endpoints) {
                Thread.sleep(100);
            }
            long after = usedAfterGc();
            rows.add(String.format("| heap after GC with %d polling endpoints | +%,d KiB in all, %,d bytes per endpoint | (figure) |",
                    endpoints, (after - before) / 1024, (after - before) / endpoints));
            context.stop();
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(200);
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    // ---------------------------------------------------------------- plumbing

    static CamelContext context(ExchangeSimulator sim, ApiVariant variant, boolean clientLimits) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(sim.baseUrl());
        component.getConfiguration().setApiVariant(variant);
        component.getConfiguration().setAccessKey("AK");
        component.getConfiguration().setSecretKey("SK");
        component.setClientRateLimits(clientLimits);
        context.start();
        return context;
    }

    private static Load load(Call call, int seconds) throws Exception {
        return LoadLoop.run(call, CONCURRENCY, seconds);
    }

    /** A section's lines: printed, and written to {@code file}. */
    private static void printAndWrite(Path file, List<String> lines) throws IOException {
        System.out.println();
        lines.forEach(System.out::println);
        Files.writeString(file, String.join("\n", lines) + "\n");
        System.out.println("written to " + file.toAbsolutePath());
    }
}
