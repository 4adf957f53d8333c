package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.market.Side;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;

/**
 * One fill of an account's order, as a trading report needs it.
 *
 * @param id      increasing across the whole simulator, in the order the fills happened
 * @param side    the side of the order
 * @param price   what the fill traded at: the maker's price, or the external level's price for a paper taker
 * @param amount  in the trade coin
 * @param fee     what the exchange kept, in {@code feeCoin}: the coin the order received (the trade coin for
 *                a buy, the pricing coin for a sell)
 * @param maker   whether the order was the resting side of the fill
 * @param time    by the simulator's clock (the replay clock when replaying)
 * @param limitPrice the price of the order, which the fill's may better for a taker
 * @param model   the {@link FillModel} that made a paper fill, by its option name ({@link FillModel#name()}); null
 *                for a fill between two orders of the simulator's own market, or one imported without it
 */
public record Fill(long id, long orderId, String market, Side side, BigDecimal price, BigDecimal amount,
                   BigDecimal fee, String feeCoin, boolean maker, Instant time, BigDecimal limitPrice, String model) {

    /**
     * Moves {@code balances} (coin to amount) as this fill moved the account's: the trade coin {@code base} and the
     * pricing coin of its market, the fee out of what the order received.
     */
    public void moveBalances(Map<String, BigDecimal> balances, String base) {
        String quote = market.substring(base.length() + 1);
        BigDecimal money = price.multiply(amount);
        if (side == Side.BUY) {
            balances.merge(base, amount.subtract(fee), BigDecimal::add);
            balances.merge(quote, money.negate(), BigDecimal::add);
        } else {
            balances.merge(base, amount.negate(), BigDecimal::add);
            balances.merge(quote, money.subtract(fee), BigDecimal::add);
        }
    }
}
