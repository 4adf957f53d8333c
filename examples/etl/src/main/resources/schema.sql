-- Created at every start; IF NOT EXISTS keeps the data of earlier runs.
-- The primary keys make the MERGE statements of the routes idempotent: a row delivered again after a
-- restart (at-least-once consumers) replaces itself instead of doubling.
CREATE TABLE IF NOT EXISTS trades (
    market      VARCHAR(20)              NOT NULL,
    tid         BIGINT                   NOT NULL,
    traded_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    price       DECIMAL(30, 10)          NOT NULL,
    amount      DECIMAL(30, 10)          NOT NULL,
    taker_side  VARCHAR(4),
    PRIMARY KEY (market, tid)
);

CREATE TABLE IF NOT EXISTS candles (
    market      VARCHAR(20)              NOT NULL,
    period      VARCHAR(10)              NOT NULL,
    open_time   TIMESTAMP WITH TIME ZONE NOT NULL,
    open_price  DECIMAL(30, 10)          NOT NULL,
    high_price  DECIMAL(30, 10)          NOT NULL,
    low_price   DECIMAL(30, 10)          NOT NULL,
    close_price DECIMAL(30, 10)          NOT NULL,
    volume      DECIMAL(30, 10)          NOT NULL,
    PRIMARY KEY (market, period, open_time)
);
