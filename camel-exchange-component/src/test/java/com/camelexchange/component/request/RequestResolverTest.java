package com.camelexchange.component.request;

import com.camelexchange.client.ExchangeRequest.CancelOrder;
import com.camelexchange.client.ExchangeRequest.GetDepth;
import com.camelexchange.client.ExchangeRequest.GetOrder;
import com.camelexchange.client.ExchangeRequest.GetOrdersIgnoreTradeType;
import com.camelexchange.client.ExchangeRequest.GetTicker;
import com.camelexchange.client.ExchangeRequest.GetWithdrawRecord;
import com.camelexchange.client.ExchangeRequest.PlaceOrder;
import com.camelexchange.client.ExchangeRequest.PlaceOrders;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.component.ExchangeConfiguration;
import com.camelexchange.component.ExchangeConstants;
import com.camelexchange.component.ExchangeOperation;
import org.apache.camel.CamelContext;
import org.apache.camel.Message;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The resolver on its own: options and a message in, a typed request or a refusal naming where the value came
 * from out. No route, no HTTP and no simulator: these are the rules that need no market data.
 */
class RequestResolverTest {
    /** Only to make messages; never started. */
    private static CamelContext context;

    @BeforeAll
    static void messages() {
        context = new DefaultCamelContext();
    }

    @AfterAll
    static void close() throws Exception {
        context.close();
    }

    private static ExchangeConfiguration config(ApiVariant variant) {
        ExchangeConfiguration config = new ExchangeConfiguration();
        config.setBaseUrl("http://127.0.0.1:1");
        config.setApiVariant(variant);
        config.setAccessKey("access-7f3e");
        config.setSecretKey("secret-9c1d");
        return config;
    }

    private static Message message(Object body, Map<String, Object> headers) {
        Message message = new DefaultMessage(context);
        message.setBody(body);
        headers.forEach(message::setHeader);
        return message;
    }

    private static ExchangeValidationException refusal(Runnable call) {
        ExchangeValidationException[] caught = new ExchangeValidationException[1];
        assertThatThrownBy(call::run).isInstanceOfSatisfying(ExchangeValidationException.class, e -> caught[0] = e);
        return caught[0];
    }

    @Test
    void anOrdersBodyWinsOverAnOptionAndAHeaderMustAgreeWithBoth() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setMarket("eth_usdt");
        config.setTradeType("sell");
        RequestResolver resolver = new RequestResolver(ExchangeOperation.order, config);
        OrderRequest body = OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01");

        PlaceOrder fromBody = resolver.order(message(body, Map.of()));
        assertThat(fromBody.order().market()).isEqualTo("btc_usdt");
        assertThat(fromBody.order().side()).isEqualTo(OrderSide.BUY);
        assertThat(fromBody.origins().price()).isEqualTo("body price");

        PlaceOrder agreeing = resolver.order(message(body, Map.of(ExchangeConstants.PRICE, "60000.00",
                ExchangeConstants.MARKET, "btc_usdt")));
        assertThat(agreeing.order().market()).isEqualTo("btc_usdt");
        assertThat(agreeing.origins().price()).isEqualTo("header CamelExchangePrice");

        // What a ticker consumer of another market leaves on the message: never the order's market by itself.
        ExchangeValidationException market = refusal(() -> resolver.order(message(body,
                Map.of(ExchangeConstants.MARKET, "ltc_usdt"))));
        assertThat(market.parameter()).isEqualTo("header CamelExchangeMarket");
        assertThat(market.getMessage()).contains("'ltc_usdt' differs from the body's market 'btc_usdt'")
                .contains("removeHeaders");
        assertThat(refusal(() -> resolver.order(message(body, Map.of(ExchangeConstants.PRICE, "59000.5"))))
                .parameter()).isEqualTo("header CamelExchangePrice");
        assertThat(refusal(() -> resolver.order(message(body, Map.of(ExchangeConstants.TRADE_TYPE, "sell"))))
                .parameter()).isEqualTo("header CamelExchangeTradeType");

