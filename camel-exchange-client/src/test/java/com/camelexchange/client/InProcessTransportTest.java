package com.camelexchange.client;

import com.camelexchange.client.internal.http.ClientSettings;

import com.camelexchange.client.internal.http.RetryPolicy;
import com.camelexchange.client.spi.CallTransport;
import com.camelexchange.client.spi.InProcessTransport;
import com.camelexchange.client.spi.SignedCallRedirect;

import com.camelexchange.client.error.ExchangeReplyFormatException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import com.camelexchange.simulator.InProcessApi;
import com.camelexchange.simulator.http.ApiService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A client whose signed calls reach the simulator in process: the same calls, checks and bounds as over HTTP, and no
 * HTTP request.
 */
class InProcessTransportTest {
    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(b -> b.activity(false)
            .key("plain", "plain-secret"));

    @Test
    void ordersAreSignedPlacedFoundAndCancelledWithoutAnHttpRequest() {
        ExchangeSimulator simulator = SIMULATOR.get();
        try (ClientResources resources = ClientResources.builder().build()) {
            ExchangeClient client = client(resources, 4 * 1024 * 1024, true);
            long http = simulator.signedRequestCount();
            long inProcess = simulator.inProcessRequestCount();

            PlacedOrder placed = client.placeOrder(OrderRequest.limit("btc_usdt", OrderSide.BUY, "1000.12", "0.01"));
            assertThat(simulator.account("plain").hasOrder("btc_usdt", placed.customerOrderId())).isTrue();
            assertThat(client.order("btc_usdt", placed.id()).status()).isEqualTo(OrderStatus.PENDING);
            client.cancelOrder("btc_usdt", placed.id());
            assertThat(client.order("btc_usdt", placed.id()).status()).isEqualTo(OrderStatus.CANCELLED);

            assertThat(simulator.signedRequestCount()).as("signed HTTP requests").isEqualTo(http);
            assertThat(simulator.inProcessRequestCount()).as("calls in process").isEqualTo(inProcess + 4);
        }
    }

    /**
     * Only an exchange that says it is not running marks a call as not sent; any other failure of the serving may have
     * acted, as after a lost reply, so a write is never sent again blind.
     */
    @Test
    void onlyAnExchangeNotServingMarksACallNotSent() {
        java.net.URI order = java.net.URI.create("http://in-process/api/order?method=order");
        InProcessTransport stopped = new InProcessTransport((path, agent) -> {
            throw new InProcessTransport.NotServing("not started");
        });
        InProcessTransport broken = new InProcessTransport((path, agent) -> {
            throw new IllegalStateException("failed half-way");
        });
        ExchangeTransportException notSent = catchThrowableOfType(ExchangeTransportException.class,
                () -> stopped.get("order", order, "agent", Duration.ofSeconds(1), 1024));
        ExchangeTransportException maybeSent = catchThrowableOfType(ExchangeTransportException.class,
                () -> broken.get("order", order, "agent", Duration.ofSeconds(1), 1024));
        assertThat(notSent.requestSent()).isFalse();
        assertThat(maybeSent.requestSent()).isTrue();
    }

    @Test
    void aReplyLargerThanMaxReplySizeIsRefusedAsOverHttp() {
        try (ClientResources resources = ClientResources.builder().build()) {
            ExchangeReplyFormatException overHttp = catchThrowableOfType(ExchangeReplyFormatException.class,
                    () -> client(resources, 64, false).accountInfo());
            ExchangeReplyFormatException inProcess = catchThrowableOfType(ExchangeReplyFormatException.class,
                    () -> client(resources, 64, true).accountInfo());
            assertThat(inProcess).as("refused in process").isNotNull();
            assertThat(overHttp).as("refused over HTTP").isNotNull();
            assertThat(inProcess).hasMessage(overHttp.getMessage()).hasMessageContaining("maxReplySize (64 bytes)");
            assertThat(client(resources, 4 * 1024 * 1024, true).accountInfo().coins()).as("fits").isNotEmpty();
        }
    }

    /** A client whose signed calls go to the simulator's account, in process or over the shared HTTP road. */
    private static ExchangeClient client(ClientResources resources, int maxReplySize, boolean inProcess) {
        ExchangeSimulator simulator = SIMULATOR.get();
        ClientSettings settings = new ClientSettings(simulator.baseUrl(), null,
                ExchangeClient.Builder.DEFAULT_USER_AGENT, Duration.ofSeconds(10), maxReplySize);
        CallTransport road = inProcess ? inProcess(simulator.inProcess()) : null;
        SignedCallRedirect redirect = new SignedCallRedirect() {
            @Override
            public Target target() {
                return new Target(simulator.tradeUrl(), "plain", "plain-secret", true, road);
            }

            @Override
            public void beforeCall(String market) {
            }
        };
        return resources.client(settings, ApiVariant.A, null, RetryPolicy.NONE,
                MarketDataListener.NONE, redirect);
    }

    private static CallTransport inProcess(InProcessApi api) {
        return new InProcessTransport((pathAndQuery, userAgent) -> {
            ApiService.Reply reply = api.get(pathAndQuery, userAgent);
            return new CallTransport.Reply(reply.status(), reply.body().getBytes(StandardCharsets.UTF_8));
        });
    }
}
