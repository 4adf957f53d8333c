package com.camelexchange.client;

import com.camelexchange.client.model.AccountInfo;
import com.camelexchange.client.model.Address;
import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Kline;
import com.camelexchange.client.model.KlineType;
import com.camelexchange.client.model.Market;
import com.camelexchange.client.model.Order;
import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.PriceAmount;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.client.model.Trade;
import com.camelexchange.client.model.WithdrawPage;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One call of the exchange's API with its parameters resolved and checked as far as that is possible
 * without the exchange: one record per operation. {@link #sendWith} hands it to the part of the client
 * that performs it, where the checks that need the exchange's market list are made just before sending.
 *
 * @param <T> what the call answers
 */
public sealed interface ExchangeRequest<T> {

    /** Performs the call. */
    T sendWith(ExchangeClient client);

    // ---------------------------------------------------------------- market data

    record GetMarkets() implements ExchangeRequest<Map<String, Market>> {
        @Override
        public Map<String, Market> sendWith(ExchangeClient client) {
            return client.marketData.markets();
        }
    }

    record GetAllTicker() implements ExchangeRequest<Map<String, Ticker>> {
        @Override
        public Map<String, Ticker> sendWith(ExchangeClient client) {
            return client.marketData.allTicker();
        }
    }

    record GetTicker(String market) implements ExchangeRequest<Ticker> {
        @Override
        public Ticker sendWith(ExchangeClient client) {
            return client.marketData.ticker(this);
        }
    }

    /** @param merge null for exact levels */
    record GetDepth(String market, int size, BigDecimal merge) implements ExchangeRequest<Depth> {
        @Override
        public Depth sendWith(ExchangeClient client) {
            return client.marketData.depth(this);
        }
    }

    /** @param since the trade id to start after; null for the latest trades */
    record GetTrades(String market, Long since) implements ExchangeRequest<List<Trade>> {
        @Override
        public List<Trade> sendWith(ExchangeClient client) {
            return client.marketData.trades(this);
        }
    }

    /** @param since the open time (epoch ms) to start at; null for the latest candles */
    record GetKline(String market, KlineType type, Long since, int size) implements ExchangeRequest<Kline> {
        @Override
        public Kline sendWith(ExchangeClient client) {
            return client.marketData.kline(this);
        }
    }

    // ---------------------------------------------------------------- trading

    /**
     * @param order     complete: market, side, price and amount set; in variant A a customerOrderId
     * @param roundDown round a price or amount with more decimals than the market allows down to its scale
     * @param origins   where the values came from, for messages
     */
    record PlaceOrder(OrderRequest order, boolean roundDown, Origins origins) implements ExchangeRequest<PlacedOrder> {
        public PlaceOrder {
            Objects.requireNonNull(order.market(), "market");
            Objects.requireNonNull(order.side(), "side");
            Objects.requireNonNull(order.price(), "price");
            Objects.requireNonNull(order.amount(), "amount");
        }

        public PlaceOrder withCustomerOrderId(String customerOrderId) {
            return new PlaceOrder(order.withCustomerOrderId(customerOrderId), roundDown, origins);
        }

        @Override
        public PlacedOrder sendWith(ExchangeClient client) {
            return client.orders.placeOrder(this);
        }
    }

    /** Where an order's market, price and amount came from ({@code header CamelExchangePrice}, {@code body price}...). */
    record Origins(String market, String price, String amount) {
    }

    /** Up to 20 orders of one side (variant A). */
    record PlaceOrders(String market, OrderSide side, Integer acctType, List<PriceAmount> pairs, boolean roundDown)
            implements ExchangeRequest<List<String>> {
        public PlaceOrders {
            pairs = List.copyOf(pairs);
        }

        @Override
        public List<String> sendWith(ExchangeClient client) {
            return client.orders.placeOrders(this);
        }
    }

    /** An order by its number or, in variant A, by its customer order id: exactly one is set. */
    record OrderRef(Long id, String customerOrderId) {
        public OrderRef {
            if ((id == null) == (customerOrderId == null)) {
                throw new IllegalArgumentException("exactly one of id and customerOrderId");
            }
        }

        @Override
        public String toString() {
            return id != null ? id.toString() : customerOrderId;
        }
    }

    /** Answers the reference of the order cancelled. */
    record CancelOrder(String market, OrderRef order) implements ExchangeRequest<String> {
        @Override
        public String sendWith(ExchangeClient client) {
            client.orders.cancelOrder(this);
            return order.toString();
        }
    }

    record GetOrder(String market, OrderRef order) implements ExchangeRequest<Order> {
        @Override
        public Order sendWith(ExchangeClient client) {
            return client.orders.getOrder(this);
        }
    }

    /** A page of 10 orders of one side. */
    record GetOrders(String market, OrderSide side, int pageIndex) implements ExchangeRequest<List<Order>> {
        @Override
        public List<Order> sendWith(ExchangeClient client) {
            return client.orders.getOrders(this);
        }
    }

    record GetOrdersIgnoreTradeType(String market, int pageIndex, int pageSize)
            implements ExchangeRequest<List<Order>> {
        @Override
        public List<Order> sendWith(ExchangeClient client) {
            return client.orders.getOrdersIgnoreTradeType(this);
        }
    }

    /** Open and partly filled orders; an empty list when there are none. */
    record GetUnfinishedOrders(String market, int pageIndex, int pageSize) implements ExchangeRequest<List<Order>> {
        @Override
        public List<Order> sendWith(ExchangeClient client) {
            return client.orders.getUnfinishedOrders(this);
        }
    }

    // ---------------------------------------------------------------- account

    record GetAccountInfo() implements ExchangeRequest<AccountInfo> {
        @Override
        public AccountInfo sendWith(ExchangeClient client) {
            return client.account.accountInfo();
        }
    }

    record GetUserAddress(String coin) implements ExchangeRequest<Address> {
        @Override
        public Address sendWith(ExchangeClient client) {
            return client.account.userAddress(this);
        }
    }

    record GetWithdrawAddress(String coin) implements ExchangeRequest<Address> {
        @Override
        public Address sendWith(ExchangeClient client) {
            return client.account.withdrawAddress(this);
        }
    }

    record GetWithdrawRecord(String coin, int pageIndex, int pageSize) implements ExchangeRequest<WithdrawPage> {
        @Override
        public WithdrawPage sendWith(ExchangeClient client) {
            return client.account.withdrawRecord(this);
        }
    }
}
