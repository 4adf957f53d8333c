package com.camelexchange.paper;

/**
 * The paper account kept in the {@code paperStateRepository} cannot be taken up: what is kept under the key is cut
 * short (a save interrupted), not JSON, not a paper account, or one the paper exchange refuses. The message names the
 * repository and the key, says what is wrong without repeating what is kept, and what to do: the paper exchange does
 * not start, so no order is placed on an account it could not read.
 */
public final class PaperStateException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    PaperStateException(String message) {
        super(message);
    }
}
