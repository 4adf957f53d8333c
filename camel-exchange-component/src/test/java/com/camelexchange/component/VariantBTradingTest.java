package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.OrderType;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Variant;
import org.apache.camel.Exchange;
import org.apache.camel.ResolveEndpointFailedException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Variant B: its status table, no customer order ids, and variant-A features refused before sending. */
class VariantBTradingTest extends TradingTestSupport {

    @BeforeEach
    void start() throws Exception {
        simulator = ExchangeSimulator.builder().variant(Variant.B).seed(42).quiet().build().start();
        simulator.createAccount("alice", "alice-secret");
        simulator.createAccount("bob", "bob-secret");
        startContext(ApiVariant.B, "alice", "alice-secret", null);
    }

    private Order order(String id) {
        return call("exchange:getOrder?market=btc_usdt", null, Map.of(ExchangeConstants.ORDER_ID, id), Order.class);
    }

    @Test
    void statusValuesOfVariantBMapToTheSameMeaning() throws Exception {
        Exchange placed = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.SELL, "65000", "0.5"));
        assertThat(placed.getMessage().getHeader(ExchangeConstants.CUSTOMER_ORDER_ID)).as("none in variant B").isNull();
        String id = placed.getMessage().getBody(PlacedOrder.class).id();
        Order pending = order(id);
        assertThat(pending.rawStatus()).isZero();
        assertThat(pending.status()).isEqualTo(OrderStatus.PENDING);
        assertThat(pending.currency()).isEqualTo("btc");
        assertThat(pending.tradePrice()).isEqualByComparingTo("0");

        var aliceContext = context;
        startContext(ApiVariant.B, "bob", "bob-secret", null);
        call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "65000", "0.2"), PlacedOrder.class);
        template = aliceContext.createProducerTemplate();
        Order partly = order(id);
        assertThat(partly.rawStatus()).isEqualTo(3);
        assertThat(partly.status()).isEqualTo(OrderStatus.PARTIALLY_FILLED);
        assertThat(partly.tradePrice()).isEqualByComparingTo("65000");
        assertThat(partly.remainingAmount()).isEqualByComparingTo("0.3");

        call("exchange:cancelOrder?market=btc_usdt", null, orderId(id), String.class);
        assertThat(order(id).status()).isEqualTo(OrderStatus.CANCELLED);
        assertThat(call("exchange:getOrdersIgnoreTradeType?market=btc_usdt&pageSize=50", null, List.class))
                .as("variant B pages up to 100").hasSize(1);
    }

    @Test
    void accountAndPagedOperationsWorkInVariantB() {
        call("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01"), PlacedOrder.class);
        assertThat(call("exchange:getOrders?market=btc_usdt&tradeType=buy", null, List.class)).hasSize(1);
        assertThat(call("exchange:getUnfinishedOrdersIgnoreTradeType?market=btc_usdt&pageSize=20", null, List.class))
                .hasSize(1);
        var info = call("exchange:getAccountInfo", null, com.camelexchange.client.model.AccountInfo.class);
        assertThat(info.coin("usdt").frozen()).isEqualByComparingTo("600");
        assertThat(call("exchange:getUserAddress?coin=usdt", null, com.camelexchange.client.model.Address.class)
                .address()).startsWith("0x");
        assertThat(call("exchange:getWithdrawAddress?coin=ltc", null, com.camelexchange.client.model.Address.class)
                .address()).startsWith("L");
        assertThat(call("exchange:getWithdrawRecord?coin=eth&pageSize=25", null,
                com.camelexchange.client.model.WithdrawPage.class).records()).hasSize(23);
    }

    @Test
    void variantAFeaturesAreRefusedBeforeSending() {
        long before = simulator.requestCount();
        assertThatThrownBy(() -> context.getEndpoint("exchange:orderMoreV2?market=btc_usdt&tradeType=buy"))
                .isInstanceOf(ResolveEndpointFailedException.class).hasMessageContaining("variant A feature");
        assertThat(send("exchange:getOrder?market=btc_usdt", null, Map.of(ExchangeConstants.CUSTOMER_ORDER_ID,
                "abcd1234")).getException()).hasMessageContaining("variant A feature");
        Exchange postOnly = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01")
                .withOrderType(OrderType.POST_ONLY));
        assertThat(postOnly.getException()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("body orderType");
        Exchange cid = send("exchange:order", OrderRequest.limit("btc_usdt", OrderSide.BUY, "60000", "0.01")
                .withCustomerOrderId("abcd1234"));
        assertThat(cid.getException()).hasMessageContaining("variant A feature");
        assertThat(simulator.requestCount()).as("only the market list was fetched").isLessThanOrEqualTo(before + 1);
        // Variant B publishes no minimums: below variant A's minAmount is fine here.
        assertThat(call("exchange:order", OrderRequest.limit("xrp_usdt", OrderSide.BUY, "0.5", "0.5"),
                PlacedOrder.class).id()).isNotBlank();
    }
}
