package com.camelexchange.component;

import com.camelexchange.client.internal.ClientInternals;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.ChannelStatus;
import com.camelexchange.client.internal.stream.StreamSession;
import com.camelexchange.client.feed.ConsumerHealth;
import com.camelexchange.component.consumer.PolledConsumer;
import com.camelexchange.component.consumer.PushedConsumer;
import com.camelexchange.component.metrics.MicrometerMetrics;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import com.camelexchange.simulator.market.Side;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stream must survive one bad value and one silent channel: a pushed trade id far past the tape, a REST reply
 * with an id the exchange never confirms, a push with a number no client can hold, a channel the peer never
 * serves while it answers every ping. Each is refused or caught up, counted and shown, and the real trades go on.
 */
class StreamTrustTest {
    private static final String MARKET = "btc_usdt";
    private static final String TRADES = "btcusdt_trades";

    private final List<CamelContext> contexts = new ArrayList<>();
    private final ExpectedFailures failures = new ExpectedFailures();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private ExchangeSimulator simulator;

    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
        if (simulator != null) {
            simulator.stop();
        }
    }

    private void quietSimulator() {
        simulator = ExchangeSimulator.builder().seed(13).quiet().limits(SimulatorLimits.none()).build().start();
    }

    private void addTrades(int count) {
        long at = simulator.clock().millis();
        for (int i = 0; i < count; i++) {
            simulator.exchange().recordHistoricalTrade(MARKET, at, new BigDecimal(65000 + i % 7),
                    new BigDecimal("0.01"), i % 2 == 0 ? Side.BUY : Side.SELL);
        }
    }

    private long lastTid() {
        var last = simulator.exchange().lastTrade(MARKET);
        return last == null ? 0 : last.tid();
    }

    private CamelContext start(String uri, List<Object> received) throws Exception {
        DefaultCamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("failures", failures);
        context.getRegistry().bind("meters", meters);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.setMarketDataRequestsPerSecond(0);
        component.setKeepAliveInterval(50);
        component.setSilenceTimeout(300);
        component.setChannelSilenceTimeout(1_000);
        component.setReconnectDelay(20);
        component.setMaxReconnectDelay(200);
        ExpectedFailures.unloggedIn(context);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(uri + "&exceptionHandler=#failures").routeId("stream")
                        .process(e -> received.add(e.getMessage().getBody()));
            }
        });
        context.start();
        contexts.add(context);
        return context;
    }

    private static List<Long> tids(List<Object> received) {
        return received.stream().map(t -> ((Trade) t).tid()).toList();
    }

    private static List<Long> range(long afterTid, long lastTid) {
        List<Long> out = new ArrayList<>();
        for (long t = afterTid + 1; t <= lastTid; t++) {
            out.add(t);
        }
        return out;
    }

    private static StreamSession session(CamelContext context) {
        return ClientInternals.streams(context.getComponent("exchange", ExchangeComponent.class).clientResources()).all().get(0);
    }

    private static ChannelStatus status(CamelContext context, String channel) {
        return session(context).channelStatuses().stream().filter(c -> c.channel().equals(channel)).findFirst()
                .orElseThrow();
    }

    private double count(String meter, String tag, String value) {
        Counter counter = meters.find(meter).tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    void aPushedIdFarPastTheTapeIsRefusedAfterAFewBackedOffReadsAndRealTradesGoOn() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&since=" + start, received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions(TRADES) == 1);
        addTrades(3);
        Await.until(20, "three", () -> received.size() == 3);
        long restBefore = simulator.requestCount("trades");

        simulator.streamFaults().forgedTrade(lastTid() + 1_000);
        addTrades(1);
        PushedConsumer consumer = (PushedConsumer) context.getRoute("stream").getConsumer();
        Await.until(20, "the forged id refused", () -> consumer.refusedTradeIds() == 1);
        long restForTheForgedId = simulator.requestCount("trades") - restBefore;
        addTrades(5);
        Await.until(20, "the trades after it", () -> received.size() == 9);

        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        assertThat(restForTheForgedId).as("a few REST reads, backed off, then the id is refused")
                .isBetween(1L, 3L);
        assertThat(context.getRoute("stream").getConsumer()).extracting(c -> ((PushedConsumer) c).state().value())
                .isEqualTo(Long.toString(lastTid()));
        assertThat(count(MicrometerMetrics.REFUSED_TRADE_IDS, "source", "push")).isEqualTo(1);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aRestReplyWithTheLargestIdNeverBecomesThePositionOfAStream() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(5);
        simulator.faults().inject("trades", Fault.forgedTrade(Long.MAX_VALUE));
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&since=" + start, received);
        Await.until(20, "caught up", () -> received.size() == 5);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions(TRADES) == 1);
        addTrades(3);
        Await.until(20, "pushed after it", () -> received.size() == 8);

        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        PushedConsumer consumer = (PushedConsumer) context.getRoute("stream").getConsumer();
        assertThat(consumer.state().value()).isEqualTo(Long.toString(lastTid()));
        // Past 2^53 the id is out of a reply's bounds: the record is refused as it is read, before any guard sees it.
        assertThat(count(MicrometerMetrics.REFUSED_REPLIES, "source", "rest")).isEqualTo(1);
    }

    @Test
    void aPolledReplyWithAnIdTheExchangeDoesNotConfirmIsRefusedAndPollingGoesOn() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        addTrades(4);
        // Far past the tape but in range: read again on its own, the exchange does not name it.
        simulator.faults().inject("trades", Fault.forgedTrade(lastTid() + 100_000));
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&delay=20&since=" + start, received);
        Await.until(20, "the first four", () -> received.size() == 4);
        addTrades(3);
        Await.until(20, "polled after it", () -> received.size() == 7);

        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        PolledConsumer consumer = (PolledConsumer) context.getRoute("stream").getConsumer();
        assertThat(consumer.feed().refusedTradeIds()).isEqualTo(1);
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aTradesChannelThePeerNeverServesIsCaughtUpOverRestReportedAndSubscribedAgain() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        simulator.streamFaults().silenceChannel(TRADES);
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&since=" + start, received);
        // Once the catch-up of the subscription is over, not merely asked (the simulator counts a request before it
        // reads the tape): the trades after it are the channel's to push, and only a check of its silence reads them.
        PushedConsumer consumer = (PushedConsumer) context.getRoute("stream").getConsumer();
        Await.until(20, "subscribed and caught up", () -> simulator.streamSubscriptions(TRADES) == 1
                && consumer.healthReport().state() == ConsumerHealth.State.UP);
        for (int round = 0; round < 38; round++) {
            addTrades(10);
        }
        Await.until(20, "all 380 trades, over REST", () -> received.size() == 380);
        Await.until(20, "the silence reported and the channel subscribed again",
                () -> status(context, TRADES).silences() == 1 && status(context, TRADES).resubscribes() > 0
                      && count(MicrometerMetrics.STREAM_SILENCES, "channel", TRADES) == 1);
        ChannelStatus silent = status(context, TRADES);
        assertThat(silent.silent()).isTrue();
        assertThat(silent.resubscribes()).isPositive();
        assertThat(silent.lastFrameAt()).isNull();
        assertThat(session(context).connected()).as("the connection itself answers pings").isTrue();
        assertThat(count(MicrometerMetrics.STREAM_SILENCES, "channel", TRADES)).isEqualTo(1);
        assertThat(console(context)).contains(TRADES + ": subscribed, last frame none yet").contains("SILENT");

        // Served again: the subscription made again while it was silent stands, and the next trades are pushed.
        simulator.streamFaults().serveChannel(TRADES);
        addTrades(5);
        Await.until(20, "pushed again", () -> received.size() == 385 && status(context, TRADES).lastFrameAt() != null);
        assertThat(tids(received)).containsExactlyElementsOf(range(start, lastTid()));
        assertThat(status(context, TRADES).silent()).isFalse();
        assertThat(session(context).reconnects()).as("the connection was never dropped").isZero();
    }

    @Test
    void aQuietTradesChannelWithoutAPositionIsCheckedOverRestAndNotTakenForSilent() throws Exception {
        quietSimulator();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true", received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions(TRADES) == 1);
        // Nothing is pushed on a quiet market: the first check takes the position from REST, the next ones read
        // after it, and find nothing the channel should have pushed.
        Await.until(20, "a position taken and checked from it", () -> simulator.requestCount("trades") >= 3);
        assertThat(status(context, TRADES).silences()).as("a quiet market is not a silent channel").isZero();
        assertThat(status(context, TRADES).resubscribes()).isZero();

        addTrades(2);
        Await.until(20, "the trades after it", () -> received.size() == 2);
        assertThat(tids(received)).containsExactlyElementsOf(simulator.tape(MARKET).stream().map(t -> t.tid()).toList());
        assertThat(failures.failures()).isEmpty();
    }

    @Test
    void aTickerChannelThePeerNeverServesIsSubscribedAgainAndReported() throws Exception {
        quietSimulator();
        simulator.streamFaults().silenceChannel("btcusdt_ticker");
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:ticker?market=btc_usdt&streaming=true", received);
        // Reported, then subscribed again: the second resubscription follows the report.
        Await.until(20, "reported after a subscription again brought nothing",
                () -> status(context, "btcusdt_ticker").silences() == 1
                      && status(context, "btcusdt_ticker").resubscribes() >= 2);
        assertThat(received).isEmpty();

        simulator.streamFaults().serveChannel("btcusdt_ticker");
        Await.until(20, "the snapshot of the next subscription", () -> !received.isEmpty());
        assertThat(((Ticker) received.get(0)).market()).isEqualTo(MARKET);
        Await.until(20, "no longer silent", () -> !status(context, "btcusdt_ticker").silent());
    }

    @Test
    void aPushedTradeWithANumberNoClientHoldsLosesOnlyItselfAndComesWholeOverRest() throws Exception {
        quietSimulator();
        addTrades(1);
        long start = lastTid();
        List<Object> received = new CopyOnWriteArrayList<>();
        CamelContext context = start("exchange:trades?market=btc_usdt&streaming=true&since=" + start, received);
        Await.until(20, "subscribed", () -> simulator.streamSubscriptions(TRADES) == 1);

        simulator.streamFaults().absurdTradeId();
        addTrades(3);
        Await.until(20, "caught up", () -> received.size() == 3);
        Await.until(20, "counted", () -> count(MicrometerMetrics.REFUSED_REPLIES, "source", "push") == 1);
        assertThat(tids(received)).as("the refused trade too, read whole over REST").containsExactlyElementsOf(
                range(start, lastTid()));
        assertThat(status(context, TRADES).undecodable()).as("the push was read, less one trade").isZero();
        assertThat(session(context).undecodableFrames()).isZero();
    }

    private static String console(CamelContext context) {
        return (String) PluginHelper.getDevConsoleResolver(context).resolveDevConsole("exchange")
                .call(DevConsole.MediaType.TEXT);
    }
}
