package com.camelexchange.sweep;

import java.math.BigDecimal;

/**
 * What one point's backtest came to. Every figure comes from the deterministic backtest (its fills, on the
 * recording's clock, and the recording's trade prices), none from the machine: the same point gives the same result
 * wherever and whenever it runs. Money in the quote coin at the market's price scale (at least 2); ratios at scale 4.
 *
 * @param point       the grid's point
 * @param events      the recording's events applied
 * @param orders      orders placed
 * @param fills       fills
 * @param fees        the fees, valued in the quote coin at their fills' prices
 * @param pnl         the final balances less the starting ones, each coin at its last price (the report's P&amp;L)
 * @param maxDrawdown the largest fall of the account's value from a peak, over the minutes' closing values
 * @param sharpe      the mean of the per-minute returns of the account's value over their standard deviation, not
 *                    annualised; 0 when fewer than two returns or when they do not vary
 * @param roundTrips  closing fills: fills that reduced a position, matched first in, first out in the coin moved
 * @param winRate     round trips whose P&amp;L (fees of both sides included) was above zero, over all; 0 without any
 * @param exposure    the share of the minutes that ended with a position (a traded coin's balance away from its
 *                    starting one by at least its market's minimum order amount)
 */
public record PointResult(SweepPoint point, long events, long orders, long fills, BigDecimal fees, BigDecimal pnl,
                          BigDecimal maxDrawdown, BigDecimal sharpe, long roundTrips, BigDecimal winRate,
                          BigDecimal exposure) {

    public int index() {
        return point.index();
    }
}
