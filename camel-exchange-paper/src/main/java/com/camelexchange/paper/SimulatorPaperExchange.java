package com.camelexchange.paper;

import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.spi.InProcessFrames;
import com.camelexchange.client.spi.InProcessTransport;
import com.camelexchange.client.paper.LiveMarket;
import com.camelexchange.client.paper.PaperExchange;
import com.camelexchange.client.paper.PaperFills;
import com.camelexchange.client.paper.PaperSettings;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.InProcessApi;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.account.User;
import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.http.ApiService;
import com.camelexchange.simulator.market.MarketSpec;
import com.camelexchange.simulator.market.Trade;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The paper exchange: the simulator following the live market ({@code externalMarket}), on loopback, with one
 * account whose keys are made here. Its access key is kept with the account; its secret is new each run and never
 * leaves the process but to the client, which signs with it.
 */
final class SimulatorPaperExchange implements PaperExchange {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** A backtest's trade address: {@code .invalid} never resolves (RFC 2606), nothing is sent to it. */
    static final String IN_PROCESS_URL = "http://paper-exchange.in-process.invalid";

    private final ExchangeSimulator simulator;
    private final LiveMarket live;
    private final LiveFeed feed;
    private final String secretKey;
    private final PaperAccountSaver saver;
    private final Map<String, MarketFollowing> markets = new ConcurrentHashMap<>();
    private final Clock clock;
    /** Null but in a backtest: see {@link #signedCallTransport()}. */
    private final CallTransport inProcess;
    /** Null but in a backtest: see {@link #signedFrames()}. */
    private final InProcessFrames inProcessFrames;

    private SimulatorPaperExchange(ExchangeSimulator simulator, LiveMarket live, String secretKey,
                                   PaperAccountSaver saver, Clock clock, boolean inProcess) {
        this.simulator = simulator;
        this.clock = clock;
        this.inProcess = inProcess ? inProcess(simulator.inProcess()) : null;
        this.inProcessFrames = inProcess ? frames(simulator.inProcess()) : null;
        this.live = live;
        this.feed = new LiveFeed(simulator.feed(), clock);
        this.secretKey = secretKey;
        this.saver = saver;
    }

    /**
     * Starts the paper exchange of the live markets, with the account kept under the settings' key when there is
     * one, else a new one with the settings' balances. A kept account's markets are followed at once (see
     * {@link #followKept}).
     */
    static SimulatorPaperExchange start(PaperSettings settings, LiveMarket live) {
        return start(settings, live, null);
    }

    /**
     * {@link #start(PaperSettings, LiveMarket)}, the matching engine on {@code replayClock} (a backtest's) when it is
     * not null. The client signs with the wall's time, which the replay's may be years from, and a benchmark's
     * stepped paper clock minutes: the window of {@code reqTime} is opened wide, which guards nothing here
     * (loopback, keys made for this run).
     */
    static SimulatorPaperExchange start(PaperSettings settings, LiveMarket live, Clock replayClock) {
        PaperAccountStore store = new PaperAccountStore(settings.keptIn(), settings.key());
        PaperAccount kept = store.load();
        PaperAccount account = kept != null ? kept
                : new PaperAccount("paper-" + hex(8), settings.balances(), null, Map.of());
        List<MarketSpec> markets = MarketEvents.specs(live.markets());
        String secret = hex(32);
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder()
                .variant(Variant.valueOf(settings.variant().name())).externalMarket(markets)
                .eventLoops(1).key(account.accessKey(), secret);
        fills(builder, settings.fills());
        if (replayClock != null) {
            // A backtest calls it in process only (signed calls and the recording's market data): no HTTP server,
            // no Vert.x, which were most of a sweep point's start.
            builder.clock(replayClock).reqTimeWindow(Duration.ofDays(365L * 1000)).inProcessOnly();
        } else {
            // Following the live market, the paper clock is this machine's: the market's dates confirm it, never lead.
            builder.clock(settings.clock()).ownClock(settings.clockSkew()).reqTimeWindow(Duration.ofDays(365L * 1000));
        }
        ExchangeSimulator simulator;
        try {
            builder.funds(account.startingBalances());
            if (account.accounts() != null) {
                builder.importAccounts(account.accounts());
            }
            simulator = builder.build().start();
        } catch (IllegalArgumentException e) {
            if (kept != null) {
                // The simulator may name the keys of an account it cannot place: never the access key in a message.
                throw store.unusable("the paper exchange refuses it ("
                        + String.valueOf(e.getMessage()).replace(kept.accessKey(), "(its access key)") + ")");
            }
            throw new IllegalArgumentException("The paper exchange cannot start with the paper account's balances: "
                    + e.getMessage(), e);
        }
        // From here on the simulator listens and holds threads: whatever fails stops it before the error goes up.
        SimulatorPaperExchange exchange = null;
        try {
            PaperAccountSaver saver = new PaperAccountSaver(store, account, () -> snapshot(simulator));
            exchange = new SimulatorPaperExchange(simulator, live, secret, saver.start(),
                    replayClock != null ? replayClock : settings.clock(), replayClock != null);
            if (kept != null) {
                exchange.followKept(kept);
            }
            return exchange;
        } catch (RuntimeException | Error e) {
            try {
                if (exchange != null) {
                    exchange.close();
                } else {
                    simulator.stop();
                }
            } catch (RuntimeException stopping) {
                e.addSuppressed(stopping);
            }
            throw e;
        }
    }

