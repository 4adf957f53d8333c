package com.camelexchange.component;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.error.ExchangeUnavailableException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.Candle;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.TradeSide;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.MutableClock;
import com.camelexchange.simulator.engine.OrderCommand;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every market-data operation as a producer in a Java DSL route, against a simulator whose clock and book
 * the test controls, so every value is exact.
 */
class MarketDataProducerTest extends SimulatorCamelTest {
    static final Instant T0 = Instant.parse("2026-11-22T08:00:30Z");
    static final MutableClock CLOCK = new MutableClock(T0);

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(
            b -> b.seed(42).clock(CLOCK).quiet().eventLoops(1));

    @Override
    protected ExchangeSimulator simulator() {
        return SIMULATOR.get();
    }

    @Override
    protected void configure(ExchangeComponent component) {
        // These tests look at the first failure; recovery by retry is the fault matrix's subject.
        component.getConfiguration().setReadRetries(0);
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:markets").to("exchange:markets");
                from("direct:allTicker").to("exchange:allTicker");
                from("direct:ticker").to("exchange:ticker?market=btc_usdt");
                from("direct:depth").to("exchange:depth?market=btc_usdt&size=20");
                from("direct:mergedDepth").to("exchange:depth?market=btc_usdt&merge=100");
                from("direct:trades").to("exchange:trades?market=btc_usdt");
                from("direct:kline").to("exchange:kline?market=btc_usdt&type=1min&size=10");
            }
        };
    }

    @BeforeEach
    void book() {
        CLOCK.set(T0);
        var sim = SIMULATOR.get();
        if (sim.exchange().best("btc_usdt", Side.SELL) != null) {
            return;
        }
        var maker = sim.exchange().createUser("maker", false);
        sim.exchange().deposit(maker, 0, "btc", new BigDecimal("10"));
        sim.exchange().deposit(maker, 0, "usdt", new BigDecimal("1000000"));
        sim.exchange().place(maker, OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("65030"), new BigDecimal("0.3")));
        sim.exchange().place(maker, OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("65010"), new BigDecimal("0.1")));
        sim.exchange().place(maker, OrderCommand.limit("btc_usdt", Side.SELL, new BigDecimal("65020"), new BigDecimal("0.2")));
        sim.exchange().place(maker, OrderCommand.limit("btc_usdt", Side.BUY, new BigDecimal("64990"), new BigDecimal("0.5")));
        sim.exchange().place(maker, OrderCommand.limit("btc_usdt", Side.BUY, new BigDecimal("64980"), new BigDecimal("0.25")));
        var taker = sim.exchange().createUser("taker", false);
        sim.exchange().deposit(taker, 0, "usdt", new BigDecimal("1000000"));
        sim.exchange().place(taker, OrderCommand.limit("btc_usdt", Side.BUY, new BigDecimal("65010"), new BigDecimal("0.04")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void marketsDecodeScalesAndMinimums() {
        Map<String, Market> markets = template.requestBody("direct:markets", null, Map.class);
        assertThat(markets).containsKeys("btc_usdt", "xrp_usdt", "ltc_btc");
        Market btc = markets.get("btc_usdt");
        assertThat(btc.priceScale()).isEqualTo(2);
        assertThat(btc.amountScale()).isEqualTo(4);
        assertThat(btc.minAmount()).isEqualByComparingTo("0.0001");
        assertThat(btc.baseCoin()).isEqualTo("btc");
    }

    @Test
    @SuppressWarnings("unchecked")
    void allTickerIsKeyedByMarketNamesWithUnderscore() {
        Map<String, Ticker> tickers = template.requestBody("direct:allTicker", null, Map.class);
        assertThat(tickers).containsOnlyKeys("btc_usdt", "eth_usdt", "ltc_usdt", "xrp_usdt", "ltc_btc", "eth_btc");
        Ticker btc = tickers.get("btc_usdt");
        assertThat(btc.market()).isEqualTo("btc_usdt");
        assertThat(btc.sell()).isEqualByComparingTo("65010");
        assertThat(btc.last()).isEqualByComparingTo("65010");
    }

    @Test
    void tickerCarriesItsDateFromMilliseconds() {
        Exchange reply = template.request("direct:ticker", e -> { });
        Ticker ticker = reply.getMessage().getBody(Ticker.class);
        assertThat(ticker.date()).isEqualTo(T0);
        assertThat(reply.getMessage().getHeader(ExchangeConstants.TIMESTAMP)).isEqualTo(T0);
        assertThat(ticker.buy()).isEqualByComparingTo("64990");
        assertThat(ticker.volume()).isEqualByComparingTo("0.04");
        assertThat(ticker.high().scale()).as("decoded exactly from the string").isEqualTo(2);
    }

    @Test
    void depthIsBestFirstOnBothSidesWithTheTimestampInSeconds() {
        Depth depth = template.requestBody("direct:depth", null, Depth.class);
        assertThat(depth.asks()).extracting(l -> l.price().toPlainString()).containsExactly("65010", "65020", "65030");
        assertThat(depth.asks().get(0).amount()).isEqualByComparingTo("0.06");
        assertThat(depth.bids()).extracting(l -> l.price().toPlainString()).containsExactly("64990", "64980");
        assertThat(depth.spread()).isEqualByComparingTo("20");
        assertThat(depth.timestamp()).isEqualTo(Instant.ofEpochSecond(T0.getEpochSecond()));
    }

    @Test
    void headersOverrideTheUriOptions() {
        Depth top = template.requestBodyAndHeader("direct:depth", null, ExchangeConstants.SIZE, 1, Depth.class);
        assertThat(top.asks()).hasSize(1);
        Depth merged = template.requestBodyAndHeader("direct:depth", null, ExchangeConstants.MERGE, "100", Depth.class);
        assertThat(merged.asks()).extracting(l -> l.price().toPlainString()).containsExactly("65100");
        Depth fromUri = template.requestBody("direct:mergedDepth", null, Depth.class);
        assertThat(fromUri.asks()).as("merge as a URI option").extracting(l -> l.price().toPlainString())
                .containsExactly("65100");
        Depth eth = template.requestBodyAndHeader("direct:depth", null, ExchangeConstants.MARKET, "eth_usdt", Depth.class);
        assertThat(eth.market()).isEqualTo("eth_usdt");
        assertThat(eth.asks()).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void tradesDecodeSecondsAndSides() {
        List<Trade> trades = template.requestBody("direct:trades", null, List.class);
        assertThat(trades).hasSize(1);
        Trade trade = trades.get(0);
        assertThat(trade.date()).isEqualTo(Instant.ofEpochSecond(T0.getEpochSecond()));
        assertThat(trade.takerSide()).isEqualTo(TradeSide.BUY);
        assertThat(trade.price()).isEqualByComparingTo("65010");
        List<Trade> none = template.requestBodyAndHeader("direct:trades", null, ExchangeConstants.SINCE, trade.tid(),
                List.class);
        assertThat(none).isEmpty();
    }

    @Test
    @SuppressWarnings("unchecked")
    void klineReturnsCandlesWithSymbolAndMoneyTypeHeaders() {
        CLOCK.advance(Duration.ofSeconds(5));
        Exchange reply = template.request("direct:kline", e -> { });
        List<Candle> candles = reply.getMessage().getBody(List.class);
        assertThat(candles).hasSize(1);
        assertThat(candles.get(0).openTime()).isEqualTo(Instant.parse("2026-11-22T08:00:00Z"));
        assertThat(candles.get(0).volume()).isEqualByComparingTo("0.04");
        assertThat(reply.getMessage().getHeader(ExchangeConstants.KLINE_SYMBOL)).isEqualTo("btc");
        assertThat(reply.getMessage().getHeader(ExchangeConstants.KLINE_MONEY_TYPE)).isEqualTo("usdt");
    }

    @Test
    void badParametersFailBeforeAnyRequestIsSent() {
        long before = SIMULATOR.get().requestCount();
        Exchange tooDeep = template.request("direct:depth", e -> e.getMessage().setHeader(ExchangeConstants.SIZE, 51));
        assertThat(tooDeep.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("CamelExchangeSize").hasMessageContaining("1-50");
        Exchange badType = template.request("direct:kline",
                e -> e.getMessage().setHeader(ExchangeConstants.KLINE_TYPE, "2min"));
        assertThat(badType.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("1min, 3min");
        Exchange badName = template.request("direct:ticker",
                e -> e.getMessage().setHeader(ExchangeConstants.MARKET, "BTC-USDT"));
        assertThat(badName.getException()).hasMessageContaining("btc_usdt");
        Exchange notANumber = template.request("direct:depth",
                e -> e.getMessage().setHeader(ExchangeConstants.MERGE, "ten"));
        assertThat(notANumber.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("CamelExchangeMerge").hasMessageContaining("'ten'");
        assertThat(SIMULATOR.get().requestCount()).isEqualTo(before);
        assertThat(tooDeep.getMessage().getBody()).as("the message is left as it was").isNull();
    }

    @Test
    void anUnknownMarketIsRefusedWithTheListOfKnownOnes() {
        template.requestBody("direct:markets", (Object) null);
        long before = SIMULATOR.get().requestCount("ticker");
        Exchange reply = template.request("direct:ticker",
                e -> e.getMessage().setHeader(ExchangeConstants.MARKET, "doge_usdt"));
        assertThat(reply.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("doge_usdt").hasMessageContaining("btc_usdt, eth_btc");
        assertThat(SIMULATOR.get().requestCount("ticker")).isEqualTo(before);
    }

    @Test
    void failuresOfTheServiceBecomeTypedExceptions() {
        SIMULATOR.get().faults().inject("ticker", Fault.http502()).inject("depth", Fault.htmlErrorPage())
                .inject("trades", Fault.malformedJson());
        Exchange gateway = template.request("direct:ticker", e -> { });
        assertThat(gateway.getException()).isInstanceOfSatisfying(ExchangeUnavailableException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(502);
            assertThat(e.isRetryable()).isTrue();
        });
        assertThat(template.request("direct:depth", e -> { }).getException())
                .isInstanceOf(ExchangeReplyFormatException.class).hasMessageContaining("not JSON");
        assertThat(template.request("direct:trades", e -> { }).getException())
                .isInstanceOf(ExchangeReplyFormatException.class);
        assertThat(template.requestBody("direct:ticker", null, Ticker.class).market()).isEqualTo("btc_usdt");
    }

    @Test
    void anErrorReplyCarriesItsCodeAndCategory() throws Exception {
        // Someone else on this IP used this second's K-line request (the simulator's clock stands still).
        CLOCK.advance(Duration.ofSeconds(3));
        HttpResponse<Void> other = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                SIMULATOR.get().baseUrl() + "/data/v1/kline?market=eth_usdt&type=1min"))
                .header("User-Agent", "Mozilla/5.0").build(), HttpResponse.BodyHandlers.discarding());
        assertThat(other.statusCode()).isEqualTo(200);

        Exchange reply = template.request("direct:kline", e -> { });
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
            assertThat(e.code()).isEqualTo(4002);
            assertThat(e.category()).isEqualTo(ErrorCategory.RATE_LIMITED);
            assertThat(e.isRetryable()).isTrue();
        });
    }
}
