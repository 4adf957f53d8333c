-- The tables the PostgreSQL flows write to: psql -f schema.sql (the example's test runs the same file).
-- NUMERIC without a precision keeps every decimal exactly as the exchange sent it, scale included; TIMESTAMP WITH
-- TIME ZONE (timestamptz) an instant, whatever the session's time zone.

-- One row per closed candle: the K-line flow upserts by market, period and open time.
CREATE TABLE IF NOT EXISTS candles (
    market      VARCHAR(32)              NOT NULL,
    period      VARCHAR(8)               NOT NULL,
    open_time   TIMESTAMP WITH TIME ZONE NOT NULL,
    open_price  NUMERIC                  NOT NULL,
    high_price  NUMERIC                  NOT NULL,
    low_price   NUMERIC                  NOT NULL,
    close_price NUMERIC                  NOT NULL,
    volume      NUMERIC                  NOT NULL,
    PRIMARY KEY (market, period, open_time)
);

-- One row per order event, in the order the events came.
CREATE TABLE IF NOT EXISTS order_events (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    market            VARCHAR(32)              NOT NULL,
    order_id          VARCHAR(64)              NOT NULL,
    event             VARCHAR(20)              NOT NULL,
    side              VARCHAR(4)               NOT NULL,
    price             NUMERIC                  NOT NULL,
    amount            NUMERIC                  NOT NULL,
    traded_since_last NUMERIC                  NOT NULL,
    traded_total      NUMERIC                  NOT NULL,
    status            VARCHAR(20)              NOT NULL,
    detected_at       TIMESTAMP WITH TIME ZONE NOT NULL
);
