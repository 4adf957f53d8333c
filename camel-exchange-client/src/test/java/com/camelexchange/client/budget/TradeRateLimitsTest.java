package com.camelexchange.client.budget;

import com.camelexchange.client.internal.budget.RateLimiter;
import com.camelexchange.client.internal.budget.RateLimits;
import com.camelexchange.client.internal.budget.TradeRateLimits;
import com.camelexchange.client.error.ExchangeRateLimitException;
import com.camelexchange.client.model.ApiVariant;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trade API's budgets and the market-data ones, over faked {@link RateBudgets}: which scope a request spends,
 * what it holds until its reply, what a refusal pauses, and that nothing is held when a permit is refused.
 */
class TradeRateLimitsTest {
    private static final Duration HOLD = Duration.ofSeconds(10);

    /** One budget as the limits use it: what was asked, what is held, what paused it. */
    private static final class Budget implements RateBudget {
        final String id;
        final String label;
        final int permits;
        final List<String> asked = new ArrayList<>();
        final List<String> pauses = new ArrayList<>();
        int held;
        boolean spent;

        Budget(String id, String label, int permits) {
            this.id = id;
            this.label = label;
            this.permits = permits;
        }

        @Override
        public Held acquire(Duration maxWait, Duration maxHold) {
            asked.add(maxWait.toMillis() + "/" + maxHold.toMillis());
            if (spent) {
                throw new ExchangeRateLimitException(label, maxWait);
            }
            held++;
            return () -> held--;
        }

        @Override
        public void pause(Duration duration, String reason) {
            pauses.add(duration + " " + reason);
        }

        @Override
        public String label() {
            return label;
        }
    }

    /** Budgets by id: instances sharing a store would share each. */
    private final Map<String, Budget> budgets = new LinkedHashMap<>();
    private final RateBudgets store = (id, label, permits, window) -> budgets.computeIfAbsent(id,
            i -> new Budget(i, label, permits));

    @Test
    void variantASpendsTheKeysBudgetNamedByAHashNeverTheKeyAndTheIps() {
        TradeRateLimits limits = new TradeRateLimits(ApiVariant.A, store, Duration.ofSeconds(5));
        Held permit = limits.acquire("my-access-key", HOLD);
        limits.acquire("my-access-key", HOLD).close();
        limits.acquire("other-key", HOLD).close();
        assertThat(budgets).hasSize(3);
        assertThat(budgets.keySet()).allSatisfy(id -> assertThat(id).doesNotContain("my-access-key")
                .doesNotContain("other-key"));
        Budget ip = budgets.get("A/ip");
        assertThat(ip.permits).isEqualTo(10_000);
        assertThat(budgets.values()).filteredOn(b -> b.id.startsWith("A/key/")).hasSize(2)
                .allSatisfy(key -> assertThat(key.permits).isEqualTo(60));
        assertThat(ip.held).isEqualTo(1);
        permit.close();
        assertThat(budgets.values()).allSatisfy(b -> assertThat(b.held).as(b.id).isZero());
    }

    @Test
    void variantBSpendsOneBudgetPerUserWhateverTheKey() {
        TradeRateLimits limits = new TradeRateLimits(ApiVariant.B, store, Duration.ofSeconds(5));
        limits.acquire("key-1", HOLD).close();
        limits.acquire("key-2", HOLD).close();
        assertThat(budgets).containsOnlyKeys("B/ip", "B/user");
        assertThat(budgets.get("B/user").permits).isEqualTo(30);
        assertThat(budgets.get("B/user").asked).hasSize(2);
        assertThat(budgets.get("B/ip").permits).isEqualTo(1_000);
    }

    @Test
    void theKeysPermitOutlastsBothWaitsAndTheWaitIsTheShorterOfTheCallsAndTheLimit() {
        TradeRateLimits limits = new TradeRateLimits(ApiVariant.B, store, Duration.ofSeconds(5));
        limits.acquire("key", HOLD, Duration.ofSeconds(2)).close();
        limits.acquire("key", HOLD, Duration.ofSeconds(30)).close();
        assertThat(budgets.get("B/user").asked).containsExactly("2000/12000", "5000/15000");
        assertThat(budgets.get("B/ip").asked).containsExactly("2000/10000", "5000/10000");
    }

