package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import com.camelexchange.client.error.ExchangeOrderStateUnknownException;
import com.camelexchange.client.error.ExchangeTransportException;
import com.camelexchange.client.error.ExchangeValidationException;
import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.OrderStatus;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.Fault;
import com.camelexchange.simulator.SimulatorLimits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The client's signed calls over the simulator's WebSocket: each round trip shows what REST shows, replies are matched
 * to their calls with many in flight, a reply lost to a dropped frame or a cut connection is settled by looking the
 * order up (placed once, never sent again), what cannot be settled ends unknown, refusals are REST's typed errors,
 * and deadlines hold.
 */
class WebSocketTradingTest {
    private static final String MARKET = "btc_usdt";

    private ExchangeSimulator simulator;
    private final List<ExchangeClient> clients = new ArrayList<>();

    @BeforeEach
    void start() {
        simulator = ExchangeSimulator.builder().seed(7).quiet().limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
    }

    @AfterEach
    void stop() {
        clients.forEach(ExchangeClient::close);
        simulator.stop();
    }

    private ExchangeClient client(TradeTransport over, int inFlight) {
        ExchangeClient client = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .readRetries(0, Duration.ZERO).requestTimeout(Duration.ofSeconds(2))
                .callTimeout(Duration.ofSeconds(20)).tradeOver(over).webSocketCallsInFlight(inFlight).build();
        clients.add(client);
        return client;
    }

