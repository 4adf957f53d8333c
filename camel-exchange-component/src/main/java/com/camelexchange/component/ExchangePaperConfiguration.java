package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.paper.PaperOptions;
import com.camelexchange.client.paper.PaperSettings;
import com.camelexchange.component.consumer.RepositoryPositions;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

import java.time.Clock;

/**
 * The component's options of paper trading, recording and backtest (what its
 * {@link com.camelexchange.client.paper.PaperRun} is made of). Like {@link ExchangeResourcesConfiguration} they are
 * options of the component only: the component holds one of these, and the generated metadata lists them among the
 * component's options under their own names. Checked when the component starts, whether paper trading is on or not.
 */
@UriParams
public class ExchangePaperConfiguration {

    @UriParam(label = "paper", defaultValue = "false",
              description = "Paper trading: every signed operation of the component's endpoints (orders, cancels,"
                            + " order queries, the account, the address and withdrawal-record reads, the orders and"
                            + " withdrawals consumers) goes to an in-process paper exchange with an account of its"
                            + " own, while market data still comes from the exchange at baseUrl. No signed request"
                            + " reaches the exchange: the endpoints' accessKey and secretKey are never used, and not"
                            + " needed. The paper account has no withdrawals, and no address money could be sent to:"
                            + " its deposit address of btc is paper-btc-not-a-deposit-address. Needs"
                            + " com.camelexchange:camel-exchange-paper on the classpath.")
    private boolean paper;
    @UriParam(label = "paper",
              description = "Paper trading: what the paper account starts with, per coin, e.g. usdt=10000,btc=0.5;"
                            + " coins not named start at zero. Required with paper=true. An account kept in the"
                            + " paperStateRepository goes on with its own balances instead.")
    private String paperBalances;
    @UriParam(label = "paper", defaultValue = "queue", enums = "tradeThrough,touch,queue",
              description = "Paper trading: how a live trade at exactly a resting paper order's price fills it (a"
                            + " trade through the price always does, and takers always walk the live book)."
                            + " tradeThrough: never, since the order's place in the queue is unknown; it fills no"
                            + " earlier than reality would, often later. touch: a share of the trade"
                            + " (paperFillAtTouch, the whole of it by default), whatever queue stood there. queue:"
                            + " the order waits behind the amount the live book showed at its price when it"
                            + " arrived; trades at the price take that queue first, then the order, partly when"
                            + " smaller; the queue ahead shrinks in proportion when the book shows less there (the"
                            + " default: the one measured closest to a matching engine's fills).")
    private String paperFillModel;
    @UriParam(label = "paper",
              description = "Paper trading, with paperFillModel=touch (which setting it alone chooses): the share,"
                            + " from 0 to 1, of a live trade at exactly a resting paper order's price that fills the"
                            + " order; 1 by default.")
    private String paperFillAtTouch;
    @UriParam(label = "paper", defaultValue = "100",
              description = "Paper trading: how long, in milliseconds of the paper clock (0 to 60000), a"
                            + " paper order takes to reach the paper book and a cancel to take effect, as a real"
                            + " one would travel to the exchange. Until then the order is open without fills, and a"
                            + " taker meets the live book as it was when the order arrived. The default is an"
                            + " assumption (half a round trip over the internet), not a measurement: set it to half"
                            + " the round trip of your signed calls.")
    private long paperLatency = PaperOptions.DEFAULT_LATENCY_MILLIS;
    @UriParam(label = "paper", defaultValue = "5",
              description = "Paper trading on the live market: how far, in seconds (0 to 3600), a date of the live"
                            + " market's data may be ahead of this machine's clock. The paper exchange's clock is"
                            + " this machine's: it dates paper orders, and the market's dates only confirm it. A trade,"
                            + " book, ticker or candle dated further ahead is refused and counted, whatever came before"
                            + " it and however many come, so that no wrong date holds paper orders back from the"
                            + " trades that should fill them. The default covers the seconds by which an exchange's"
                            + " clock and a host's honestly differ; keep the host on NTP rather than raising it."
                            + " A backtest runs on the recording's clock and does not use it.")
    private int paperClockSkew = PaperOptions.DEFAULT_CLOCK_SKEW_SECONDS;
    @UriParam(label = "paper",
              description = "Paper trading: where the paper account (its balances, orders and fills) is kept, so that"
                            + " it survives a restart. It is saved every few seconds while it changes and when the"
                            + " component stops, and taken up again at the first signed call of the next run.")
    private StateRepository<String, String> paperStateRepository;
    @UriParam(label = "paper", defaultValue = "camel-exchange-paper",
              description = "Paper trading: the key of the paper account in the paperStateRepository.")
    private String paperStateKey = "camel-exchange-paper";
    @UriParam(label = "paper", defaultValue = "true",
              description = "Paper trading: follow the book and trades of the markets the paper account trades over"
                            + " the exchange's WebSocket (true) or by polling them over REST every paperPollDelay"
                            + " (false).")
    private boolean paperStreaming = true;
    @UriParam(label = "paper", defaultValue = "1000",
              description = "Paper trading without streaming: how often the book and trades of each market traded"
                            + " are polled, in milliseconds.")
    private long paperPollDelay = 1_000;
    @UriParam(label = "paper",
              description = "Paper trading: a directory to write the run's report into when the component stops: a"
                            + " summary (paper-report.txt) and a picture of the equity curve and the fills over the"
                            + " price (paper-report.png).")
    private String paperReportTo;
    @UriParam(label = "advanced",
              description = "Records the market data the component receives (markets, tickers, books, trades and"
                            + " K-lines; replies and pushes) to this file, one JSON line each, which the simulator"
                            + " replays. Appends to a file that exists. Needs com.camelexchange:camel-exchange-paper on"
                            + " the classpath.")
    private String recordTo;
    @UriParam(label = "paper",
              description = "Backtest: runs the routes on this recording (a file recordTo wrote) instead of the live"
                            + " market (or on Tardis.dev CSV history: a directory of .csv/.csv.gz files, a glob of them"
                            + " or one file, with replayMarkets), in lock-step: each recorded event is applied to the market, then delivered to"
                            + " the consumers that take it, and the next one is applied only when their exchanges"
                            + " completed. Market data (consumers and producers) is served from the recording, every"
                            + " signed operation by the paper exchange (paper=true is implied, with paperBalances), on"
                            + " the recording's time; nothing is sent to the exchange, and neither keys nor baseUrl are"
                            + " needed. At the"
                            + " end of the recording the report is written to paperReportTo, a summary line is logged"
                            + " and the CamelContext stops (a Camel Main application then ends). Needs"
                            + " com.camelexchange:camel-exchange-paper on the classpath.")
    private String replayFrom;
    @UriParam(label = "paper",
              description = "Backtest on Tardis.dev CSV history (replayFrom a directory, a glob or a .csv/.csv.gz"
                            + " file): the market of each exchange symbol, as"
                            + " SYMBOL=market[:priceScale:amountScale[:minAmount:minSize]], several separated by"
                            + " commas, e.g. BTCUSDT=btc_usdt:2:6:0.0001:5. Scales left out are inferred from the data"
                            + " (the most decimals seen, said in the log); a minimum left out is one step of the"
                            + " amount scale (minAmount) and 0 (minSize). Not set for a recording of this project.")
    private String replayMarkets;

