package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.util.List;

/**
 * A change of an account, told to {@link AccountListener}s: an order of the account that was placed, filled or
 * cancelled, or the balances an operation changed. Values are copies taken under the exchange lock at the moment
 * of the change, so a listener reads them later on any thread. {@code seq} counts the changes of one stream (an
 * account's orders in one market; an account's assets) from 1, whether anybody listened or not: a listener that
 * sees a number skipped knows it missed a change.
 */
public sealed interface AccountEvent {
    /** The user whose account changed. */
    long userId();

    long seq();

    /** One order after one change: placed (nothing filled yet), filled (partly or wholly) or cancelled. */
    record OrderChanged(long userId, long seq, String market, long orderId, Side side, BigDecimal price,
                        BigDecimal amount, BigDecimal filled, BigDecimal filledMoney, BigDecimal averagePrice,
                        int status, long createdAt) implements AccountEvent {
    }

    /** The spot balances one operation changed, each as it stands after the operation. */
    record AssetsChanged(long userId, long seq, List<CoinBalance> coins) implements AccountEvent {
    }

    record CoinBalance(String coin, BigDecimal available, BigDecimal frozen) {
    }
}
