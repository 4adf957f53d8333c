package com.camelexchange.client;

import com.camelexchange.client.error.ExchangeClientException;
import com.camelexchange.client.model.PlacedOrder;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The newest order number this JVM knows of per account (its exchange's trade address and access key), so that a
 * write found by what it is ({@link TradingClient#placeByWhatItIs}) need not read the newest order before every
 * order. The look-up after a lost reply takes the alike orders numbered above the number the write started from;
 * that number only has to be at least every alike order that is not this write's. Order numbers grow across the
 * whole account ({@link OrderIds}), so the number of any order of the account a reply named (an order placed, a
 * batch's orders, an order recovered by a look-up) is at least every order of the account placed before it, whatever
 * its market or side. (A newest-order read is not learned: it is the newest of one market and side only.) Hence a
 * number learned here serves as well as a read:
 * <ul>
 * <li>every write of this JVM tells its number here before it lets an alike write go ({@link LookAlikeWrites}
 * holds alike writes apart until the outcome is known), so an earlier alike order of this JVM is never above it;</li>
 * <li>a write whose outcome stays unknown (its order may exist, number unknown) {@link #forget}s the account: the
 * next write reads the newest order again, and a number from a call that started before the forgetting is not
 * taken (an epoch), so no number below that unknown order can come back;</li>
 * <li>an alike order placed by another program on the same account is the case a read left open too, from the read
 * to the look-up (a lost reply alone keeps it open for {@code requestTimeout}, 10 s by default); a number is used
 * for at most {@link #MAX_AGE_NANOS} (5 s) after it was learned, so that window grows by 5 s at most (a read is made
 * again after 5 quiet seconds).</li>
 * </ul>
 * JVM-wide, as {@link LookAlikeWrites} is: two clients of one account are two writers all the same. One entry per
 * account used; beyond {@value #MOST_ACCOUNTS}, those untouched for hours are dropped.
 */
final class KnownNewestOrder {
    /** How long a number learned serves before the newest order is read again. */
    static final long MAX_AGE_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** @param touchedAt when it last changed (learned or forgotten), for {@link #prune} */
    private record Known(String id, long learnedAt, long epoch, long touchedAt) {
    }

    /** Beyond this many accounts, those untouched for {@link #UNTOUCHED_NANOS} are dropped. */
    static final int MOST_ACCOUNTS = 1024;
    /**
     * Far longer than any call runs: an account dropped starts again at epoch 0, which a call that started before it
     * was forgotten could still carry; no call lives this long.
     */
    private static final long UNTOUCHED_NANOS = TimeUnit.HOURS.toNanos(6);

    private static final ConcurrentHashMap<String, Known> ACCOUNTS = new ConcurrentHashMap<>();

    private KnownNewestOrder() {
    }

    /** The account's key: an access key means another account at another exchange. */
    static String account(String tradeUrl, String accessKey) {
        return tradeUrl + ' ' + accessKey;
    }

    /** The epoch to learn under: taken before the call whose numbers will be learned is sent. */
    static long epoch(String account) {
        Known known = ACCOUNTS.get(account);
        return known == null ? 0 : known.epoch();
    }

    /** A number at least every order of the account placed so far but the alike writes under way; null: read it. */
    static String usable(String account) {
        Known known = ACCOUNTS.get(account);
        if (known == null || known.id() == null || System.nanoTime() - known.learnedAt() > MAX_AGE_NANOS) {
            return null;
        }
        return known.id();
    }

    /**
     * Learns {@code id}, an order number of the account from a call that started at {@code epoch}; ignored when the
     * account was forgotten since, or when a larger number is known.
     */
    static void learned(String account, String id, long epoch) {
        if (id == null) {
            return;
        }
        long now = System.nanoTime();
        if (ACCOUNTS.size() >= MOST_ACCOUNTS && !ACCOUNTS.containsKey(account)) {
            prune(now);
        }
        ACCOUNTS.compute(account, (key, known) -> {
            long current = known == null ? 0 : known.epoch();
            if (current != epoch) {
                return known;
            }
            if (known != null && known.id() != null && !OrderIds.newer(id, known.id())) {
                return known;
            }
            return new Known(id, now, current, now);
        });
    }

    /** A write's outcome stays unknown: nothing known so far serves; the next write reads. */
    static void forget(String account) {
        long now = System.nanoTime();
        ACCOUNTS.compute(account, (key, known) -> new Known(null, 0, known == null ? 1 : known.epoch() + 1, now));
    }

    /**
     * An order's outcome once settled: its number learned; or, when the settling throws anything but the failure
     * that proved nothing was done, the account's numbers forgotten, since an order may exist whose number nobody
     * knows.
     */
    static PlacedOrder settled(String account, long epoch, Supplier<PlacedOrder> settling) {
        PlacedOrder settled;
        try {
            settled = settling.get();
        } catch (ExchangeClientException failure) {
            if (!WriteFailures.provesNothingDone(failure)) {
                forget(account);
            }
            throw failure;
        } catch (RuntimeException unexpected) {
            forget(account);
            throw unexpected;
        }
        learned(account, settled.id(), epoch);
        return settled;
    }

    /** Drops the accounts untouched for hours: the table stays as small as the accounts in use. */
    private static void prune(long now) {
        ACCOUNTS.values().removeIf(known -> now - known.touchedAt() > UNTOUCHED_NANOS);
    }
}
