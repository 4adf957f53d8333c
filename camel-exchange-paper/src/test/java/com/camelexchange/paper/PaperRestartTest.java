package com.camelexchange.paper;

import com.camelexchange.component.model.AccountInfo;
import com.camelexchange.component.model.Order;
import com.camelexchange.component.model.OrderSide;
import com.camelexchange.component.model.OrderStatus;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.support.processor.state.MemoryStateRepository;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A paper account kept in a state repository survives a restart: balances, open orders and their fills go on. Both
 * runs follow the live market by polling it over REST rather than streaming.
 */
class PaperRestartTest {

    @Test
    void aRestartWithTheStateRepositoryKeepsBalancesAndOpenOrders() throws Exception {
        MemoryStateRepository repository = new MemoryStateRepository();
        AccountInfo before;
        String open;
        String offer;
        try (LiveStandIn live = new LiveStandIn().withBook()) {
            try (PaperContext first = PaperContext.paper(live, c -> {
                c.setPaperStateRepository(repository);
                c.setPaperStreaming(false);
                c.setPaperPollDelay(20);
            }, null)) {
                first.place(OrderSide.BUY, "60050.00", "0.5");
                open = first.place(OrderSide.BUY, "59000.00", "0.2");
                offer = first.place(OrderSide.SELL, "61000.00", "0.1");
                live.trade("58990.00", "0.05", Side.SELL);
                Await.until(10, "the polled trade fills part of the open buy",
                        () -> first.order(open).tradeAmount().signum() > 0);
                before = first.account();
            }
            assertThat(repository.getState("camel-exchange-paper")).as("saved when the component stopped")
                    .contains("\"accounts\"").doesNotContain("real-secret");

            try (PaperContext second = PaperContext.paper(live, c -> {
                c.setPaperStateRepository(repository);
                c.setPaperStreaming(false);
                c.setPaperPollDelay(20);
                c.setPaperBalances("usdt=1");
            }, null)) {
                AccountInfo after = second.account();
                for (String coin : List.of("btc", "usdt")) {
                    assertThat(after.coin(coin).available()).as(coin).isEqualByComparingTo(before.coin(coin).available());
                    assertThat(after.coin(coin).frozen()).as(coin).isEqualByComparingTo(before.coin(coin).frozen());
                }
                @SuppressWarnings("unchecked")
                List<Order> unfinished = second.call("exchange:getUnfinishedOrdersIgnoreTradeType?market="
                        + LiveStandIn.BTC, null, Map.of(), List.class);
                assertThat(unfinished).extracting(Order::id).containsExactlyInAnyOrder(open, offer);
                assertThat(second.order(open).tradeAmount()).isEqualByComparingTo("0.05");

                live.trade("58900.00", "1", Side.SELL);
                Await.until(10, "the kept order fills on after the restart",
                        () -> second.order(open).status() == OrderStatus.FILLED);
                String next = second.place(OrderSide.BUY, "50000.00", "0.01");
                assertThat(Long.parseLong(next)).as("ids go on").isGreaterThan(Long.parseLong(offer));
            }
            assertThat(live.signedRequests()).isZero();
        }
    }
}