    @Test
    void whenTheIpBudgetIsSpentTheKeysPermitIsGivenBackAndNothingIsSent() {
        TradeRateLimits limits = new TradeRateLimits(ApiVariant.A, store, Duration.ZERO);
        limits.acquire("key", HOLD).close();
        budgets.get("A/ip").spent = true;
        assertThatThrownBy(() -> limits.acquire("key", HOLD)).isInstanceOf(ExchangeRateLimitException.class)
                .hasMessageContaining("trade API per IP");
        assertThat(budgets.values()).allSatisfy(b -> assertThat(b.held).as(b.id).isZero());
    }

    @Test
    void tooFrequentPausesTheKeysScopeForASecondALockedIpEverythingForAnHour() {
        TradeRateLimits limits = new TradeRateLimits(ApiVariant.A, store, Duration.ZERO);
        limits.refused("key", 4002);
        Budget key = budgets.values().stream().filter(b -> b.id.startsWith("A/key/")).findFirst().orElseThrow();
        assertThat(key.pauses).singleElement().asString().startsWith("PT1S");
        assertThat(budgets.get("A/ip").pauses).isEmpty();
        limits.refused("key", 4001);
        assertThat(budgets.get("A/ip").pauses).singleElement().asString().startsWith("PT1H");
        limits.refused("key", 1002);
        assertThat(key.pauses).hasSize(1);
    }

    @Test
    void limitsSwitchedOffHoldNothingAndPauseNothing() {
        TradeRateLimits off = TradeRateLimits.off(ApiVariant.A);
        assertThat(off.acquire("key", HOLD)).isSameAs(Held.NONE);
        off.refused("key", 4001);
        assertThat(RateLimits.off().acquireKline(HOLD)).isSameAs(Held.NONE);
        assertThat(RateLimits.off().acquireMarketData(HOLD)).isSameAs(Held.NONE);
    }

    @Test
    void marketDataAndKlinesHaveABudgetEachOneKlineASecond() {
        RateLimits limits = new RateLimits(store, 10, Duration.ofSeconds(3));
        limits.acquireKline(HOLD).close();
        limits.acquireMarketData(HOLD, Duration.ofSeconds(1)).close();
        assertThat(budgets).containsOnlyKeys("kline", "market-data");
        assertThat(budgets.get("kline").permits).isEqualTo(1);
        assertThat(budgets.get("market-data").permits).isEqualTo(10);
        assertThat(budgets.get("kline").asked).containsExactly("3000/10000");
        assertThat(budgets.get("market-data").asked).containsExactly("1000/10000");
        budgets.get("market-data").spent = true;
        assertThatThrownBy(() -> limits.acquireMarketData(HOLD)).isInstanceOf(ExchangeRateLimitException.class);

        RateLimits noMarketData = new RateLimits((id, label, permits, window) -> {
            assertThat(id).isEqualTo("kline");
            return new Budget(id, label, permits);
        }, 0, Duration.ZERO);
        assertThat(noMarketData.acquireMarketData(HOLD)).isSameAs(Held.NONE);
    }

    @Test
    void instancesSharingAStoreShareOneWindowPerScope() {
        TradeRateLimits one = new TradeRateLimits(ApiVariant.A, store, Duration.ZERO);
        TradeRateLimits other = new TradeRateLimits(ApiVariant.A, store, Duration.ZERO);
        Held held = one.acquire("key", HOLD);
        other.acquire("key", HOLD);
        assertThat(budgets).hasSize(2);
        assertThat(budgets.get("A/ip").held).isEqualTo(2);
        held.close();
        assertThat(budgets.get("A/ip").held).isEqualTo(1);
    }

    @Test
    void aPausedLimiterRefusesAtOnceNamingWhy() {
        RateLimiter limiter = new RateLimiter("trade API per key", 5, Duration.ofSeconds(1));
        limiter.pause(Duration.ofHours(1), "the exchange answered 4002, too frequent");
        assertThatThrownBy(() -> limiter.acquire(Duration.ofSeconds(1))).isInstanceOf(ExchangeRateLimitException.class)
                .hasMessageContaining("4002");
        assertThat(limiter.inUse()).isZero();
        assertThat(RateBudgets.local().budget("id", "label", 2, Duration.ofSeconds(1)).label()).isEqualTo("label");
    }
}