    private static OrderRequest buy(String price) {
        return new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal(price), new BigDecimal("0.01"), null, null,
                null);
    }

    @Test
    void everyCallsRoundTripShowsWhatRestShows() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        ExchangeClient rest = ws.over(TradeTransport.REST);
        assertThat(ws.tradeTransport()).isEqualTo(TradeTransport.WEBSOCKET);
        assertThat(rest.tradeTransport()).isEqualTo(TradeTransport.REST);

        PlacedOrder placed = ws.placeOrder(buy("1000.12"));
        assertThat(placed.recovered()).isFalse();
        assertThat(placed.customerOrderId()).as("the WebSocket's order carries none").isNull();
        assertThat(simulator.streamRequestCount("order")).isEqualTo(1);
        assertThat(simulator.requestCount("order")).as("nothing of it over REST").isZero();

        Order overWs = ws.order(MARKET, placed.id());
        assertThat(overWs).isEqualTo(rest.order(MARKET, placed.id()));
        assertThat(overWs.price()).isEqualByComparingTo("1000.12");

        assertThat(ws.call(new ExchangeRequest.GetOrdersIgnoreTradeType(MARKET, 1, 10)))
                .isEqualTo(rest.call(new ExchangeRequest.GetOrdersIgnoreTradeType(MARKET, 1, 10))).isNotEmpty();
        assertThat(ws.call(new ExchangeRequest.GetOrders(MARKET, OrderSide.BUY, 1)))
                .isEqualTo(rest.call(new ExchangeRequest.GetOrders(MARKET, OrderSide.BUY, 1))).isNotEmpty();
        assertThat(ws.call(new ExchangeRequest.GetUnfinishedOrders(MARKET, 1, 10)))
                .isEqualTo(rest.call(new ExchangeRequest.GetUnfinishedOrders(MARKET, 1, 10))).hasSize(1);

        AccountInfo accountWs = ws.accountInfo();
        AccountInfo accountRest = rest.accountInfo();
        assertThat(accountWs.coins()).isEqualTo(accountRest.coins());
        assertThat(accountWs.username()).isEqualTo(accountRest.username());
        assertThat(simulator.streamRequestCount("getaccountinfo")).isEqualTo(1);

        ws.cancelOrder(MARKET, placed.id());
        assertThat(simulator.streamRequestCount("cancelorder")).isEqualTo(1);
        assertThat(rest.order(MARKET, placed.id()).status()).isEqualTo(OrderStatus.CANCELLED);
        assertThat(ws.call(new ExchangeRequest.GetUnfinishedOrders(MARKET, 1, 10))).as("none: 3001 as over REST")
                .isEmpty();
    }

    @Test
    void aCancelWhoseReplyIsDroppedIsSettledByTheOrdersStatus() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        PlacedOrder placed = ws.placeOrder(buy("1000.21"));
        simulator.streamFaults().injectReply("cancelorder", Fault.dropReply(), 1);

        ws.cancelOrder(MARKET, placed.id());

        assertThat(ws.order(MARKET, placed.id()).status()).isEqualTo(OrderStatus.CANCELLED);
        assertThat(simulator.streamRequestCount("cancelorder")).as("sent once").isEqualTo(1);
    }

    @Test
    void variantBTradesOverTheWebSocketToo() {
        simulator.stop();
        simulator = ExchangeSimulator.builder().variant(com.camelexchange.simulator.Variant.B).seed(7).quiet()
                .limits(SimulatorLimits.none()).build().start();
        simulator.createAccount("alice", "alice-secret");
        ExchangeClient ws = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .apiVariant(com.camelexchange.client.model.ApiVariant.B).readRetries(0, Duration.ZERO)
                .tradeOver(TradeTransport.WEBSOCKET).build();
        clients.add(ws);
        simulator.streamFaults().injectReply("order", Fault.loseReply(), 1);

        PlacedOrder placed = ws.placeOrder(buy("1000.43"));

        assertThat(placed.recovered()).isTrue();
        Order overWs = ws.order(MARKET, placed.id());
        assertThat(overWs).isEqualTo(ws.over(TradeTransport.REST).order(MARKET, placed.id()));
        ws.cancelOrder(MARKET, placed.id());
        assertThat(ws.over(TradeTransport.REST).order(MARKET, placed.id()).status())
                .isEqualTo(OrderStatus.CANCELLED);
        assertThat(simulator.account("alice").orderCount(MARKET)).isEqualTo(1);
    }

    @Test
    void aCallChoosesTheWebSocketOnAClientOfRest() {
        ExchangeClient rest = client(TradeTransport.REST, 8);
        assertThat(rest.over(TradeTransport.WEBSOCKET).accountInfo().coins()).isEqualTo(rest.accountInfo().coins());
        assertThat(simulator.streamRequestCount("getaccountinfo")).isEqualTo(1);
        assertThat(simulator.requestCount("getAccountInfo")).isEqualTo(1);
        assertThat(rest.over(TradeTransport.WEBSOCKET)).as("one view per transport")
                .isSameAs(rest.over(TradeTransport.WEBSOCKET));
    }

    @Test
    void manyCallsInFlightFromSeveralThreadsGetTheirOwnReplies() throws Exception {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 4);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            Map<String, String> priceById = new ConcurrentHashMap<>();
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        String price = (1000 + thread * 10 + i) + ".5";
                        PlacedOrder placed = ws.placeOrder(buy(price));
                        priceById.put(placed.id(), price);
                        // A read in between: its reply must not be taken for an order's.
                        assertThat(ws.order(MARKET, placed.id()).price()).isEqualByComparingTo(price);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertThat(priceById).hasSize(40);
            ExchangeClient rest = ws.over(TradeTransport.REST);
            priceById.forEach((id, price) -> assertThat(rest.order(MARKET, id).price()).isEqualByComparingTo(price));
            assertThat(simulator.account("alice").orderCount(MARKET)).isEqualTo(40);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aDroppedReplyIsSettledByLookingTheOrderUpAndNothingIsSentTwice() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        ws.placeOrder(buy("1000.12")); // an alike order placed before: never taken for the next one
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);

        PlacedOrder placed = ws.placeOrder(buy("1000.12"));

        assertThat(placed.recovered()).isTrue();
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once").isEqualTo(2);
        assertThat(simulator.streamRequestCount("order")).isEqualTo(2);
        assertThat(ws.over(TradeTransport.REST).call(new ExchangeRequest.GetOrdersIgnoreTradeType(MARKET, 1, 10))
                .get(0).id()).as("the newest order is the one found").isEqualTo(placed.id());
        // The second order started from the number the first's reply gave, above the alike order: no read.
        assertThat(simulator.streamRequestCount("getorders")).as("newest-order reads").isEqualTo(1);
    }

    @Test
    void afterAnOrderEndsUnknownTheNextReadsTheNewestAgainSoAnOrderNeverPlacedIsNotTakenForIt() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        ws.placeOrder(buy("1000.78")); // its number, learned, would let the next orders skip the read
        // Carried out, answered at once with a code that proves nothing, and the look-up fails: placed, its number
        // known to nobody. (At once: a number learned serves for 5 s, which a reply waited out could pass.)
        simulator.streamFaults().injectReply("order", Fault.errorReplyAfterExecution(9999), 1);
        simulator.faults().inject("getOrdersIgnoreTradeType", Fault.http500(), 1);
        catchUnknown(() -> ws.placeOrder(buy("1000.90")));
        long reads = simulator.streamRequestCount("getorders");

        // An alike order refused with a code that proves nothing, never carried out: it is looked up. Started from
        // the number learned before the unknown order, the look-up would find that order alone and take it.
        simulator.streamFaults().injectReply("order", Fault.errorReply(9999), 1);
        ExchangeOrderStateUnknownException unknown = catchUnknown(() -> ws.placeOrder(buy("1000.90")));

        assertThat(simulator.streamRequestCount("getorders")).as("the newest order read again").isEqualTo(reads + 1);
        assertThat(unknown.sent().newestBefore()).as("started from the unknown order")
                .isEqualTo(ws.over(TradeTransport.REST).call(new ExchangeRequest.GetOrdersIgnoreTradeType(MARKET, 1,
                        10)).get(0).id());
        assertThat(simulator.account("alice").orderCount(MARKET)).as("the last one never placed").isEqualTo(2);
        // Once an order's number is learned again, the next order starts from it.
        ws.placeOrder(buy("1001.00"));
        ws.placeOrder(buy("1001.00"));
        assertThat(simulator.streamRequestCount("getorders")).as("one read for both").isEqualTo(reads + 2);
    }

    @Test
    void aConnectionCutBetweenTheOrderAndItsReplyIsSettledByLookingAndTheNextCallConnectsAgain() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        simulator.streamFaults().injectReply("order", Fault.loseReply(), 1);

        PlacedOrder placed = ws.placeOrder(buy("1000.34"));

        assertThat(placed.recovered()).isTrue();
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once").isEqualTo(1);
        assertThat(simulator.streamRequestCount("order")).isEqualTo(1);
        assertThat(ws.order(MARKET, placed.id()).price()).isEqualByComparingTo("1000.34");
        assertThat(simulator.streamConnectionsOpened()).as("a new connection after the cut").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aLostReplyTheLookUpCannotSettleEndsUnknownAndIsNeverSentAgain() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);
        simulator.faults().inject("getOrdersIgnoreTradeType", Fault.http500(), 1);

        ExchangeOrderStateUnknownException unknown = catchUnknown(() -> ws.placeOrder(buy("1000.56")));
        assertThat(unknown.sent()).isNotNull();
        assertThat(unknown.sent().customerOrderId()).isNull();
        assertThat(unknown.sent().operation()).isEqualTo("order");
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once").isEqualTo(1);
        assertThat(simulator.streamRequestCount("order")).as("never sent again").isEqualTo(1);

        // A redelivery only looks. It sees the order now, but with no first look-up bounding the write's orders from
        // above, an alike order placed since by anyone would look the same: it is named, not taken.
        String id = ws.over(TradeTransport.REST).call(new ExchangeRequest.GetOrdersIgnoreTradeType(MARKET, 1, 10))
                .get(0).id();
        assertThat(catchUnknown(() -> ws.findSentOrders(unknown.sent())).getMessage()).contains(id);
        assertThat(simulator.streamRequestCount("order")).as("still sent once").isEqualTo(1);
    }

    @Test
    void anErrorReplyAfterTheOrderWasCarriedOutIsSettledByLooking() {
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        simulator.streamFaults().injectReply("order", Fault.errorReplyAfterExecution(9999), 1);

        PlacedOrder placed = ws.placeOrder(buy("1000.57"));

        assertThat(placed.recovered()).isTrue();
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once").isEqualTo(1);
    }

    private static ExchangeOrderStateUnknownException catchUnknown(Runnable call) {
        try {
            call.run();
        } catch (ExchangeOrderStateUnknownException unknown) {
            return unknown;
        }
        throw new AssertionError("not unknown");
    }

    @Test
    void aConnectionThatFallsSilentIsLetGoAndTheOrderWaitingOnItSettledByLooking() throws Exception {
        ExchangeClient ws = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .readRetries(0, Duration.ZERO).requestTimeout(Duration.ofSeconds(60))
                .callTimeout(Duration.ofSeconds(90)).tradeOver(TradeTransport.WEBSOCKET)
                .resources(r -> r.keepAliveInterval(Duration.ofMillis(50)).silenceTimeout(Duration.ofMillis(400)))
                .build();
        clients.add(ws);
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);
        CompletableFuture<PlacedOrder> placing = CompletableFuture.supplyAsync(() -> ws.placeOrder(buy("1000.66")));
        Await.until("the exchange holds the order",
                () -> simulator.account("alice").orderCount(MARKET) == 1 || placing.isDone());
        // From now on the connection brings nothing, pongs included: a dead peer.
        simulator.streamFaults().stall(Duration.ofMinutes(5));
        try {
            PlacedOrder placed = placing.get(60, TimeUnit.SECONDS);
            assertThat(placed.recovered()).isTrue();
        } finally {
            simulator.streamFaults().resume();
        }
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once").isEqualTo(1);
        assertThat(simulator.streamRequestCount("order")).isEqualTo(1);
    }

    @Test
    void refusalsAreTheSameTypedErrorsAsOverRest() {
        simulator.createAccount("bob", "bob-secret");
        ExchangeClient wrongSecret = ExchangeClient.builder().baseUrl(simulator.baseUrl())
                .keys("bob", "not-bob-secret").readRetries(0, Duration.ZERO).tradeOver(TradeTransport.WEBSOCKET)
                .build();
        clients.add(wrongSecret);
        ExchangeErrorReplyException overWs = catchRefusal(wrongSecret::accountInfo);
        ExchangeErrorReplyException overRest = catchRefusal(wrongSecret.over(TradeTransport.REST)::accountInfo);
        assertThat(overWs.code()).isEqualTo(overRest.code()).isEqualTo(1003);

        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        OrderRequest tooDear = new OrderRequest(MARKET, OrderSide.BUY, new BigDecimal("1000000"),
                new BigDecimal("1000"), null, null, null);
        ExchangeErrorReplyException poorWs = catchRefusal(() -> ws.placeOrder(tooDear));
        ExchangeErrorReplyException poorRest = catchRefusal(() -> ws.over(TradeTransport.REST).placeOrder(tooDear));
        assertThat(poorWs.code()).isEqualTo(poorRest.code());
        assertThat(simulator.account("alice").orderCount(MARKET)).isZero();
    }

    private static ExchangeErrorReplyException catchRefusal(Runnable call) {
        try {
            call.run();
        } catch (ExchangeErrorReplyException refused) {
            return refused;
        }
        throw new AssertionError("not refused");
    }

    @Test
    void aReadWhoseReplyNeverComesEndsAtItsDeadline() {
        ExchangeClient ws = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .readRetries(0, Duration.ZERO).requestTimeout(Duration.ofSeconds(1))
                .callTimeout(Duration.ofSeconds(2)).tradeOver(TradeTransport.WEBSOCKET).build();
        clients.add(ws);
        ws.accountInfo(); // the connection open: the call below waits for its reply alone
        simulator.streamFaults().injectReply("getaccountinfo", Fault.dropReply(), 1);

        assertThatThrownBy(ws::accountInfo).isInstanceOfSatisfying(ExchangeTransportException.class,
                late -> assertThat(late.timedOut()).isTrue());
        assertThat(ws.accountInfo().coins()).as("the session goes on").isNotEmpty();
    }

    @Test
    void anOrderWhoseClientClosesWhileItsReplyIsPendingEndsUnknownAndIsPlacedOnce() throws Exception {
        ExchangeClient ws = ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .readRetries(0, Duration.ZERO).requestTimeout(Duration.ofSeconds(30))
                .callTimeout(Duration.ofSeconds(60)).tradeOver(TradeTransport.WEBSOCKET).build();
        simulator.streamFaults().injectReply("order", Fault.dropReply(), 1);
        CompletableFuture<PlacedOrder> placing = CompletableFuture.supplyAsync(() -> ws.placeOrder(buy("1000.78")));
        Await.until("the exchange holds the order",
                () -> simulator.account("alice").orderCount(MARKET) == 1 || placing.isDone());
        assertThat(placing).as("waiting for its reply").isNotDone();

        ws.close();

        assertThatThrownBy(() -> placing.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(ExchangeOrderStateUnknownException.class,
                        unknown -> assertThat(unknown.sent()).isNotNull());
        assertThat(simulator.account("alice").orderCount(MARKET)).as("placed once, never sent again").isEqualTo(1);
    }

    @Test
    void whatTheWebSocketCannotCarryIsRefusedAtBuildOrBeforeSending() {
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl(simulator.baseUrl())
                .tradeOver(TradeTransport.WEBSOCKET).build()).isInstanceOf(ExchangeValidationException.class);
        assertThatThrownBy(() -> ExchangeClient.builder().baseUrl(simulator.baseUrl()).keys("alice", "alice-secret")
                .webSocketCallsInFlight(0).build()).isInstanceOf(ExchangeValidationException.class);
        ExchangeClient ws = client(TradeTransport.WEBSOCKET, 8);
        OrderRequest withId = buy("1000.90").withCustomerOrderId("mine1");
        assertThatThrownBy(() -> ws.placeOrder(withId)).isInstanceOf(ExchangeValidationException.class);
        assertThat(simulator.streamRequestCount("order")).isZero();
    }
}
