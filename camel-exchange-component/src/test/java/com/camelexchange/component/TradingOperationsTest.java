package com.camelexchange.component;

import com.camelexchange.client.error.ErrorCategory;
import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.WithdrawPage;
import com.camelexchange.client.model.WithdrawStatus;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Permission;
import com.camelexchange.simulator.SimulatorAccount;
import org.apache.camel.Exchange;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every signed operation of variant A as a producer, its typed reply, and each kind of refusal. */
class TradingOperationsTest extends TradingTestSupport {
    private SimulatorAccount alice;

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().seed(42).quiet().build().start();
        alice = simulator.createAccount("alice", "alice-secret");
        startContext(ApiVariant.A, "alice", "alice-secret", null);
    }

    private PlacedOrder place(String price, String amount) {
        return call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, price, amount), PlacedOrder.class);
    }

    @Test
    void placeQueryAndCancelAnOrderEveryWay() {
        Exchange placedExchange = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01"));
        PlacedOrder placed = placedExchange.getMessage().getBody(PlacedOrder.class);
        String cid = placedExchange.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID, String.class);
        assertThat(cid).as("generated before sending").matches("[0-9a-f]{32}");
        assertThat(placed.customerOrderId()).isEqualTo(cid);
        assertThat(placedExchange.getMessage().getHeader(ExchangeConstants.ORDER_ID)).isEqualTo(placed.id());
        assertThat(alice.frozen("usdt")).isEqualByComparingTo("600");

        Order byId = call("exchange:getOrder?market=btc_usdt", null, Map.of(ExchangeConstants.ORDER_ID, placed.id()),
                Order.class);
        assertThat(byId.status()).isEqualTo(OrderStatus.PENDING);
        assertThat(byId.rawStatus()).isEqualTo(3);
        assertThat(byId.side()).isEqualTo(OrderSide.BUY);
        assertThat(byId.price()).isEqualByComparingTo("60000");
        Order byCid = call("exchange:getOrder?market=btc_usdt", null, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, cid),
                Order.class);
        assertThat(byCid.id()).isEqualTo(placed.id());

        assertThat(call("exchange:getOrders?market=btc_usdt&tradeType=buy", null, List.class)).hasSize(1);
        assertThat(call("exchange:getOrders?market=btc_usdt&tradeType=sell", null, List.class)).isEmpty();
        assertThat(call("exchange:getOrdersIgnoreTradeType?market=btc_usdt", null, List.class)).hasSize(1);
        assertThat(call("exchange:getUnfinishedOrdersIgnoreTradeType?market=btc_usdt", null, List.class)).hasSize(1);

        call("exchange:cancelOrder?market=btc_usdt", null, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID, cid), String.class);
        assertThat(call("exchange:getOrder?market=btc_usdt", null, orderId(placed.id()), Order.class).status())
                .isEqualTo(OrderStatus.CANCELLED);
        assertThat(alice.frozen("usdt")).isEqualByComparingTo("0");
        assertThat(call("exchange:getUnfinishedOrdersIgnoreTradeType?market=btc_usdt", null, List.class))
                .as("the exchange's 3001 becomes an empty list").isEmpty();
        // Cancelling again: the order is already cancelled, which counts as done.
        assertThat(send("exchange:cancelOrder?market=btc_usdt", null, orderId(placed.id())).getException()).isNull();
    }

    @Test
    void aRouteChainsOrderGetOrderAndCancelOnTheHeadersEachLeaves() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:chain").to("exchange:order").to("exchange:getOrder?market=btc_usdt")
                        .to("exchange:cancelOrder?market=btc_usdt").to("exchange:getOrder?market=btc_usdt");
            }
        });
        Order order = call("direct:chain", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01"), Order.class);
        assertThat(order.status()).isEqualTo(OrderStatus.CANCELLED);
        assertThat(alice.openOrderCount("btc_usdt")).isZero();
    }

    @Test
    @SuppressWarnings("unchecked")
    void batchesAcceptTypedPairsAndJsonText() {
        List<String> ids = call("exchange:orderMoreV2?market=btc_usdt&tradeType=buy",
                List.of(new PriceAmount(new BigDecimal("60000"), new BigDecimal("0.01")),
                        new PriceAmount(new BigDecimal("59000"), new BigDecimal("0.02"))), List.class);
        assertThat(ids).hasSize(2).doesNotContainNull();
        List<String> fromJson = call("exchange:orderMoreV2?market=eth_usdt&tradeType=sell",
                "[[\"4000\", \"0.5\"], [4100, 0.25]]", List.class);
        assertThat(fromJson).hasSize(2);
        assertThat(alice.openOrderCount("btc_usdt")).isEqualTo(2);
        assertThat(alice.frozen("eth")).isEqualByComparingTo("0.75");
    }

    @Test
    void ordersMayArriveAsAMapOrJsonTextAndHeadersCompleteButNeverContradictThem() {
        PlacedOrder fromMap = call("exchange:order", Map.of("market", "btc_usdt", "side", "buy", "price", "61000",
                "amount", "0.01"), PlacedOrder.class);
        PlacedOrder fromJson = call("exchange:order",
                "{\"market\":\"btc_usdt\",\"side\":\"sell\",\"price\":\"70000.5\",\"amount\":0.02,"
                + "\"customerOrderId\":\"grid0001\"}", PlacedOrder.class);
        assertThat(fromJson.customerOrderId()).isEqualTo("grid0001");
        PlacedOrder completed = call("exchange:order", Map.of("market", "btc_usdt", "side", "buy",
                "amount", "0.01"), Map.of(ExchangeConstants.PRICE, "62000"), PlacedOrder.class);
        Order order = call("exchange:getOrder?market=btc_usdt", null, orderId(completed.id()), Order.class);
        assertThat(order.price()).as("the header gives what the body leaves out").isEqualByComparingTo("62000");
        Exchange contradicted = template.request("exchange:order", e -> {
            e.getMessage().setBody(Map.of("market", "btc_usdt", "side", "buy", "price", "2", "amount", "0.01"));
            e.getMessage().setHeader(ExchangeConstants.PRICE, "62000");
        });
        assertThat(contradicted.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("header CamelExchangePrice").hasMessageContaining("differs from the body's price");
        assertThat(alice.openOrderCount("btc_usdt")).as("nothing sent for the contradiction").isEqualTo(3);
        assertThat(fromMap.id()).isNotEqualTo(fromJson.id());
    }

    @Test
    void aYamlRouteSendsAnOrderAsJsonText() throws Exception {
        PluginHelper.getRoutesLoader(context).loadRoutes(
                PluginHelper.getResourceLoader(context).resolveResource("classpath:routes/order-json.yaml"));
        MockEndpoint placed = context.getEndpoint("mock:placed", MockEndpoint.class);
        placed.expectedMessageCount(1);
        template.sendBody("direct:placeJson", null);
        placed.assertIsSatisfied();
        assertThat(placed.getExchanges().get(0).getMessage().getBody()).isInstanceOf(PlacedOrder.class);
        assertThat(alice.frozen("usdt")).isEqualByComparingTo("600");
    }

    @Test
    void accountAddressesAndWithdrawalsAreTyped() {
        AccountInfo info = call("exchange:getAccountInfo", null, AccountInfo.class);
        assertThat(info.coin("usdt").available()).isEqualByComparingTo("1000000");
        assertThat(info.coin("btc").frozen()).isEqualByComparingTo("0");
        assertThat(info.entrustPerm()).isTrue();
        assertThat(info.username()).isNotBlank();

        Address deposit = call("exchange:getUserAddress?coin=eth", null, Address.class);
        assertThat(deposit.address()).matches("0x[0-9a-f]{40}");
        Address withdraw = call("exchange:getWithdrawAddress", null, Map.of(ExchangeConstants.COIN, "btc"), Address.class);
        assertThat(withdraw.coin()).isEqualTo("btc");

        Set<WithdrawStatus> statuses = new HashSet<>();
        int records = 0;
        for (int page = 1; page <= 3; page++) {
            WithdrawPage p = call("exchange:getWithdrawRecord?coin=btc&pageSize=10&pageIndex=" + page, null,
                    WithdrawPage.class);
            assertThat(p.totalCount()).isEqualTo(23);
            assertThat(p.totalPage()).isEqualTo(3);
            records += p.records().size();
            p.records().forEach(r -> statuses.add(r.status()));
        }
        assertThat(records).isEqualTo(23);
        assertThat(call("exchange:getWithdrawRecord?coin=btc&pageSize=25", null, WithdrawPage.class).records())
                .as("withdrawal records are not capped at the order queries' 10").hasSize(23);
        assertThat(statuses).containsExactlyInAnyOrder(WithdrawStatus.SUBMITTED, WithdrawStatus.FAILED,
                WithdrawStatus.SUCCESS, WithdrawStatus.CANCELLED, WithdrawStatus.CONFIRMED);
    }

    @Test
    void aComponentPageSizeForWithdrawalRecordsLeavesEndpointsThatReadNoPagesAlone() {
        context.getComponent("exchange", ExchangeComponent.class).getConfiguration().setPageSize(25);
        assertThat(call("exchange:getWithdrawRecord?coin=btc", null, WithdrawPage.class).records()).hasSize(23);
        assertThat(place("60000", "0.01").id()).isNotBlank();
        assertThat(call("exchange:getAccountInfo", null, AccountInfo.class).username()).isNotBlank();
        assertThat(call("exchange:getOrders?market=btc_usdt&tradeType=buy", null, List.class)).hasSize(1);
        assertThatThrownBy(() -> context.getEndpoint("exchange:getOrdersIgnoreTradeType?market=btc_usdt"))
                .isInstanceOf(ResolveEndpointFailedException.class).rootCause()
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("option pageSize");
    }

    @Test
    void badOrdersAreRefusedBeforeAnyRequestNamingTheParameter() {
        call("exchange:markets", null, Map.class);
        long before = simulator.requestCount();
        assertRefused(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000.001", "0.01")),
                "body price", "more than 2 decimals");
        assertRefused(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "-5", "0.01")),
                "body price", "positive");
        assertRefused(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.00001")),
                "body amount", "more than 4 decimals");
        assertRefused(send("exchange:order", OrderRequest.limit("xrp_usdt", OrderSide.BUY, "0.5", "0.5")),
                "body amount", "below the minimum amount 1");
        assertRefused(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000", "0.0001")),
                "body amount", "minimum 1 usdt");
        assertRefused(send("exchange:order", Map.of("market", "btc_usdt", "price", "60000", "amount", "0.01")),
                "option tradeType", "buy or sell");
        assertRefused(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01")
                .withCustomerOrderId("no-dashes-allowed")), "body customerOrderId", "4-36 letters or digits");
        assertRefused(send("exchange:order", OrderRequest.limit("doge_usdt", OrderSide.BUY, "1", "10")),
                "body market", "unknown market");
        assertRefused(send("exchange:getOrder?market=btc_usdt", null), "header CamelExchangeOrderId",
                "the order is required");
        assertRefused(send("exchange:getOrdersIgnoreTradeType?market=btc_usdt", null,
                Map.of(ExchangeConstants.PAGE_SIZE, 11)), "header CamelExchangePageSize", "1-10");
        assertRefused(send("exchange:getUserAddress", null, Map.of(ExchangeConstants.COIN, "BTC!")),
                "header CamelExchangeCoin", "lower-case");
        StringBuilder tooMany = new StringBuilder("[");
        for (int i = 0; i < 21; i++) {
            tooMany.append(i == 0 ? "" : ",").append("[60000,0.01]");
        }
        assertRefused(send("exchange:orderMoreV2?market=btc_usdt&tradeType=buy", tooMany.append("]").toString()),
                "body", "1-20");
        assertThat(simulator.requestCount()).as("nothing was sent").isEqualTo(before);
    }

    @Test
    void roundDownTrimsExtraDecimalsInsteadOfRefusing() {
        PlacedOrder placed = call("exchange:order?roundDown=true",
                OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000.019", "0.012345"), PlacedOrder.class);
        Order order = call("exchange:getOrder?market=btc_usdt", null, orderId(placed.id()), Order.class);
        assertThat(order.price()).isEqualByComparingTo("60000.01");
        assertThat(order.totalAmount()).isEqualByComparingTo("0.0123");
    }

    @Test
    void refusalsOfTheExchangeArriveWithTheirCategory() throws Exception {
        Exchange tooMuch = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "65000", "100"));
        assertCategory(tooMuch, 2009, ErrorCategory.INSUFFICIENT_FUNDS);

        place("60000", "0.01");
        SimulatorAccount bob = simulator.createAccount("bob", "bob-secret");
        startContext(ApiVariant.A, "bob", "bob-secret", null);
        call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.SELL, "60000", "0.001"), PlacedOrder.class);
        Exchange postOnly = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.SELL, "60000", "0.001")
                .withOrderType(OrderType.POST_ONLY));
        assertCategory(postOnly, 3011, ErrorCategory.INVALID_ORDER);
        assertCategory(send("exchange:getOrder?market=btc_usdt", null, orderId(123)), 3001,
                ErrorCategory.ORDER_NOT_FOUND);
        assertThat(bob.orderCount("btc_usdt")).isEqualTo(1);

        startContext(ApiVariant.A, "bob", "not-bobs-secret", null);
        assertCategory(send("exchange:getAccountInfo", null), 1003, ErrorCategory.AUTHENTICATION);

        simulator.createAccount("viewer", "viewer-secret", Permission.ASSET);
        startContext(ApiVariant.A, "viewer", "viewer-secret", null);
        assertCategory(send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01")), 1012,
                ErrorCategory.PERMISSION);
        assertThat(call("exchange:getAccountInfo", null, AccountInfo.class).entrustPerm()).isFalse();
    }

    @Test
    void signedEndpointsNeedKeysAndAreProducersOnly() throws Exception {
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setSecretKey(null);
        assertThatThrownBy(() -> context.getEndpoint("exchange:getAccountInfo?pageSize=5"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("accessKey and secretKey");
        component.getConfiguration().setSecretKey("alice-secret");
        assertThatThrownBy(() -> context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("exchange:getAccountInfo").to("log:x");
            }
        })).hasStackTraceContaining("producer only");
    }

    @Test
    void aBadAddressIsRefusedWhenTheEndpointIsCreatedNamingTheOptionNotTheKey() {
        for (String uri : List.of("exchange:getAccountInfo?tradeUrl=http://bad host", "exchange:getAccountInfo?tradeUrl=ftp://x",
                "exchange:ticker?market=btc_usdt&baseUrl=http://[x", "exchange:getAccountInfo?tradeUrl=http://h/?q=1",
                "exchange:getAccountInfo?tradeUrl=http://h:99999")) {
            assertThatThrownBy(() -> context.getEndpoint(uri)).isInstanceOf(ResolveEndpointFailedException.class)
                    .rootCause().isInstanceOf(ExchangeValidationException.class)
                    .hasMessageMatching("Invalid option (tradeUrl|baseUrl): .*")
                    .hasMessageNotContaining("alice").hasMessageNotContaining("sign=");
        }
        ExchangeEndpoint endpoint = context.getEndpoint("exchange:getAccountInfo", ExchangeEndpoint.class);
        assertThat(endpoint.client().toString()).doesNotContain("alice").doesNotContain("alice-secret");
        assertThat(new com.camelexchange.client.internal.http.Credentials("alice", "alice-secret").toString())
                .doesNotContain("alice");
    }

    private static void assertRefused(Exchange exchange, String parameter, String problem) {
        assertThat(exchange.getException()).isInstanceOfSatisfying(ExchangeValidationException.class, e -> {
            assertThat(e.parameter()).isEqualTo(parameter);
            assertThat(e.getMessage()).contains(problem);
        });
    }

    private static void assertCategory(Exchange exchange, int code, ErrorCategory category) {
        assertThat(exchange.getException()).isInstanceOfSatisfying(ExchangeErrorReplyException.class, e -> {
            assertThat(e.code()).isEqualTo(code);
            assertThat(e.category()).isEqualTo(category);
        });
    }
}
