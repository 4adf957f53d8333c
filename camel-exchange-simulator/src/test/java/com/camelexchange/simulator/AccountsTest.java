package com.camelexchange.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static com.camelexchange.simulator.SimulatorFixtures.T0;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Account information, addresses and withdrawal records with their statuses. */
class AccountsTest {
    private final MutableClock clock = new MutableClock(T0);

    @RegisterExtension
    final ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(
            SimulatorFixtures.quiet(Variant.A, clock));

    private ReferenceClient alice;

    @BeforeEach
    void accounts() {
        simulator.get().createAccount("alice", "alice-secret");
        alice = ReferenceClient.of(simulator.get(), "alice", "alice-secret");
    }

    @Test
    void accountInfoListsCoinsBaseAndThePermissionFlagsOfTheKey() {
        JsonNode info = alice.api("getAccountInfo");
        JsonNode usdt = null;
        for (JsonNode c : info.get("result").get("coins")) {
            for (String field : List.of("key", "enName", "cnName", "showName", "unitTag", "unitDecimal", "fundstype",
                    "available", "freez", "isCanRecharge", "isCanWithdraw", "canLoan")) {
                assertThat(c.has(field)).as(field).isTrue();
            }
            if (c.get("key").asText().equals("usdt")) {
                usdt = c;
            }
        }
        assertThat(usdt).isNotNull();
        assertThat(usdt.get("available").asText()).isEqualTo("1000000.00000000");
        assertThat(usdt.get("freez").asText()).isEqualTo("0.00000000");
        JsonNode base = info.get("result").get("base");
        for (String field : List.of("username", "trade_password_enabled", "auth_google_enabled",
                "auth_mobile_enabled")) {
            assertThat(base.has(field)).as(field).isTrue();
        }
        for (String flag : List.of("assetPerm", "entrustPerm", "moneyPerm", "leverPerm")) {
            assertThat(info.get(flag).asBoolean()).as(flag).isTrue();
        }

        simulator.get().createAccount("viewer", "viewer-secret", Permission.ASSET);
        JsonNode viewer = ReferenceClient.of(simulator.get(), "viewer", "viewer-secret").api("getAccountInfo");
        assertThat(viewer.get("assetPerm").asBoolean()).isTrue();
        assertThat(viewer.get("entrustPerm").asBoolean()).isFalse();
        assertThat(viewer.get("moneyPerm").asBoolean()).isFalse();
    }

    @Test
    void addressesAreStableAndShapedPerCoin() {
        JsonNode deposit = alice.api("getUserAddress", "currency", "eth");
        assertThat(deposit.get("code").isInt()).isTrue();
        assertThat(deposit.get("code").asInt()).isEqualTo(1000);
        assertThat(deposit.get("message").get("isSuc").asBoolean()).isTrue();
        assertThat(deposit.get("message").get("des").asText()).isEqualTo("success");
        String address = deposit.get("message").get("datas").get("key").asText();
        assertThat(address).matches("0x[0-9a-f]{40}");
        assertThat(alice.api("getUserAddress", "currency", "eth").get("message").get("datas").get("key").asText())
                .isEqualTo(address);
        String withdraw = alice.api("getWithdrawAddress", "currency", "btc").get("message").get("datas")
                .get("key").asText();
        assertThat(withdraw).startsWith("1").hasSize(34);
        assertThat(alice.api("getUserAddress", "currency", "doge").get("code").asInt()).isEqualTo(3005);
    }

    @Test
    void withdrawalRecordsPageThroughEveryStatus() {
        JsonNode first = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "10");
        JsonNode datas = first.get("message").get("datas");
        assertThat(datas.get("totalCount").asInt()).isEqualTo(23);
        assertThat(datas.get("totalPage").asInt()).isEqualTo(3);
        assertThat(datas.get("pageIndex").asInt()).isEqualTo(1);
        assertThat(datas.get("list").size()).isEqualTo(10);
        JsonNode record = datas.get("list").get(0);
        for (String field : List.of("id", "amount", "fees", "submitTime", "manageTime", "status", "toAddress")) {
            assertThat(record.has(field)).as(field).isTrue();
        }
        assertThat(record.get("submitTime").asLong()).isLessThan(T0.toEpochMilli())
                .isGreaterThan(T0.toEpochMilli() - 48 * 3_600_000L);

