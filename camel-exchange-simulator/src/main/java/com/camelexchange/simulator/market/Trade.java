package com.camelexchange.simulator.market;

import java.math.BigDecimal;

/**
 * One public trade.
 *
 * @param tid         increasing trade id within the market
 * @param epochMillis when it happened (the reply shows seconds)
 * @param takerSide   the side of the order that took liquidity: BUY is reported as {@code bid}/{@code buy}
 */
public record Trade(long tid, long epochMillis, BigDecimal price, BigDecimal amount, Side takerSide) {
}
