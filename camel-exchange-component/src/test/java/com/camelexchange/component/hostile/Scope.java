package com.camelexchange.component.hostile;

/** What a hostile value costs: the record that holds it, or the reply it is in. */
enum Scope {
    /** A record of a list (a trade, a candle, an order of a page...): the others are read. */
    RECORD,
    /** A reply that is one whole (a ticker, a book, an account): it is refused. */
    REPLY
}
