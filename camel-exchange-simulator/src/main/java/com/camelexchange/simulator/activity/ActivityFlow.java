package com.camelexchange.simulator.activity;

/**
 * How the synthetic traders make their market.
 * <ul>
 * <li>{@link #SPREAD} (the default): quotes at prices spread continuously around a fair price that moves fast,
 *     each level mostly a single quote; takers sweep a few levels; quotes are cancelled only when stranded far
 *     from the market. Tickers, trades, depth and K-lines move; queues at a price hardly exist.</li>
 * <li>{@link #QUEUES}: a book whose queues matter, as on a live venue with a coarse tick against the price. Quotes
 *     join a few price levels on a grid (a level every 0.02% of the market's initial price, a whole number of
 *     ticks), several at each, so a level holds a queue of orders in time priority; every resting quote may be
 *     cancelled at each step (from anywhere in its queue); most takers take the best level only, trading at its
 *     price and eating its queue from the front, a few sweep two levels deeper. The fair price moves slowly
 *     against the grid, so a level stays at the top for tens of steps and its queue is eaten, cancelled and
 *     refilled while it does.</li>
 * </ul>
 * Both draw every choice from the simulator's seeded random: the same seed gives the same market.
 */
public enum ActivityFlow {
    SPREAD,
    QUEUES
}
