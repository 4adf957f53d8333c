package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.math.BigDecimal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A plain Java program's client: built, used against the simulator over HTTP, closed. No Camel anywhere. */
class ExchangeClientTest {
    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.activity(false)
            .key("plain", "plain-secret"));

    @Test
    void aProgramReadsATickerPlacesFindsAndCancelsAnOrderThenCloses() {
        ExchangeSimulator simulator = SIMULATOR.get();
        ExchangeClient client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("plain", "plain-secret")
                .build();
        try (client) {
            Ticker ticker = client.ticker("btc_usdt");
            assertThat(ticker.market()).isEqualTo("btc_usdt");
            assertThat(ticker.buy()).isPositive();

            assertThatThrownBy(() -> client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000.123",
                    "0.01"))).as("checked before anything is sent").isInstanceOf(ExchangeValidationException.class);
            PlacedOrder placed = client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000.12", "0.01"));
            assertThat(placed.customerOrderId()).as("variant A: every order carries an id to be found by").isNotBlank();
            assertThat(simulator.account("plain").hasOrder("btc_usdt", placed.customerOrderId())).isTrue();
            Order order = client.order("btc_usdt", placed.id());
            assertThat(order.price()).isEqualByComparingTo(new BigDecimal("1000.12"));
            client.cancelOrder("btc_usdt", placed.id());
            assertThat(client.order("btc_usdt", placed.id()).status()).isEqualTo(OrderStatus.CANCELLED);
            assertThat(client.accountInfo().coins()).isNotEmpty();
        }
        assertThatThrownBy(() -> client.ticker("btc_usdt")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void readsOfSeveralMarketsInTurnEachAskForTheirOwnMarket() {
        ExchangeSimulator simulator = SIMULATOR.get();
        assertThat(simulator.exchange().ticker("btc_usdt").last())
                .isNotEqualByComparingTo(simulator.exchange().ticker("eth_usdt").last());
        try (ExchangeClient client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).build()) {
            // The same address twice, then another, then the first again: each read asks for its own market.
            for (String market : new String[] {"btc_usdt", "btc_usdt", "eth_usdt", "btc_usdt", "eth_usdt"}) {
                Ticker ticker = client.ticker(market);
                assertThat(ticker.market()).isEqualTo(market);
                assertThat(ticker.last()).as(market).isEqualByComparingTo(simulator.exchange().ticker(market).last());
            }
            assertThat(client.depth("eth_usdt", 5).asks()).hasSize(5);
            assertThat(client.depth("eth_usdt", 1).asks()).hasSize(1);
        }
    }

    @Test
    void aClientWithoutAnAddressOrWithABadOneIsRefusedWhenBuilt() {
        assertThatThrownBy(() -> ExchangeClient.builder().build()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("baseUrl");
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl("ftp://example.com").build())
                .isInstanceOf(ExchangeValidationException.class);
    }

    @Test
    void clientsOfSharedResourcesLeaveThemOpenWhenClosed() {
        try (ClientResources shared = ClientResources.builder().build()) {
            ExchangeClient first = ExchangeClient.builder().baseUrl(SIMULATOR.get().baseUrl()).resources(shared).build();
            ExchangeClient second = ExchangeClient.builder().baseUrl(SIMULATOR.get().baseUrl()).resources(shared)
                    .build();
            first.close();
            assertThat(second.ticker("eth_usdt").market()).isEqualTo("eth_usdt");
            assertThat(shared.directories()).containsKey(SIMULATOR.get().baseUrl());
        }
    }

    @Test
    void everySettingIsCheckedWhenTheClientIsBuiltNamingIt() {
        ExchangeClient.Builder good = ExchangeClient.builder().baseUrl("http://127.0.0.1:1");
        assertThatThrownBy(() -> ExchangeClient.builder().build()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("baseUrl");
        assertThatThrownBy(() -> good.requestTimeout(java.time.Duration.ZERO).build())
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("requestTimeout");
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl("http://127.0.0.1:1").maxReplySize(0).build())
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("maxReplySize");
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl("http://127.0.0.1:1").userAgent(" ").build())
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("userAgent");
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl("http://127.0.0.1:1").keys("key", " "))
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("secretKey");
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl("http://127.0.0.1:1")
                .resources(r -> r.streamThreads(0)).build()).isInstanceOf(ExchangeValidationException.class)
                .hasMessageContaining("streamThreads");
        assertThatThrownBy(() -> ClientResources.builder().reconnectDelay(java.time.Duration.ZERO).build())
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("reconnectDelay");
        assertThatThrownBy(() -> ClientResources.builder().proxy("proxy", 70_000).build())
                .isInstanceOf(ExchangeValidationException.class).hasMessageContaining("proxyPort");
    }
}
