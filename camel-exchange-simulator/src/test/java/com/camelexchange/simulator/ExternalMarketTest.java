package com.camelexchange.simulator;

import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.PriceLevel;
import com.camelexchange.simulator.market.Markets;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.replay.MarketEvent;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Paper orders against an external market fed through {@link MarketFeed}, placed over real HTTP: the fill
 * model, the fees, the refusals of the normal API, and feed gaps.
 */
class ExternalMarketTest {
    static final Instant T0 = Instant.parse("2026-11-25T08:00:30Z");
    private static final String BTC = "btc_usdt";

    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(b -> b.variant(Variant.A)
            .seed(42).clock(clock).eventLoops(1).externalMarket(Markets.defaults())
            .key("paper", "paper-secret").key("other", "other-secret"));

    private MarketFeed feed;
    private Trader paper;
    private Trader other;
    private long nextTid = 5_000_001;

    @BeforeEach
    void connect() {
        ExchangeSimulator sim = simulator.get();
        feed = sim.feed();
        paper = new Trader(sim, "paper");
        other = new Trader(sim, "other");
    }

    /** Bids and asks as price, amount, price, amount... */
    static List<PriceLevel> levels(String... pairs) {
        List<PriceLevel> out = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            out.add(new PriceLevel(new BigDecimal(pairs[i]), new BigDecimal(pairs[i + 1])));
        }
        return out;
    }

    private void book() {
        feed.book(BTC, levels("59990.00", "1.0000", "59980.00", "2.0000"),
                levels("60000.00", "0.3000", "60010.00", "0.4000", "60100.00", "1.0000"), clock.instant());
    }

    private void trade(String price, String amount, Side taker) {
        assertThat(feed.trade(BTC, nextTid++, clock.instant(), new BigDecimal(price), new BigDecimal(amount), taker))
                .isTrue();
    }

    private List<Fill> fills(String accessKey) {
        return simulator.get().fills(accessKey);
    }

    @Test
    void aCrossingOrderTakesTheLevelsBestFirstAtTheirPricesAndPaysTheTakerFee() {
        book();
        String id = paper.place(BTC, "buy", "60050.00", "0.5");

        JsonNode order = paper.get(BTC, id);
        assertThat(order.get("status").asInt()).isEqualTo(2);
        assertThat(order.get("trade_amount").decimalValue()).isEqualByComparingTo("0.5");
        assertThat(order.get("trade_money").decimalValue()).as("0.3 x 60000 + 0.2 x 60010")
                .isEqualByComparingTo("30002");
        List<Fill> fills = fills("paper");
        assertThat(fills).extracting(Fill::price).containsExactly(new BigDecimal("60000.00"),
                new BigDecimal("60010.00"));
        assertThat(fills).extracting(Fill::amount).containsExactly(new BigDecimal("0.3000"),
                new BigDecimal("0.2000"));
        assertThat(fills).allSatisfy(f -> {
            assertThat(f.maker()).isFalse();
            assertThat(f.feeCoin()).isEqualTo("btc");
            assertThat(f.orderId()).isEqualTo(Long.parseLong(id));
            assertThat(f.time()).isEqualTo(T0);
        });
        assertThat(fills).extracting(Fill::fee).containsExactly(new BigDecimal("0.00060000"),
                new BigDecimal("0.00040000"));
        // It froze 0.5 x 60050 = 30025, spent 30002 and got the 23 of better prices back.
        assertThat(paper.coin("usdt").get("available").asText()).isEqualTo("969998.00000000");
        assertThat(paper.coin("usdt").get("freez").asText()).isEqualTo("0.00000000");
        assertThat(paper.coin("btc").get("available").asText()).as("10 + 0.5 less 0.2% taker fee")
                .isEqualTo("10.49900000");
        assertThat(simulator.get().feesCollected("btc")).isEqualByComparingTo("0.001");
    }

    @Test
    void aCrossingOrderTakesNoMoreThanIsOfferedUpToItsLimitAndRestsTheRest() {
        book();
        String id = paper.place(BTC, "buy", "60010.00", "1.0");
        JsonNode order = paper.get(BTC, id);
        assertThat(order.get("trade_amount").decimalValue()).as("0.3 + 0.4 offered up to 60010")
                .isEqualByComparingTo("0.7");
        assertThat(order.get("status").asInt()).isEqualTo(3);
        assertThat(paper.coin("usdt").get("freez").asText()).as("the rest, 0.3 at 60010")
                .isEqualTo("18003.00000000");

        String sell = paper.place(BTC, "sell", "59985.00", "5");
        assertThat(paper.get(BTC, sell).get("trade_amount").decimalValue()).as("only the 1.0 bid at 59990")
                .isEqualByComparingTo("1.0");
        assertThat(fills("paper")).filteredOn(f -> f.side() == Side.SELL).extracting(Fill::price)
                .containsExactly(new BigDecimal("59990.00"));
    }

    @Test
    void whatOneOrderTookFromASnapshotIsNotThereForTheNextUntilANewBook() {
        book();
        paper.place(BTC, "buy", "60000.00", "0.2");
        String second = other.place(BTC, "buy", "60000.00", "0.2");
        assertThat(other.get(BTC, second).get("trade_amount").decimalValue()).as("0.1 left of 0.3")
                .isEqualByComparingTo("0.1");
        String third = other.place(BTC, "buy", "60000.00", "0.1");
        assertThat(other.get(BTC, third).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
        assertThat(other.get(BTC, third).get("status").asInt()).isEqualTo(3);

        clock.advance(Duration.ofSeconds(1));
        book();
        String fourth = other.place(BTC, "buy", "60000.00", "0.1");
        assertThat(other.get(BTC, fourth).get("trade_amount").decimalValue()).as("the new book is whole")
                .isEqualByComparingTo("0.1");
        assertThat(other.get(BTC, third).get("trade_amount").decimalValue())
                .as("a resting order never takes from a book").isEqualByComparingTo("0");
    }

    @Test
    void aRestingOrderFillsOnlyOnATradeThroughItsPriceAtItsPriceWithTheMakerFee() {
        book();
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        trade("59000.00", "5", Side.SELL);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("at the touch: queue unknown")
                .isEqualByComparingTo("0");

        trade("58999.99", "0.05", Side.SELL);
        JsonNode order = paper.get(BTC, id);
        assertThat(order.get("trade_amount").decimalValue()).as("no more than traded through")
                .isEqualByComparingTo("0.05");
        assertThat(order.get("trade_money").decimalValue()).as("at its own price").isEqualByComparingTo("2950");

        trade("58500.00", "3", Side.SELL);
        assertThat(paper.get(BTC, id).get("status").asInt()).isEqualTo(2);
        List<Fill> fills = fills("paper");
        assertThat(fills).extracting(Fill::amount).containsExactly(new BigDecimal("0.05"), new BigDecimal("0.15"));
        assertThat(fills).allSatisfy(f -> {
            assertThat(f.maker()).isTrue();
            assertThat(f.price()).isEqualByComparingTo("59000.00");
        });
        assertThat(fills.get(0).fee()).isEqualByComparingTo("0.0001");
        assertThat(paper.coin("btc").get("available").asText()).isEqualTo("10.19960000");
        assertThat(paper.coin("usdt").get("available").asText()).isEqualTo("988200.00000000");

        String sell = paper.place(BTC, "sell", "61000.00", "0.1");
        trade("61000.00", "1", Side.BUY);
        trade("60999.00", "1", Side.BUY);
        assertThat(paper.get(BTC, sell).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
        trade("61000.01", "0.04", Side.BUY);
        assertThat(paper.get(BTC, sell).get("trade_amount").decimalValue()).isEqualByComparingTo("0.04");
        assertThat(fills("paper").get(2).fee()).as("0.2% of 0.04 x 61000 in usdt").isEqualByComparingTo("4.88");
    }

    @Test
    void aTradeThroughIsSharedInPriceTimePriority() {
        book();
        String first = paper.place(BTC, "buy", "59000.00", "0.1");
        clock.advance(Duration.ofMillis(5));
        String second = other.place(BTC, "buy", "59000.00", "0.1");
        String better = other.place(BTC, "buy", "59100.00", "0.1");
        trade("58900.00", "0.15", Side.SELL);
        assertThat(other.get(BTC, better).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        assertThat(paper.get(BTC, first).get("trade_amount").decimalValue()).isEqualByComparingTo("0.05");
        assertThat(other.get(BTC, second).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
    }

    @Test
    void iocTakesWhatItCanAndCancelsTheRestAndPostOnlyIsRefusedWhenItWouldTake() {
        book();
        String ioc = paper.place(BTC, "buy", "60010.00", "1", "orderType", "2");
        JsonNode order = paper.get(BTC, ioc);
        assertThat(order.get("trade_amount").decimalValue()).isEqualByComparingTo("0.7");
        assertThat(order.get("status").asInt()).as("A: cancelled after a partial fill").isEqualTo(2);
        assertThat(paper.coin("usdt").get("freez").asText()).isEqualTo("0.00000000");

        JsonNode crossing = paper.order(BTC, "buy", "60100.00", "0.1", "orderType", "1");
        assertThat(crossing.get("code").asText()).isEqualTo("3011");
        JsonNode consumed = paper.order(BTC, "buy", "60010.00", "0.1", "orderType", "1");
        assertThat(consumed.get("code").asText()).as("what is left of the snapshot starts at 60100")
                .isEqualTo("1000");
        String sellPostOnly = paper.place(BTC, "sell", "60000.00", "0.1", "orderType", "1");
        assertThat(paper.get(BTC, sellPostOnly).get("status").asInt()).isEqualTo(3);
        assertThat(paper.order(BTC, "sell", "59990.00", "0.1", "orderType", "1").get("code").asText())
                .isEqualTo("3011");
    }

    @Test
    void refusalsAreThoseOfTheExchange() {
        book();
        assertThat(paper.order(BTC, "buy", "60000.001", "0.1").get("code").asText()).isEqualTo("3002");
        assertThat(paper.order(BTC, "buy", "60000", "0.00001").get("code").asText()).isEqualTo("3003");
        assertThat(paper.order(BTC, "buy", "60000", "100").get("code").asText()).as("6M usdt, 1M held")
                .isEqualTo("2009");
        assertThat(paper.order(BTC, "sell", "60000", "11").get("code").asText()).as("10 btc held")
                .isEqualTo("2002");
        assertThat(paper.cancel(BTC, "202611250000009999").get("code").asText()).isEqualTo("3001");
        paper.place(BTC, "buy", "50000", "0.01", "customerOrderId", "paper0001");
        assertThat(paper.order(BTC, "buy", "50000", "0.01", "customerOrderId", "paper0001").get("code").asText())
                .isEqualTo("3012");
        assertThat(paper.coin("usdt").get("freez").asText()).isEqualTo("500.00000000");
    }

    @Test
    void withoutAUsableBookNothingIsTakenAndWithoutTradesNothingFills() {
        String early = paper.place(BTC, "buy", "70000.00", "0.1");
        assertThat(paper.get(BTC, early).get("trade_amount").decimalValue()).as("no book yet: it rests")
                .isEqualByComparingTo("0");
        String ioc = paper.place(BTC, "buy", "70000.00", "0.1", "orderType", "2");
        assertThat(paper.get(BTC, ioc).get("status").asInt()).as("nothing to take: cancelled").isEqualTo(1);

        book();
        clock.advance(Duration.ofSeconds(31));
        String stale = paper.place(BTC, "buy", "70000.00", "0.1");
        assertThat(paper.get(BTC, stale).get("trade_amount").decimalValue()).as("a 31 s old book is none")
                .isEqualByComparingTo("0");
        clock.advance(Duration.ofHours(2));
        book();
        assertThat(paper.get(BTC, early).get("trade_amount").decimalValue())
                .as("hours pass, a book crosses it: no trade, no fill").isEqualByComparingTo("0");
        assertThat(paper.get(BTC, early).get("status").asInt()).isEqualTo(3);
        assertThat(fills("paper")).isEmpty();
    }

    @Test
    void theMarketDataIsTheFedOneWithoutPaperOrdersOrFills() {
        book();
        trade("60000.00", "0.0100", Side.BUY);
        paper.place(BTC, "buy", "60050.00", "0.5");
        paper.place(BTC, "buy", "59000.00", "1");

        String depth = paper.dataText("depth?market=btc_usdt&size=10");
        assertThat(depth).as("as fed, asks descending, untouched by paper takers")
                .contains("\"asks\":[[60100.00,1.0000],[60010.00,0.4000],[60000.00,0.3000]]")
                .contains("\"bids\":[[59990.00,1.0000],[59980.00,2.0000]]")
                .contains("\"timestamp\":" + T0.getEpochSecond());
        JsonNode trades = paper.data("trades", "market", BTC);
        assertThat(trades.size()).isEqualTo(1);
        assertThat(trades.get(0).get("tid").asLong()).isEqualTo(5_000_001);
        JsonNode ticker = paper.data("ticker", "market", BTC).get("ticker");
        assertThat(ticker.get("buy").asText()).isEqualTo("59990.00");
        assertThat(ticker.get("sell").asText()).isEqualTo("60000.00");
        assertThat(ticker.get("last").asText()).isEqualTo("60000.00");

        feed.ticker(BTC, new BigDecimal("61000.00"), new BigDecimal("59000.00"), new BigDecimal("59995.00"),
                new BigDecimal("60005.00"), new BigDecimal("60001.00"), new BigDecimal("123.4567"), T0);
        ticker = paper.data("ticker", "market", BTC);
        assertThat(ticker.get("ticker").get("high").asText()).isEqualTo("61000.00");
        assertThat(ticker.get("ticker").get("buy").asText()).isEqualTo("59995.00");
        assertThat(ticker.get("ticker").get("vol").asText()).isEqualTo("123.4567");
        assertThat(ticker.get("date").asText()).isEqualTo(Long.toString(T0.toEpochMilli()));
    }

    @Test
    void theModelsJsonFeedsTheMarketAsARecordingLineWould() {
        MarketEvent.fromJson(T0, MarketEvent.Kind.DEPTH, BTC, null, "{\"market\":\"btc_usdt\",\"asks\":[{\"price\":"
                + "\"60000.00\",\"amount\":\"0.1000\"}],\"bids\":[],\"timestamp\":\"2026-11-25T08:00:30Z\"}")
                .applyTo(feed);
        String taker = paper.place(BTC, "buy", "60000.00", "0.2");
        assertThat(paper.get(BTC, taker).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
        MarketEvent.fromJson(T0, MarketEvent.Kind.TRADE, BTC, null, "{\"market\":\"btc_usdt\",\"tid\":9,"
                + "\"date\":\"2026-11-25T08:00:30Z\",\"price\":\"59999.00\",\"amount\":\"0.5000\","
                + "\"takerSide\":\"SELL\"}").applyTo(feed);
        assertThat(paper.get(BTC, taker).get("status").asInt()).isEqualTo(2);
        assertThat(simulator.get().tape(BTC)).extracting(t -> t.tid()).containsExactly(9L);
    }

    @Test
    void aRepeatedTradeIdIsDroppedAndFillsNothing() {
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        trade("58000.00", "0.1", Side.SELL);
        assertThat(feed.trade(BTC, nextTid - 1, clock.instant(), new BigDecimal("58000.00"),
                new BigDecimal("0.1"), Side.SELL)).isFalse();
        assertThat(feed.tradesDropped()).isEqualTo(1);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
    }

    @Test
    void aTradeIsJudgedBeforeOrAfterAnOrderByTheMarketsClockWhenItRunsAheadOfOurs() {
        // The market's clock is ten minutes ahead of the exchange's: its book, dated by it, says so.
        Instant market = T0.plus(Duration.ofMinutes(10));
        feed.book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), market);
        clock.advance(Duration.ofSeconds(5));
        // Arriving late, the same book says nothing new of the market's clock.
        feed.book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), market);
        String id = paper.place(BTC, "buy", "59000.00", "0.2");

        // A feed catching up: traded at the market's 08:10:33, two seconds before the order was placed there (by
        // our clock, 08:00:35, it would seem ten minutes after).
        assertThat(feed.trade(BTC, nextTid++, market.plusSeconds(3), new BigDecimal("58000.00"), BigDecimal.ONE,
                Side.SELL)).isTrue();
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0");

        assertThat(feed.trade(BTC, nextTid++, market.plusSeconds(5), new BigDecimal("58000.00"),
                new BigDecimal("0.1"), Side.SELL)).isTrue();
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("traded as it was placed, there")
                .isEqualByComparingTo("0.1");
    }

    @Test
    void aMarketClockBehindOursKeepsNoOrderFromFilling() {
        Instant market = T0.minus(Duration.ofMinutes(10));
        feed.book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), market);
        clock.advance(Duration.ofSeconds(5));
        String id = paper.place(BTC, "buy", "59000.00", "0.2");

        // Traded at the market's 07:50:36, a second after the order was placed there (by our clock, 08:00:35).
        assertThat(feed.trade(BTC, nextTid++, market.plusSeconds(6), new BigDecimal("58000.00"),
                new BigDecimal("0.1"), Side.SELL)).isTrue();
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0.1");
    }

    /**
     * One trade dated a day ahead (within the bounds), one further ahead and one book dated in milliseconds where
     * seconds are due (both refused) leave the market's clock as the rest of the tape tells it: an order placed
     * after them is dated right, and a trade through its price fills it.
     */
    @Test
    void oneWronglyDatedTradeOrBookDatesNoLaterOrderAfterTheTradesThatFillIt() {
        book();
        for (int i = 0; i < 10; i++) {
            clock.advance(Duration.ofSeconds(1));
            trade("60000.00", "0.01", Side.BUY);
        }
        Instant dayAhead = clock.instant().plus(Duration.ofHours(23));
        assertThat(feed.trade(BTC, nextTid++, dayAhead, new BigDecimal("60000.00"), new BigDecimal("0.01"),
                Side.BUY)).as("within the bounds: taken, and its date set aside").isTrue();
        assertThatThrownBy(() -> feed.trade(BTC, nextTid, clock.instant().plus(Duration.ofHours(25)),
                new BigDecimal("60000.00"), new BigDecimal("0.01"), Side.BUY))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("more than a day after");
        Instant millisAsSeconds = Instant.ofEpochSecond(clock.instant().toEpochMilli());
        assertThatThrownBy(() -> feed.book(BTC, levels("59990.00", "1.0000"), levels("60000.00", "0.3000"),
                millisAsSeconds)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("more than a day after");
        assertThatThrownBy(() -> feed.ticker(BTC, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE,
                BigDecimal.ONE, BigDecimal.ONE, Instant.parse("1999-12-31T23:59:59Z")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before 2000-01-01");
        assertThat(simulator.get().tape(BTC)).as("the refused trade is not on the tape").hasSize(11);

        clock.advance(Duration.ofSeconds(1));
        Instant placed = clock.instant();
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        assertThat(marketTime(id)).as("the market's clock agrees with ours, as the tape says").isEqualTo(placed);
        trade("58900.00", "0.05", Side.SELL);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("a trade through after it fills it")
                .isEqualByComparingTo("0.05");
        assertThat(feed.clockDisagreements()).as("the trade dated a day ahead").isEqualTo(1);
    }

    @Test
    void aBookDatedHoursAheadDatesNoLaterOrderAfterTheTradesThatFillIt() {
        book();
        clock.advance(Duration.ofSeconds(1));
        feed.book(BTC, levels("59990.00", "1.0000"), levels("60000.00", "0.3000"), clock.instant().plusSeconds(7200));
        clock.advance(Duration.ofSeconds(1));
        book();
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        assertThat(marketTime(id)).isEqualTo(clock.instant());
        trade("58900.00", "0.05", Side.SELL);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0.05");
        assertThat(feed.clockDisagreements()).as("the book dated ahead, then the estimate it had moved")
                .isPositive();
    }

    /**
     * A few wrongly dated pieces of data (more than the estimate passes over) move it, but not for good: once
     * {@code 64} newer ones came, an order is dated by the market's clock again, which the books never stopped telling.
     */
    @Test
    void whatAFewWronglyDatedTickersMovedComesBackWithNewerData() {
        for (int i = 0; i < 8; i++) {
            book();
        }
        for (int i = 0; i < 4; i++) {
            feed.ticker(BTC, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE,
                    BigDecimal.ONE, T0.plus(Duration.ofHours(3)));
        }
        String moved = paper.place(BTC, "buy", "59000.00", "0.1");
        assertThat(marketTime(moved)).as("four of twelve agree: taken").isEqualTo(T0.plus(Duration.ofHours(3)));
        for (int i = 0; i < 64; i++) {
            book();
        }
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        assertThat(marketTime(id)).isEqualTo(T0);
        trade("58900.00", "0.05", Side.SELL);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0.05");
    }

    /**
     * A feed catching up after hours down delivers many trades dated long ago: they only say that the market's
     * clock is at least that far ahead, and do not move it back, or an order placed meanwhile would be dated before
     * catch-up trades that happened while it did not exist, and they would fill it.
     */
    @Test
    void tradesCaughtUpHoursLateDoNotMoveTheMarketsClockBack() {
        Instant market = T0.plus(Duration.ofMinutes(10));
        feed.book(BTC, levels("58990.00", "1"), levels("60000.00", "1"), market);
        Instant caughtUp = T0.minus(Duration.ofHours(3));
        for (int i = 0; i < 100; i++) {
            caughtUp = caughtUp.plusSeconds(60);
            assertThat(feed.trade(BTC, nextTid++, caughtUp, new BigDecimal("60000.00"), new BigDecimal("0.01"),
                    Side.BUY)).isTrue();
        }
        clock.advance(Duration.ofSeconds(1));
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        assertThat(marketTime(id)).isEqualTo(market.plusSeconds(1));
        assertThat(feed.trade(BTC, nextTid++, caughtUp.plusSeconds(60), new BigDecimal("58000.00"), BigDecimal.ONE,
                Side.SELL)).isTrue();
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("made before the order")
                .isEqualByComparingTo("0");
        assertThat(feed.clockDisagreements()).as("late trades are expected").isZero();
    }

    /** The order's time on the market's clock, as the export keeps it. */
    private Instant marketTime(String orderId) {
        JsonNode exported;
        try {
            exported = new ObjectMapper().readTree(simulator.get().exportAccounts());
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
        for (JsonNode account : exported.get("accounts")) {
            for (JsonNode order : account.get("orders")) {
                if (order.get("id").asText().equals(orderId)) {
                    return Instant.parse(order.get("marketTime").asText());
                }
            }
        }
        throw new AssertionError("no order " + orderId);
    }

    @Test
    void itsAccountsHaveNoAddressToSendMoneyToAndNoWithdrawals() {
        ReferenceClient client = ReferenceClient.of(simulator.get(), "paper", "paper-secret");
        for (String coin : List.of("btc", "usdt", "eth")) {
            assertThat(client.api("getUserAddress", "currency", coin).get("message").get("datas").get("key").asText())
                    .isEqualTo("paper-" + coin + "-not-a-deposit-address");
            assertThat(client.api("getWithdrawAddress", "currency", coin).get("message").get("datas").get("key")
                    .asText()).isEqualTo("paper-" + coin + "-not-a-withdraw-address");
            JsonNode records = client.api("getWithdrawRecord", "currency", coin, "pageIndex", "1", "pageSize", "10")
                    .get("message").get("datas");
            assertThat(records.get("list")).as("no invented withdrawals").isEmpty();
            assertThat(records.get("totalCount").asInt()).isZero();
        }
        assertThat(simulator.get().account("other").withdrawalCount("btc")).isZero();
    }

    @Test
    void aTradeDatedBeforeAnOrderWasPlacedNeverFillsIt() {
        // Nothing dated by the market has arrived yet: its clock is taken to agree with the exchange's.
        clock.advance(Duration.ofMillis(400));
        String id = paper.place(BTC, "buy", "59000.00", "0.2");
        // A feed catching up after a gap: the trade happened in the second before the order existed.
        assertThat(feed.trade(BTC, nextTid++, T0, new BigDecimal("58000.00"), new BigDecimal("1"), Side.SELL))
                .isTrue();
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).isEqualByComparingTo("0");
        assertThat(simulator.get().tape(BTC)).as("it is on the tape all the same").hasSize(1);

        trade("58000.00", "0.1", Side.SELL);
        assertThat(paper.get(BTC, id).get("trade_amount").decimalValue()).as("a trade dated at its placement")
                .isEqualByComparingTo("0.1");
    }
}
