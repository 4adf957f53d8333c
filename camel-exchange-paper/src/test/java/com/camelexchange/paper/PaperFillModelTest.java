package com.camelexchange.paper;

import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.engine.FillModel;
import com.camelexchange.simulator.market.Side;
import com.camelexchange.simulator.market.Trade;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component's paperFillModel and paperLatency, end to end: routes trade on the paper exchange, which follows
 * simulator A's book and tape over HTTP and WebSocket. A's bids at 59990.00 show 1.0.
 */
class PaperFillModelTest {

    /** Waits until the paper exchange took A's trade: what it did with it is then there to read. */
    private static void taken(PaperContext paper, Trade trade) throws InterruptedException {
        Await.until(10, "the paper exchange takes A's trade " + trade.tid(), () -> {
            Trade last = paper.paperExchange().simulator().exchange().lastTrade(BTC);
            return last != null && last.tid() >= trade.tid();
        });
    }

    @Test
    void theQueueModelFillsAnOrderAtItsPriceOnceTradesThereTookTheQueueAhead() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperFillModel("queue"), null)) {
            String id = paper.place(OrderSide.BUY, "59990.00", "0.5");

            taken(paper, live.trade("59990.00", "0.6", Side.SELL));
            assertThat(paper.order(id).tradeAmount()).as("0.6 of the 1.0 ahead").isEqualByComparingTo("0");
            taken(paper, live.trade("59990.00", "0.6", Side.SELL));
            Order order = paper.order(id);
            assertThat(order.tradeAmount()).as("0.4 took the rest of the queue, 0.2 reached the order")
                    .isEqualByComparingTo("0.2");
            assertThat(order.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);

            List<Fill> fills = paper.paperExchange().simulator().fills(paper.paperExchange().accessKey());
            assertThat(fills).singleElement().satisfies(f -> {
                assertThat(f.model()).isEqualTo("queue");
                assertThat(f.limitPrice()).isEqualByComparingTo("59990.00");
                assertThat(f.orderId()).isEqualTo(Long.parseLong(id));
            });
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void underTradeThroughATradeAtThePriceFillsNothing() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperFillModel("tradeThrough"), null)) {
            String id = paper.place(OrderSide.BUY, "59990.00", "0.5");
            taken(paper, live.trade("59990.00", "5", Side.SELL));
            assertThat(paper.order(id).tradeAmount()).isEqualByComparingTo("0");
        }
    }

    /** The default is the queue model: a trade at the price larger than the queue ahead fills the order. */
    @Test
    void byDefaultTheQueueModelFills() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            String id = paper.place(OrderSide.BUY, "59990.00", "0.5");
            taken(paper, live.trade("59990.00", "5", Side.SELL));
            assertThat(paper.order(id).tradeAmount()).as("1.0 ahead, then the order's 0.5").isEqualByComparingTo("0.5");
            assertThat(paper.paperExchange().simulator().exchange().fillModel().kind())
                    .isEqualTo(FillModel.DEFAULT_KIND).isEqualTo(FillModel.Kind.QUEUE);
        }
    }

    /**
     * Latency: the order and the cancel wait until the paper clock, this machine's, is past it. Five seconds, so that
     * the checks made right after placing run well within it; then A's trades and the next call let them through.
     */
    @Test
    void ordersAndCancelsWaitForTheMarketToBePastTheLatency() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.setPaperLatency(5_000), null)) {
            String taker = paper.place(OrderSide.BUY, "60050.00", "0.5");
            String cancelled = paper.place(OrderSide.BUY, "59000.00", "0.2");
            paper.cancel(cancelled);
            Order sent = paper.order(taker);
            assertThat(sent.status()).as("on its way: open, nothing filled").isEqualTo(OrderStatus.PENDING);
            assertThat(sent.tradeAmount()).isEqualByComparingTo("0");
            assertThat(paper.order(cancelled).status()).as("its cancel on its way too").isEqualTo(OrderStatus.PENDING);

            // Trades at 61000.00, through neither order's price, dated within the latency: they let nothing through.
            taken(paper, live.trade("61000.00", "0.01", Side.BUY));
            assertThat(paper.order(taker).tradeAmount()).isEqualByComparingTo("0");
            // Past the latency, the next call lets the order and the cancel through.
            Await.until(20, "the order reached the book", () -> paper.order(taker).tradeAmount().signum() > 0);
            assertThat(paper.order(taker).status()).as("it took A's asks").isEqualTo(OrderStatus.FILLED);
            assertThat(paper.order(cancelled).status()).isEqualTo(OrderStatus.CANCELLED);
            assertThat(paper.order(cancelled).tradeAmount()).isEqualByComparingTo("0");
        }
    }
}