    /** Whether signed operations go to the paper exchange: paper mode, or a backtest ({@code replayFrom}). */
    boolean paperTrading() {
        return paper || replayFrom != null;
    }

    /**
     * Refuses a paper option out of bounds or at odds with another, naming it, when the component starts: the fill
     * model, its share at the touch, the latency and clock skew whether paper trading is on or not, so that switching
     * it on later meets no surprise; the starting balances when paper trading is on.
     *
     * @throws ExchangeValidationException naming the option
     * @throws IllegalArgumentException    when a backtest is also to record or keep its account
     */
    void check() {
        PaperOptions.fills(paperFillModel, paperFillAtTouch, paperLatency);
        PaperOptions.clockSkew(paperClockSkew);
        if (paperPollDelay < 1) {
            throw new ExchangeValidationException("option paperPollDelay", paperPollDelay
                    + " is out of range; at least 1 (milliseconds)");
        }
        if (paperStateKey == null || paperStateKey.isBlank()) {
            throw new ExchangeValidationException("option paperStateKey", "the paper account needs a key");
        }
        if (paperTrading()) {
            PaperOptions.balances(paperBalances);
        }
        if (replayMarkets != null && replayFrom == null) {
            throw new IllegalArgumentException("replayMarkets maps the symbols of the history replayed: set"
                                               + " replayFrom too");
        }
        if (replayFrom != null && (recordTo != null || paperStateRepository != null)) {
            throw new IllegalArgumentException("replayFrom cannot be set with recordTo or paperStateRepository: a"
                                               + " backtest records nothing and starts its paper account afresh");
        }
    }

