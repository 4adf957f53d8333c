package com.camelexchange.client.model;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names of coins and markets are checked by a scan of their characters: it takes exactly what the rule's
 * patterns ({@link MarketNames#COIN}, {@link MarketNames#MARKET}) match, and nothing else.
 */
class MarketNamesTest {
    private static final Pattern COIN = Pattern.compile(MarketNames.COIN);
    private static final Pattern MARKET = Pattern.compile(MarketNames.MARKET);
    private static final Pattern EITHER = Pattern.compile(MarketNames.COIN + "(_" + MarketNames.COIN + ")?");

    @Test
    void namesAtTheEdgesOfTheRule() {
        String twenty = "a".repeat(19) + "9";
        String twentyOne = twenty + "b";
        assertThat(MarketNames.isMarket("btc_usdt")).isTrue();
        assertThat(MarketNames.isMarket(twenty + "_" + twenty)).isTrue();
        assertThat(MarketNames.isMarket(twentyOne + "_usdt")).isFalse();
        assertThat(MarketNames.isMarket("btc_" + twentyOne)).isFalse();
        assertThat(MarketNames.isMarket("btc")).isFalse();
        assertThat(MarketNames.isMarket("btc_")).isFalse();
        assertThat(MarketNames.isMarket("_usdt")).isFalse();
        assertThat(MarketNames.isMarket("btc_usdt_eth")).isFalse();
        assertThat(MarketNames.isMarket("BTC_usdt")).isFalse();
        assertThat(MarketNames.isMarket("")).isFalse();
        assertThat(MarketNames.isMarket(null)).isFalse();
        assertThat(MarketNames.isCoin("usdt")).isTrue();
        assertThat(MarketNames.isCoin(twenty)).isTrue();
        assertThat(MarketNames.isCoin(twentyOne)).isFalse();
        assertThat(MarketNames.isCoin("btc_usdt")).isFalse();
        assertThat(MarketNames.isCoin("")).isFalse();
        assertThat(MarketNames.isCoin(null)).isFalse();
        assertThat(MarketNames.isCoinOrMarket("btc")).isTrue();
        assertThat(MarketNames.isCoinOrMarket("btc_usdt")).isTrue();
        assertThat(MarketNames.isCoinOrMarket("btc_")).isFalse();
        assertThat(MarketNames.isCoinOrMarket(twentyOne)).isFalse();
        assertThat(MarketNames.isCoinOrMarket("")).isFalse();
        assertThat(MarketNames.isCoinOrMarket(null)).isFalse();
    }

    @Property(seed = "3070781290561473629")
    void eachCheckTakesWhatItsPatternMatches(@ForAll("names") String name) {
        assertThat(MarketNames.isCoin(name)).as("coin '%s'", name).isEqualTo(COIN.matcher(name).matches());
        assertThat(MarketNames.isMarket(name)).as("market '%s'", name).isEqualTo(MARKET.matcher(name).matches());
        assertThat(MarketNames.isCoinOrMarket(name)).as("either '%s'", name)
                .isEqualTo(EITHER.matcher(name).matches());
    }

    /** Mostly characters of the rule, with an underscore or two and the characters just outside its ranges. */
    @Provide
    Arbitrary<String> names() {
        Arbitrary<Character> character = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(12, Arbitraries.chars().range('a', 'z')),
                net.jqwik.api.Tuple.of(4, Arbitraries.chars().range('0', '9')),
                net.jqwik.api.Tuple.of(3, Arbitraries.just('_')),
                net.jqwik.api.Tuple.of(2, Arbitraries.of('`', '{', '/', ':', 'A', 'Z', ' ', '-', '\u00e9', '\u0661')));
        return Arbitraries.oneOf(
                character.list().ofMaxSize(45).map(MarketNamesTest::text),
                Arbitraries.integers().between(0, 23).flatMap(left -> Arbitraries.integers().between(0, 23)
                        .map(right -> "b".repeat(left) + "_" + "7".repeat(right))));
    }

    private static String text(java.util.List<Character> characters) {
        StringBuilder text = new StringBuilder(characters.size());
        characters.forEach(text::append);
        return text.toString();
    }
}