        PlaceOrder fromOptions = resolver.order(message(null, Map.of(ExchangeConstants.PRICE, "1",
                ExchangeConstants.AMOUNT, "2")));
        assertThat(fromOptions.order().market()).isEqualTo("eth_usdt");
        assertThat(fromOptions.order().side()).isEqualTo(OrderSide.SELL);
        assertThat(refusal(() -> resolver.order(message(null, Map.of(ExchangeConstants.PRICE, "1",
                ExchangeConstants.AMOUNT, "2", ExchangeConstants.MARKET, "btc_usdt")))).getMessage())
                .contains("differs from the endpoint's option market 'eth_usdt'");
    }

    @Test
    void aCancelOrABatchTakesNoMarketFromAHeaderThatDiffersFromTheEndpoints() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setMarket("eth_usdt");
        RequestResolver cancel = new RequestResolver(ExchangeOperation.cancelOrder, config);
        assertThat(refusal(() -> cancel.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt",
                ExchangeConstants.ORDER_ID, "7")))).parameter()).isEqualTo("header CamelExchangeMarket");
        assertThat(((CancelOrder) cancel.resolve(message(null, Map.of(ExchangeConstants.MARKET, "eth_usdt",
                ExchangeConstants.ORDER_ID, "7")))).market()).isEqualTo("eth_usdt");

        config.setTradeType("buy");
        RequestResolver batch = new RequestResolver(ExchangeOperation.orderMoreV2, config);
        assertThat(refusal(() -> batch.resolve(message("[[\"3000\", \"0.1\"]]", Map.of(ExchangeConstants.MARKET,
                "btc_usdt")))).parameter()).isEqualTo("header CamelExchangeMarket");
        // No consumer or reply leaves a side: the caller's header wins over the endpoint's, as for any call.
        assertThat(((PlaceOrders) batch.resolve(message("[[\"3000\", \"0.1\"]]", Map.of(ExchangeConstants.TRADE_TYPE,
                "sell")))).side()).isEqualTo(OrderSide.SELL);
    }

    @Test
    void aReadTakesItsMarketFromAHeaderOverTheEndpointsOption() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setMarket("eth_usdt");
        RequestResolver ticker = new RequestResolver(ExchangeOperation.ticker, config);
        assertThat(((GetTicker) ticker.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt"))))
                .market()).isEqualTo("btc_usdt");
    }

    @Test
    void anOrdersPriceAndAmountComeFromTheMessageOnly() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setMarket("btc_usdt");
        config.setTradeType("buy");
        RequestResolver resolver = new RequestResolver(ExchangeOperation.order, config);
        assertThat(refusal(() -> resolver.order(message(null, Map.of(ExchangeConstants.AMOUNT, "1")))).parameter())
                .isEqualTo("price");
        assertThat(refusal(() -> resolver.order(message(null, Map.of(ExchangeConstants.PRICE, "-1",
                ExchangeConstants.AMOUNT, "1")))).parameter()).isEqualTo("header CamelExchangePrice");
    }

    @Test
    void absurdNumbersAreRefusedWithShortMessages() {
        ExchangeConfiguration config = config(ApiVariant.A);
        RequestResolver resolver = new RequestResolver(ExchangeOperation.order, config);
        for (String absurd : new String[] {"1E-999999999", "1E+999999999", "1" + "0".repeat(5000)}) {
            ExchangeValidationException e = refusal(() -> resolver.order(message(
                    Map.of("market", "btc_usdt", "side", "buy", "price", absurd, "amount", "1"), Map.of())));
            assertThat(e.getMessage()).hasSizeLessThan(300);
        }
    }

    @Test
    void aCustomerOrderIdIsCheckedAndVariantBHasNone() {
        RequestResolver a = new RequestResolver(ExchangeOperation.order, config(ApiVariant.A));
        Map<String, Object> order = Map.of("market", "btc_usdt", "side", "buy", "price", "1", "amount", "1");
        assertThat(refusal(() -> a.order(message(order, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, "no-dashes"))))
                .parameter()).isEqualTo("header CamelExchangeCustomerOrderId");
        RequestResolver b = new RequestResolver(ExchangeOperation.order, config(ApiVariant.B));
        assertThat(refusal(() -> b.order(message(order, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, "grid0001"))))
                .getMessage()).contains("variant A");
        assertThat(refusal(() -> b.idempotencyKey(message(order, Map.of(ExchangeConstants.IDEMPOTENCY_KEY, "msg-1"))))
                .getMessage()).contains("variant A");
    }

    @Test
    void whichOrderComesFromTheMessageTheNumberFirst() {
        RequestResolver resolver = new RequestResolver(ExchangeOperation.getOrder, config(ApiVariant.A));
        GetOrder both = (GetOrder) resolver.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt",
                ExchangeConstants.ORDER_ID, 42L, ExchangeConstants.CUSTOMER_ORDER_ID, "grid0001")));
        assertThat(both.order().id()).isEqualTo(42L);
        assertThat(refusal(() -> resolver.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt"))))
                .parameter()).isEqualTo("header CamelExchangeOrderId");
    }

    @Test
    void pageSizesFollowTheOperationsRule() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setPageSize(25);
        new RequestResolver(ExchangeOperation.getWithdrawRecord, config).checkOptions();
        new RequestResolver(ExchangeOperation.order, config).checkOptions();
        new RequestResolver(ExchangeOperation.getAccountInfo, config).checkOptions();
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.getOrdersIgnoreTradeType, config).checkOptions())
                .parameter()).isEqualTo("option pageSize");

        GetWithdrawRecord records = (GetWithdrawRecord) new RequestResolver(ExchangeOperation.getWithdrawRecord, config)
                .resolve(message(null, Map.of(ExchangeConstants.COIN, "btc")));
        assertThat(records.pageSize()).isEqualTo(25);
        GetOrdersIgnoreTradeType orders = (GetOrdersIgnoreTradeType) new RequestResolver(
                ExchangeOperation.getOrdersIgnoreTradeType, config(ApiVariant.A))
                .resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt", ExchangeConstants.PAGE_SIZE, "7")));
        assertThat(orders.pageSize()).isEqualTo(7);
    }

    @Test
    void pageIndexesStopAtTenThousand() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setPageIndex(10_000);
        new RequestResolver(ExchangeOperation.getWithdrawRecord, config).checkOptions();
        config.setPageIndex(Integer.MAX_VALUE);
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.getWithdrawRecord, config).checkOptions())
                .getMessage()).isEqualTo("Invalid option pageIndex: 2147483647 is out of range; allowed 1-10000");
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.getOrdersIgnoreTradeType, config(ApiVariant.A))
                .resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt", ExchangeConstants.PAGE_INDEX,
                        "10001")))).parameter()).isEqualTo("header " + ExchangeConstants.PAGE_INDEX);
    }

    @Test
    void optionsAreCheckedWithoutAMessage() {
        ExchangeConfiguration badUrl = config(ApiVariant.A);
        badUrl.setTradeUrl("http://h:99999");
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.ticker, badUrl).checkOptions()).parameter())
                .isEqualTo("option tradeUrl");
        ExchangeConfiguration noKeys = config(ApiVariant.A);
        noKeys.setSecretKey(null);
        new RequestResolver(ExchangeOperation.ticker, noKeys).checkOptions();
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.getAccountInfo, noKeys).checkOptions())
                .getMessage()).contains("accessKey and secretKey").doesNotContain("access-7f3e");
        ExchangeConfiguration badMerge = config(ApiVariant.A);
        badMerge.setMerge("-0.1");
        assertThat(refusal(() -> new RequestResolver(ExchangeOperation.depth, badMerge)).parameter())
                .isEqualTo("option merge");
    }

    @Test
    void depthTakesItsSizeAndMergeFromHeaderOrOption() {
        ExchangeConfiguration config = config(ApiVariant.A);
        config.setMerge("0.1");
        RequestResolver resolver = new RequestResolver(ExchangeOperation.depth, config);
        GetDepth depth = (GetDepth) resolver.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt",
                ExchangeConstants.SIZE, 20)));
        assertThat(depth.size()).isEqualTo(20);
        assertThat(depth.merge()).isEqualByComparingTo("0.1");
        assertThat(refusal(() -> resolver.resolve(message(null, Map.of(ExchangeConstants.MARKET, "btc_usdt",
                ExchangeConstants.SIZE, 51)))).parameter()).isEqualTo("header CamelExchangeSize");
        assertThat(refusal(() -> resolver.resolve(message(null, Map.of(ExchangeConstants.MARKET, "BTC-USDT"))))
                .parameter()).isEqualTo("header CamelExchangeMarket");
    }
}
