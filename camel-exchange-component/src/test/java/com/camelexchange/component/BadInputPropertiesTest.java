package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.simulator.ExchangeSimulator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Hundreds of bad values for every kind of parameter: each is refused before any request leaves the
 * process (the simulator's request count does not move), with a message that names the parameter.
 */
class BadInputPropertiesTest {
    private static ExchangeSimulator simulator;
    private static CamelContext context;
    private static ProducerTemplate template;

    @BeforeContainer
    static void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        simulator.createAccount("alice", "alice-secret");
        context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl(simulator.baseUrl());
        component.getConfiguration().setAccessKey("alice");
        component.getConfiguration().setSecretKey("alice-secret");
        context.start();
        template = context.createProducerTemplate();
        template.requestBody("exchange:markets", null, Map.class);
    }

    @AfterContainer
    static void stop() {
        context.stop();
        simulator.stop();
    }

    private static void assertRefusedUnsent(String uri, Map<String, Object> headers, String parameter) {
        long before = simulator.requestCount();
        Exchange reply = template.request(uri, e -> headers.forEach(e.getMessage()::setHeader));
        assertThat(reply.getException()).as("%s %s", uri, headers).isInstanceOfSatisfying(
                ExchangeValidationException.class, e -> assertThat(e.getMessage()).containsIgnoringCase(parameter));
        assertThat(simulator.requestCount()).as("nothing sent for %s", headers).isEqualTo(before);
    }

    private static Map<String, Object> order(String name, Object value) {
        Map<String, Object> headers = new HashMap<>(Map.of(ExchangeConstants.MARKET, "btc_usdt",
                ExchangeConstants.TRADE_TYPE, "buy", ExchangeConstants.PRICE, "60000", ExchangeConstants.AMOUNT, "0.01"));
        headers.put(name, value);
        return headers;
    }

    @Property(tries = 300, seed = "20261122")
    void badPricesAreRefused(@ForAll("badPrices") String price) {
        assertRefusedUnsent("exchange:order", order(ExchangeConstants.PRICE, price), ExchangeConstants.PRICE);
    }

    @Property(tries = 300, seed = "20261122")
    void badAmountsAreRefused(@ForAll("badAmounts") String amount) {
        assertRefusedUnsent("exchange:order", order(ExchangeConstants.AMOUNT, amount), ExchangeConstants.AMOUNT);
    }

    @Property(tries = 200, seed = "20261122")
    void badSidesAreRefused(@ForAll("junk") String side) {
        assertRefusedUnsent("exchange:order", order(ExchangeConstants.TRADE_TYPE, side), ExchangeConstants.TRADE_TYPE);
    }

    @Property(tries = 200, seed = "20261122")
    void badMarketsAreRefused(@ForAll("badMarkets") String market) {
        assertRefusedUnsent("exchange:order", order(ExchangeConstants.MARKET, market), "market");
        assertRefusedUnsent("exchange:ticker?market=btc_usdt", Map.of(ExchangeConstants.MARKET, market), "market");
    }

    @Property(tries = 200, seed = "20261122")
    void badCustomerOrderIdsAreRefused(@ForAll("badCustomerOrderIds") String id) {
        assertRefusedUnsent("exchange:order", order(ExchangeConstants.CUSTOMER_ORDER_ID, id),
                ExchangeConstants.CUSTOMER_ORDER_ID);
        assertRefusedUnsent("exchange:getOrder?market=btc_usdt", Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, id),
                ExchangeConstants.CUSTOMER_ORDER_ID);
    }

    @Property(tries = 200, seed = "20261122")
    void badPagesAreRefused(@ForAll("badPageSizes") int pageSize, @ForAll("badPageIndexes") int pageIndex) {
        assertRefusedUnsent("exchange:getOrdersIgnoreTradeType?market=btc_usdt",
                Map.of(ExchangeConstants.PAGE_SIZE, pageSize), ExchangeConstants.PAGE_SIZE);
        assertRefusedUnsent("exchange:getWithdrawRecord?coin=btc", Map.of(ExchangeConstants.PAGE_INDEX, pageIndex),
                ExchangeConstants.PAGE_INDEX);
    }

    @Property(tries = 200, seed = "20261122")
    void badCoinsAreRefused(@ForAll("badCoins") String coin) {
        // A malformed coin is refused naming the header; one the exchange's markets do not use, as "coin".
        assertRefusedUnsent("exchange:getUserAddress", Map.of(ExchangeConstants.COIN, coin), "coin");
    }

    @Property(tries = 200, seed = "20261122")
    void badMarketDataParametersAreRefused(@ForAll("junk") String junk, @ForAll("badDepthSizes") int size) {
        assertRefusedUnsent("exchange:depth?market=btc_usdt", Map.of(ExchangeConstants.SIZE, size),
                ExchangeConstants.SIZE);
        assertRefusedUnsent("exchange:kline?market=btc_usdt", Map.of(ExchangeConstants.KLINE_TYPE, junk),
                ExchangeConstants.KLINE_TYPE);
        assertRefusedUnsent("exchange:depth?market=btc_usdt", Map.of(ExchangeConstants.MERGE, junk),
                ExchangeConstants.MERGE);
    }

    // ---------------------------------------------------------------- generators

    /** Text that is not a number, a side, a K-line type or a market: empty, unicode, &=# and the like. */
    @Provide
    Arbitrary<String> junk() {
        return Arbitraries.oneOf(
                Arbitraries.of("", " ", "NaN", "Infinity", "-", "1e", "abc", "€", "💰", "买入", "&", "=", "#",
                        "buy&amount=5", "sell#", "a=b", "0x1F", "1,5", "1_000"),
                Arbitraries.strings().withChars("&=#?/ αβγ💰€xyz%+").ofMinLength(1).ofMaxLength(12));
    }

    /** Negative, zero, too many decimals for btc_usdt (2), too large, or not a number. */
    @Provide
    Arbitrary<String> badPrices() {
        return badDecimals(2);
    }

    /** The same for amounts (btc_usdt allows 4 decimals; below 0.0001 is under minAmount). */
    @Provide
    Arbitrary<String> badAmounts() {
        return badDecimals(4);
    }

    private Arbitrary<String> badDecimals(int scale) {
        Arbitrary<String> negative = Arbitraries.bigDecimals().between(new BigDecimal("-1000000"), BigDecimal.ZERO)
                .ofScale(scale).map(BigDecimal::toPlainString);
        Arbitrary<String> tooFine = Arbitraries.bigDecimals().between(BigDecimal.ONE, new BigDecimal("100000"))
                .ofScale(scale + 3).filter(d -> d.stripTrailingZeros().scale() > scale).map(BigDecimal::toPlainString);
        Arbitrary<String> huge = Arbitraries.bigIntegers().between(BigInteger.TEN.pow(16), BigInteger.TEN.pow(40))
                .map(BigInteger::toString);
        Arbitrary<String> notNumbers = junk().filter(s -> !isNumber(s));
        return Arbitraries.oneOf(negative, tooFine, huge, notNumbers, Arbitraries.of("0", "0.00", "-0", "1e30"));
    }

    private static boolean isNumber(String s) {
        try {
            new BigDecimal(s.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Provide
    Arbitrary<String> badMarkets() {
        return Arbitraries.oneOf(junk(), Arbitraries.of("BTC_USDT", "btcusdt", "btc-usdt", "btc_usdt_x", "_usdt",
                "doge_usdt", "btc_usdt&x=1", "btc_usdt#", "ｂｔｃ_usdt"));
    }

    @Provide
    Arbitrary<String> badCustomerOrderIds() {
        return Arbitraries.oneOf(
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(3),
                Arbitraries.strings().alpha().numeric().ofMinLength(37).ofMaxLength(60),
                Arbitraries.strings().withChars("ab12&=#-_ αβ💰").ofMinLength(4).ofMaxLength(20)
                        .filter(s -> !s.matches("[A-Za-z0-9]{4,36}")));
    }

    @Provide
    Arbitrary<Integer> badPageSizes() {
        return Arbitraries.oneOf(Arbitraries.integers().lessOrEqual(0), Arbitraries.integers().greaterOrEqual(11));
    }

    @Provide
    Arbitrary<Integer> badPageIndexes() {
        return Arbitraries.oneOf(Arbitraries.integers().lessOrEqual(0), Arbitraries.integers().greaterOrEqual(10_001),
                Arbitraries.of(Integer.MAX_VALUE));
    }

    @Provide
    Arbitrary<Integer> badDepthSizes() {
        return Arbitraries.oneOf(Arbitraries.integers().lessOrEqual(0), Arbitraries.integers().greaterOrEqual(51));
    }

    @Provide
    Arbitrary<String> badCoins() {
        return Arbitraries.oneOf(junk(), Arbitraries.of("BTC", "b", "btc!", "btc usdt", "btc&x=1", "ｂｔｃ"));
    }
}
