package com.camelexchange.client.internal.feed;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether one allTicker a period costs fewer requests than the ticker consumers' own. */
class TickerInterestTest {
    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void oneMarketAloneReadsItsOwnTickerTwoMarketsShareTheAllTicker() {
        TickerInterest interest = new TickerInterest();
        Runnable btc = interest.want("btc_usdt", SECOND);
        assertThat(interest.allTickerCheaper()).isFalse();
        Runnable eth = interest.want("eth_usdt", SECOND);
        assertThat(interest.allTickerCheaper()).isTrue();
        eth.run();
        assertThat(interest.allTickerCheaper()).as("withdrawn when the consumer stops").isFalse();
        btc.run();
        assertThat(interest.allTickerCheaper()).isFalse();
    }

    @Test
    void twoConsumersOfOneMarketCostOneTickerAtTheFasterPace() {
        TickerInterest interest = new TickerInterest();
        interest.want("btc_usdt", SECOND);
        interest.want("btc_usdt", SECOND / 10);
        assertThat(interest.allTickerCheaper()).isFalse();
    }

    @Test
    void aMarketBesideAnAllTickerConsumerSharesItsReply() {
        TickerInterest interest = new TickerInterest();
        Runnable all = interest.want(null, SECOND);
        assertThat(interest.allTickerCheaper()).as("no ticker consumer to serve").isFalse();
        interest.want("btc_usdt", 10 * SECOND);
        assertThat(interest.allTickerCheaper()).isTrue();
        all.run();
        assertThat(interest.allTickerCheaper()).isFalse();
    }

    @Test
    void aMarketPolledFasterThanTheOthersTogetherStillSavesTheirRequests() {
        TickerInterest interest = new TickerInterest();
        interest.want("btc_usdt", SECOND / 100);
        interest.want("eth_usdt", 60 * SECOND);
        assertThat(interest.allTickerCheaper()).isTrue();
    }
}