    /** The paper account of these options, speaking {@code variant} and running on {@code clock}. */
    PaperSettings account(ApiVariant variant, Clock clock) {
        return new PaperSettings(variant, PaperOptions.balances(paperBalances),
                PaperOptions.fills(paperFillModel, paperFillAtTouch, paperLatency),
                PaperOptions.clockSkew(paperClockSkew), clock, paperStateRepository == null ? null
                : RepositoryPositions.started(paperStateRepository, "paperStateRepository"), paperStateKey);
    }

    public boolean isPaper() {
        return paper;
    }

    public void setPaper(boolean paper) {
        this.paper = paper;
    }

    public String getPaperBalances() {
        return paperBalances;
    }

    public void setPaperBalances(String paperBalances) {
        this.paperBalances = paperBalances;
    }

    public String getPaperFillModel() {
        return paperFillModel;
    }

    public void setPaperFillModel(String paperFillModel) {
        this.paperFillModel = paperFillModel;
    }

    public String getPaperFillAtTouch() {
        return paperFillAtTouch;
    }

    public void setPaperFillAtTouch(String paperFillAtTouch) {
        this.paperFillAtTouch = paperFillAtTouch;
    }

    public long getPaperLatency() {
        return paperLatency;
    }

    public void setPaperLatency(long paperLatency) {
        this.paperLatency = paperLatency;
    }

    public int getPaperClockSkew() {
        return paperClockSkew;
    }

    public void setPaperClockSkew(int paperClockSkew) {
        this.paperClockSkew = paperClockSkew;
    }

    public StateRepository<String, String> getPaperStateRepository() {
        return paperStateRepository;
    }

    public void setPaperStateRepository(StateRepository<String, String> paperStateRepository) {
        this.paperStateRepository = paperStateRepository;
    }

    public String getPaperStateKey() {
        return paperStateKey;
    }

    public void setPaperStateKey(String paperStateKey) {
        this.paperStateKey = paperStateKey;
    }

    public boolean isPaperStreaming() {
        return paperStreaming;
    }

    public void setPaperStreaming(boolean paperStreaming) {
        this.paperStreaming = paperStreaming;
    }

    public long getPaperPollDelay() {
        return paperPollDelay;
    }

    public void setPaperPollDelay(long paperPollDelay) {
        this.paperPollDelay = paperPollDelay;
    }

    public String getPaperReportTo() {
        return paperReportTo;
    }

    public void setPaperReportTo(String paperReportTo) {
        this.paperReportTo = paperReportTo;
    }

    public String getRecordTo() {
        return recordTo;
    }

    public void setRecordTo(String recordTo) {
        this.recordTo = recordTo;
    }

    public String getReplayFrom() {
        return replayFrom;
    }

    public void setReplayFrom(String replayFrom) {
        this.replayFrom = replayFrom;
    }

    public String getReplayMarkets() {
        return replayMarkets;
    }

    public void setReplayMarkets(String replayMarkets) {
        this.replayMarkets = replayMarkets;
    }
}