        Set<Integer> statuses = new HashSet<>();
        Set<Long> ids = new HashSet<>();
        for (int page = 1; page <= 3; page++) {
            JsonNode list = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", Integer.toString(page),
                    "pageSize", "10").get("message").get("datas").get("list");
            list.forEach(r -> {
                statuses.add(r.get("status").asInt());
                ids.add(r.get("id").asLong());
            });
        }
        assertThat(ids).hasSize(23);
        assertThat(statuses).containsExactlyInAnyOrder(0, 1, 2, 3, 5);
    }

    @Test
    void withdrawalRecordsHonourPageSizesUpTo100WhereOrderQueriesStopAt10() {
        JsonNode all = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "23")
                .get("message").get("datas");
        assertThat(all.get("list").size()).as("variant A caps only the order queries").isEqualTo(23);
        assertThat(all.get("pageSize").asInt()).isEqualTo(23);
        assertThat(all.get("totalPage").asInt()).isEqualTo(1);

        JsonNode capped = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "500")
                .get("message").get("datas");
        assertThat(capped.get("pageSize").asInt()).isEqualTo(100);
        assertThat(capped.get("list").size()).isEqualTo(23);

        JsonNode last = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "2", "pageSize", "20")
                .get("message").get("datas");
        assertThat(last.get("list").size()).isEqualTo(3);
        assertThat(last.get("totalPage").asInt()).isEqualTo(2);

        for (int i = 0; i < 12; i++) {
            assertThat(alice.api("order", "currency", "btc_usdt", "price", Integer.toString(60000 + i),
                    "amount", "0.01", "tradeType", "1").get("code").asText()).isEqualTo("1000");
        }
        assertThat(alice.api("getOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "50").size()).isEqualTo(10);
        assertThat(alice.api("getUnfinishedOrdersIgnoreTradeType", "currency", "btc_usdt", "pageIndex", "1",
                "pageSize", "50").size()).isEqualTo(10);
    }

    @Test
    void requestedWithdrawalsShowFirstAndSettleWithTheirManageTime() {
        SimulatorAccount account = simulator.get().account("alice");
        long first = account.requestWithdrawal("btc", new BigDecimal("1.5"), null);
        long second = account.requestWithdrawal("btc", new BigDecimal("0.25"), "1someOtherAddress");
        assertThat(second).isGreaterThan(first);
        assertThat(account.withdrawalCount("btc")).isEqualTo(25);
        assertThat(account.withdrawalCount("eth")).isEqualTo(23);

        JsonNode list = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "10")
                .get("message").get("datas").get("list");
        JsonNode newest = list.get(0);
        assertThat(newest.get("id").asLong()).isEqualTo(second);
        assertThat(newest.get("status").asInt()).isZero();
        assertThat(newest.get("submitTime").asLong()).isEqualTo(T0.toEpochMilli());
        assertThat(newest.get("manageTime").asLong()).isZero();
        assertThat(newest.get("toAddress").asText()).isEqualTo("1someOtherAddress");
        assertThat(list.get(1).get("id").asLong()).isEqualTo(first);
        assertThat(new BigDecimal(list.get(1).get("fees").asText())).isEqualByComparingTo("0.0015");
        assertThat(list.get(1).get("toAddress").asText()).isEqualTo(alice.api("getWithdrawAddress", "currency", "btc")
                .get("message").get("datas").get("key").asText());

        clock.advance(Duration.ofMinutes(5));
        account.settleWithdrawal(first, 2);
        JsonNode settled = alice.api("getWithdrawRecord", "currency", "btc", "pageIndex", "1", "pageSize", "10")
                .get("message").get("datas").get("list").get(1);
        assertThat(settled.get("id").asLong()).isEqualTo(first);
        assertThat(settled.get("status").asInt()).isEqualTo(2);
        assertThat(settled.get("manageTime").asLong()).isEqualTo(T0.toEpochMilli() + 300_000);

        assertThatThrownBy(() -> account.settleWithdrawal(42, 2)).isInstanceOf(IllegalArgumentException.class);
    }
}
