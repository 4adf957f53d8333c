package com.camelexchange.client.internal.json;

import java.util.List;

/**
 * Where {@link ExchangeJson} tells of what it refused: records a reply or a push lost (the rest of it was read) and
 * replies refused whole. The client counts and logs them; the wire format knows nothing of how.
 */
public interface RefusedRecords {
    /** Tells nobody. */
    RefusedRecords NONE = new RefusedRecords() {
    };

    /**
     * Records of a reply or a push were refused and skipped; the rest of it was read.
     *
     * @param operation the reply's operation ({@code trades}, {@code getOrders}...) or push channel kind
     * @param source    {@code rest} or {@code push}
     * @param market    the market or coin the records were of; null when the reply is not of one
     * @param reasons   one per refused record: where it was and what was wrong with it
     */
    default void records(String operation, String source, String market, List<String> reasons) {
    }

    /**
     * A reply or a push was refused whole: it is not JSON, lacks a field, or a value that belongs to the whole
     * (a ticker's, a book's, an account's) is out of bounds. Whoever made the call is told with an exception, and
     * logs it; this only counts it.
     */
    default void reply(String operation, String source) {
    }
}
