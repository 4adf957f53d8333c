package com.camelexchange.client;

import java.util.Comparator;

/**
 * Order numbers as the exchange hands them out: decimal digits that only grow, each new order of an account
 * getting a larger number than every order before it. Compared as numbers without being parsed, since they may not
 * fit a long. {@link #NONE} stands for "no order yet" and is below every real number.
 */
final class OrderIds {
    /** Below every order number: the newest order of a listing that held none. */
    static final String NONE = "0";

    /** Shorter is smaller (order numbers have no leading zeros), then digit by digit. */
    static final Comparator<String> BY_NUMBER = Comparator.comparingInt(String::length)
            .thenComparing(Comparator.naturalOrder());

    private OrderIds() {
    }

    /** Whether order {@code id} is newer than {@code than}. */
    static boolean newer(String id, String than) {
        return BY_NUMBER.compare(id, than) > 0;
    }

    /** The newer of two numbers. */
    static String newest(String a, String b) {
        return newer(a, b) ? a : b;
    }
}
