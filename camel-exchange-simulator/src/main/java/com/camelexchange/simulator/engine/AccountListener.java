package com.camelexchange.simulator.engine;

import com.camelexchange.simulator.account.User;

/**
 * Follows the changes of some accounts (see {@link SimulatedExchange#onAccountChange}). {@link #watches} and
 * {@link #offer} are called under the exchange lock, in the order the changes happen, so they must only look up and
 * hand over; {@link #wake} is called once the lock is released, on the thread of the operation.
 */
public interface AccountListener {
    /** Whether changes of this user's account are wanted; thread-safe and cheap. */
    boolean watches(User user);

    /** Takes one change of a watched account; under the lock, so it only queues it. */
    void offer(AccountEvent event);

    /** Changes were offered since the last call: process them elsewhere. */
    void wake();
}
