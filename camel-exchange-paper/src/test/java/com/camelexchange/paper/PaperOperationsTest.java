package com.camelexchange.paper;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeDuplicateOrderIdException;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.simulator.Variant;
import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import static com.camelexchange.paper.LiveStandIn.BTC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The signed operations of the routes in paper mode, each served by the paper exchange as the live service would
 * serve it, refusals included, on A's book (asks 60000.00 x 0.3, 60010.00 x 0.4, 60100.00 x 1; bids 59990.00 x 1,
 * 59980.00 x 2) with 100,000 usdt and 2 btc; A receives no signed request.
 */
class PaperOperationsTest {

    private static List<PriceAmount> pairs(String... pricesAndAmounts) {
        List<PriceAmount> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < pricesAndAmounts.length; i += 2) {
            pairs.add(new PriceAmount(new BigDecimal(pricesAndAmounts[i]), new BigDecimal(pricesAndAmounts[i + 1])));
        }
        return pairs;
    }

    @SuppressWarnings("unchecked")
    private static List<Order> orders(PaperContext paper, String uri) {
        return paper.call(uri, null, Map.of(), List.class);
    }

    private static void assertRefused(Exchange reply, int code, ErrorCategory category) {
        assertThat(reply.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.category()).isEqualTo(category);
        });
    }

    @Test
    @SuppressWarnings("unchecked")
    void batchesAndTheOrderQueriesAnswerForThePaperAccount() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            List<String> buys = paper.call("exchange:orderMoreV2?market=" + BTC + "&tradeType=buy",
                    pairs("60000.00", "0.1", "59000.00", "0.01"), Map.of(), List.class);
            List<String> sells = paper.call("exchange:orderMoreV2?market=" + BTC + "&tradeType=sell",
                    "[[\"61000.00\", \"0.05\"], [62000, 0.05]]", Map.of(), List.class);
            assertThat(buys).hasSize(2);
            assertThat(sells).hasSize(2);

            Order crossing = paper.order(buys.get(0));
            assertThat(crossing.status()).as("a pair crossing A's book takes it").isEqualTo(OrderStatus.FILLED);
            assertThat(crossing.tradeMoney()).isEqualByComparingTo("6000");
            assertThat(paper.order(buys.get(1)).status()).isEqualTo(OrderStatus.PENDING);
            AccountInfo account = paper.account();
            assertThat(account.coin("usdt").frozen()).as("59000 x 0.01").isEqualByComparingTo("590");
            assertThat(account.coin("btc").frozen()).isEqualByComparingTo("0.1");

            assertThat(orders(paper, "exchange:getOrders?market=" + BTC + "&tradeType=buy")).extracting(Order::id)
                    .containsExactlyInAnyOrderElementsOf(buys);
            assertThat(orders(paper, "exchange:getOrders?market=" + BTC + "&tradeType=sell")).extracting(Order::id)
                    .containsExactlyInAnyOrderElementsOf(sells);
            List<Order> all = orders(paper, "exchange:getOrdersIgnoreTradeType?market=" + BTC + "&pageSize=10");
            assertThat(all).extracting(Order::id).as("newest first").containsExactly(sells.get(1), sells.get(0),
                    buys.get(1), buys.get(0));
            assertThat(orders(paper, "exchange:getOrdersIgnoreTradeType?market=" + BTC + "&pageSize=2"))
                    .extracting(Order::id).containsExactly(sells.get(1), sells.get(0));
            assertThat(orders(paper, "exchange:getUnfinishedOrdersIgnoreTradeType?market=" + BTC))
                    .extracting(Order::id).containsExactlyInAnyOrder(buys.get(1), sells.get(0), sells.get(1));
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void refusalsAreThoseOfTheLiveService() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            PlacedOrder first = paper.call("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "0.01")
                    .withCustomerOrderId("paper0001"), Map.of(), PlacedOrder.class);
            Exchange again = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "58000.00", "0.01")
                    .withCustomerOrderId("paper0001"), Map.of());
            assertThat(again.getException()).as("3012: the id names another order")
                    .isInstanceOfSatisfying(ExchangeDuplicateOrderIdException.class, e -> {
                        assertThat(e.code()).isEqualTo(3012);
                        assertThat(e.existing().id()).isEqualTo(first.id());
                    });

            assertRefused(paper.send("exchange:cancelOrder?market=" + BTC, null,
                    Map.of(ExchangeConstants.ORDER_ID, "202611250000009999")), 3001, ErrorCategory.ORDER_NOT_FOUND);
            assertRefused(paper.send("exchange:getOrder?market=" + BTC, null,
                    Map.of(ExchangeConstants.ORDER_ID, "202611250000009999")), 3001, ErrorCategory.ORDER_NOT_FOUND);
            Exchange tooDear = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "2"),
                    Map.of());
            assertRefused(tooDear, 2009, ErrorCategory.INSUFFICIENT_FUNDS);
            Exchange tooMuch = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.SELL, "61000.00", "3"),
                    Map.of());
            assertRefused(tooMuch, 2002, ErrorCategory.INSUFFICIENT_FUNDS);

            AccountInfo account = paper.account();
            assertThat(account.coin("usdt").frozen()).as("only the first order's").isEqualByComparingTo("590");
            assertThat(account.coin("usdt").available()).isEqualByComparingTo("99410");
            assertThat(account.coin("btc").available()).isEqualByComparingTo("2");
            assertThat(paper.paperExchange().simulator().account(paper.paperExchange().accessKey())
                    .orderCount(BTC)).as("none of the refused was placed").isEqualTo(1);
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void iocTakesWhatTheBookShowsAndPostOnlyIsRefusedWhenItWouldTake() throws Exception {
        try (LiveStandIn live = new LiveStandIn().withBook();
             PaperContext paper = PaperContext.paper(live, c -> { }, null)) {
            String ioc = paper.call("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "60010.00", "1")
                    .withOrderType(OrderType.IOC), Map.of(), PlacedOrder.class).id();
            Order taken = paper.order(ioc);
            assertThat(taken.tradeAmount()).as("0.3 at 60000 and 0.4 at 60010").isEqualByComparingTo("0.7");
            assertThat(taken.tradeMoney()).isEqualByComparingTo("42004");
            assertThat(taken.rawStatus()).as("variant A: cancelled after a partial fill").isEqualTo(2);
            assertThat(paper.account().coin("usdt").frozen()).as("the rest is not left resting")
                    .isEqualByComparingTo("0");

            Exchange crossing = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.SELL, "59990.00", "0.1")
                    .withOrderType(OrderType.POST_ONLY), Map.of());
            assertRefused(crossing, 3011, ErrorCategory.INVALID_ORDER);
            String resting = paper.call("exchange:order", OrderRequest.limit(BTC, OrderSide.SELL, "60050.00", "0.1")
                    .withOrderType(OrderType.POST_ONLY), Map.of(), PlacedOrder.class).id();
            assertThat(paper.order(resting).status()).isEqualTo(OrderStatus.PENDING);

            live.trade("60100.00", "0.04", Side.BUY);
            Await.until(10, "a trade through the PostOnly sell fills it",
                    () -> paper.order(resting).tradeAmount().signum() > 0);
            List<Fill> fills = paper.paperExchange().simulator().fills(paper.paperExchange().accessKey());
            assertThat(fills).extracting(Fill::maker).containsExactly(false, false, true);
            assertThat(fills.get(2).price()).as("at its own price").isEqualByComparingTo("60050.00");
            assertThat(live.signedRequests()).isZero();
        }
    }

    @Test
    void variantBHasItsStatusValuesAndPaging() throws Exception {
        try (LiveStandIn live = new LiveStandIn(Variant.B).withBook();
             PaperContext paper = PaperContext.paper(live, c -> c.getConfiguration().setApiVariant(ApiVariant.B),
                     null)) {
            Exchange placed = paper.send("exchange:order", OrderRequest.limit(BTC, OrderSide.BUY, "59000.00", "0.2"),
                    Map.of());
            assertThat(placed.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)).as("none in variant B")
                    .isNull();
            String resting = placed.getMessage().getBody(PlacedOrder.class).id();
            Order pending = paper.order(resting);
            assertThat(pending.rawStatus()).isZero();
            assertThat(pending.currency()).as("variant B names the trade coin").isEqualTo("btc");

            live.trade("58990.00", "0.05", Side.SELL);
            Await.until(10, "a trade through fills part of it", () -> paper.order(resting).tradeAmount().signum() > 0);
            Order partly = paper.order(resting);
            assertThat(partly.rawStatus()).isEqualTo(3);
            assertThat(partly.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);
            assertThat(partly.tradePrice()).as("the average price, sent by variant B").isEqualByComparingTo("59000");

            String taker = paper.place(OrderSide.BUY, "60050.00", "0.5");
            Order filled = paper.order(taker);
            assertThat(filled.rawStatus()).isEqualTo(2);
            assertThat(filled.tradePrice()).as("30002 / 0.5").isEqualByComparingTo("60004");
            paper.cancel(resting);
            assertThat(paper.order(resting).rawStatus()).isEqualTo(1);
            assertThat(orders(paper, "exchange:getOrdersIgnoreTradeType?market=" + BTC + "&pageSize=50"))
                    .as("variant B pages up to 100").extracting(Order::id).containsExactly(taker, resting);
            assertThat(live.signedRequests()).isZero();
        }
    }
}