    /** The client's in-process road onto the simulator's. */
    private static CallTransport inProcess(InProcessApi api) {
        return new InProcessTransport((pathAndQuery, userAgent) -> {
            ApiService.Reply reply;
            try {
                reply = api.get(pathAndQuery, userAgent);
            } catch (InProcessApi.NotStarted stopped) {
                throw new InProcessTransport.NotServing(stopped.getMessage());
            }
            return new CallTransport.Reply(reply.status(), reply.body().getBytes(StandardCharsets.UTF_8));
        });
    }

    /** The client's in-process road onto the simulator's WebSocket frames. */
    private static InProcessFrames frames(InProcessApi api) {
        return new InProcessFrames(frame -> {
            try {
                return api.frame(frame);
            } catch (InProcessApi.NotStarted stopped) {
                throw new InProcessTransport.NotServing(stopped.getMessage());
            }
        });
    }

    /** The fill model the settings chose, in the simulator's terms (the names are the same). */
    static void fills(ExchangeSimulator.Builder builder, PaperFills fills) {
        if (fills.model() != null) {
            builder.fillModel(FillModel.Kind.named(fills.model()));
        }
        if (fills.atTouch() != null) {
            builder.fillAtTouch(fills.atTouch());
        }
        builder.latency(fills.latency());
    }

    /**
     * The account and the last trade taken per market, as of one moment. The simulator records a live trade and
     * fills the orders it goes through in one step under its exchange lock; both reads are made under that lock
     * so that no trade falls between them. Read apart, a trade applied in between would be kept as taken without
     * its fill (the fill lost after a restart) or its fill kept without the trade (applied twice after one).
     */
    private static PaperAccountSaver.Snapshot snapshot(ExchangeSimulator simulator) {
        return simulator.exchange().locked(() -> new PaperAccountSaver.Snapshot(simulator.exportAccounts(),
                lastTrades(simulator)));
    }

    /**
     * Follows, from now, every market where the kept account has open orders or took a last trade, each from that
     * trade on: the trades of the downtime reach the open orders without waiting for a signed call to name the
     * market, all of them, in order.
     */
    private void followKept(PaperAccount kept) {
        Set<String> names = new LinkedHashSet<>(kept.lastTrades().keySet());
        User user = simulator.exchange().key(kept.accessKey()).user();
        for (MarketSpec market : simulator.exchange().markets()) {
            if (!simulator.exchange().orders(user, market.name(), null, true, 1, 1).isEmpty()) {
                names.add(market.name());
            }
        }
        names.forEach(this::beforeCall);
    }

    /** The last trade taken per market that has one. */
    private static Map<String, Long> lastTrades(ExchangeSimulator simulator) {
        Map<String, Long> last = new LinkedHashMap<>();
        for (MarketSpec market : simulator.exchange().markets()) {
            Trade trade = simulator.exchange().lastTrade(market.name());
            if (trade != null) {
                last.put(market.name(), trade.tid());
            }
        }
        return last;
    }

    private static String hex(int bytes) {
        byte[] random = new byte[bytes];
        RANDOM.nextBytes(random);
        return HexFormat.of().formatHex(random);
    }

    /**
     * The simulator's address; in a backtest, which serves in process only, a name that resolves nowhere: the
     * client builds its request on it and the in-process road takes only its path and query.
     */
    @Override
    public String tradeUrl() {
        return inProcess != null ? IN_PROCESS_URL : simulator.tradeUrl();
    }

    /**
     * In a backtest, the simulator's API in process: a route's order, cancel or look-up is served on the route's
     * thread, through the client's signing and the simulator's checks, without the loopback round trip and the two
     * thread hand-offs that made each signed call cost more than the events between them. The simulator then
     * listens nowhere (its market data is the recording's, in process too).
     * Following the live market, paper mode keeps HTTP: its calls come at the live market's pace, not by the
     * thousand a second, and they meet the simulator exactly as they would meet a real exchange.
     */
    @Override
    public CallTransport signedCallTransport() {
        return inProcess;
    }

    /**
     * In a backtest, the simulator's WebSocket frames in process, for the same reason as
     * {@link #signedCallTransport()}: a client trading over the WebSocket has its frames served on the route's
     * thread, through its signing and the simulator's checks. Following the live market, a client trading over the
     * WebSocket connects to the simulator's {@code /websocket} on loopback, as it would to a real exchange.
     */
    @Override
    public InProcessFrames signedFrames() {
        return inProcessFrames;
    }

    @Override
    public String accessKey() {
        return saver.account().accessKey();
    }

    @Override
    public String secretKey() {
        return secretKey;
    }

    @Override
    public void beforeCall(String market) {
        if (simulator.exchange().market(market) == null) {
            // Listed after the paper exchange started: the paper exchange refuses the call itself.
            return;
        }
        markets.computeIfAbsent(market, m -> new MarketFollowing(m, saver.account().lastTrades().get(m), live, feed,
                clock, inProcess != null)).ensure();
    }

    @Override
    public String report(Path directory) throws IOException {
        PaperReport report = currentReport();
        report.write(directory);
        return report.summary();
    }

    /** The report of the run up to now, not written. */
    PaperReport currentReport() {
        return PaperReport.of(simulator, accessKey(), saver.account().startingBalances(), feed.refused());
    }

    /** The simulator behind it, for tests and reports. */
    ExchangeSimulator simulator() {
        return simulator;
    }

    /** The live market as the run reads it, for tests. */
    LiveMarket live() {
        return live;
    }

    /** Live data the paper exchange could not take. */
    long refused() {
        return feed.refused();
    }

    @Override
    public void close() {
        markets.values().forEach(MarketFollowing::close);
        saver.close();
        simulator.stop();
    }

    @Override
    public String toString() {
        return "PaperExchange[" + tradeUrl() + ", keys hidden]";
    }
}
