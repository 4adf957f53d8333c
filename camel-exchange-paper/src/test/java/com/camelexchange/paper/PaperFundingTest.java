package com.camelexchange.paper;

import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawalEvent;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The paper account has nothing to do with money outside it. Its market data is the live service's, so an address
 * it gave that looked real could be taken for the live account's and receive real money: it gives none, only text
 * that says it is not one. Nor has it withdrawals, so the withdrawals consumer announces nothing invented.
 */
class PaperFundingTest {

    @Test
    void theAddressReadsAnswerTextThatNoMoneyCanBeSentTo() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            for (String coin : List.of("btc", "usdt")) {
                Address deposit = paper.call("exchange:getUserAddress?coin=" + coin, null, Map.of(), Address.class);
                Address withdraw = paper.call("exchange:getWithdrawAddress?coin=" + coin, null, Map.of(),
                        Address.class);
                assertThat(deposit.address()).isEqualTo("paper-" + coin + "-not-a-deposit-address");
                assertThat(withdraw.address()).isEqualTo("paper-" + coin + "-not-a-withdraw-address");
            }
            assertThat(live.signedRequests()).as("signed requests A received").isZero();
        }
    }

    @Test
    void thereAreNoWithdrawalsAndTheWithdrawalsConsumerAnnouncesNone() throws Exception {
        List<WithdrawalEvent> events = new CopyOnWriteArrayList<>();
        RouteBuilder routes = new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:withdrawals?coin=btc&delay=20").process(e -> events.add(e.getMessage()
                        .getBody(WithdrawalEvent.class)));
                from("exchange:withdrawals?coin=usdt&delay=20").process(e -> events.add(e.getMessage()
                        .getBody(WithdrawalEvent.class)));
            }
        };
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, routes)) {
            WithdrawPage page = paper.call("exchange:getWithdrawRecord?coin=btc", null, Map.of(), WithdrawPage.class);
            assertThat(page.records()).isEmpty();
            assertThat(page.totalCount()).isZero();

            // The first poll of each consumer sets its baseline (where pending records would be announced), the
            // later ones look for new records: several of each, and still nothing.
            long polled = paper.paperExchange().simulator().requestCount("getWithdrawRecord");
            Await.until(10, "six more polls of the paper account's withdrawals",
                    () -> paper.paperExchange().simulator().requestCount("getWithdrawRecord") >= polled + 6);
            assertThat(events).isEmpty();
            assertThat(live.signedRequests()).isZero();
        }
    }
}
