package com.camelexchange.paper;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Paper mode on a live market: simulator A stands in for the live service, and the component's routes trade on the
 * paper exchange while reading A's market, over HTTP and A's WebSocket.
 */
class PaperOnLiveTest {

    @Test
    void noSignedRequestReachesTheLiveServiceAndFillsFollowItsBookAndTape() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            // Crossing: A's asks are taken best first, at their prices, no more than each shows.
            String taker = paper.place(OrderSide.BUY, "60050.00", "0.5");
            Order taken = paper.order(taker);
            assertThat(taken.status()).isEqualTo(OrderStatus.FILLED);
            assertThat(taken.tradeMoney()).as("0.3 x 60000 + 0.2 x 60010").isEqualByComparingTo("30002");

            // Resting: only a trade of A's tape through its price fills it, at its price, for at most that trade.
            String resting = paper.place(OrderSide.BUY, "59000.00", "0.2");
            live.trade("59000.00", "0.5", Side.SELL);
            Trade through = live.trade("58990.00", "0.05", Side.SELL);
            Await.until(10, "the trade through fills the resting order",
                    () -> paper.order(resting).tradeAmount().signum() > 0);
            Order part = paper.order(resting);
            assertThat(part.tradeAmount()).as("the amount of the one trade through").isEqualByComparingTo("0.05");
            assertThat(part.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);
            paper.cancel(resting);
            assertThat(paper.order(resting).status()).isEqualTo(OrderStatus.CANCELLED);

            List<Fill> fills = paper.paperExchange().simulator().fills(paper.paperExchange().accessKey());
            assertThat(fills).extracting(Fill::price).containsExactly(new BigDecimal("60000.00"),
                    new BigDecimal("60010.00"), new BigDecimal("59000.00"));
            assertThat(fills).extracting(Fill::amount).containsExactly(new BigDecimal("0.3000"),
                    new BigDecimal("0.2000"), new BigDecimal("0.0500"));
            assertThat(fills.get(2).maker()).isTrue();
            assertThat(through.price()).as("the trade was through the order's price")
                    .isLessThan(fills.get(2).price());

            // The balances add up to the cent: what the fills moved, less the fees they paid.
            AccountInfo account = paper.account();
            BigDecimal feeBtc = fills.stream().map(Fill::fee).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertThat(feeBtc).as("0.2% of 0.5 as taker, of 0.05 as maker").isEqualByComparingTo("0.0011");
            assertThat(account.coin("btc").total()).isEqualByComparingTo(new BigDecimal("2.55").subtract(feeBtc));
            assertThat(account.coin("usdt").total()).as("100000 - 30002 - 0.05 x 59000")
                    .isEqualByComparingTo("67048");
            assertThat(account.coin("usdt").frozen()).isEqualByComparingTo("0");

            assertThat(live.signedRequests()).as("signed requests A received").isZero();
            assertThat(live.simulator().account(LiveStandIn.REAL_KEY).fills()).isEmpty();
        }
    }
}
