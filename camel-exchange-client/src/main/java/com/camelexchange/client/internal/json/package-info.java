/**
 * The JSON of the exchange's replies and pushes: records that mirror each reply's shape and make its model,
 * small deserializers for its quirks (numbers as strings or numbers, times in seconds or milliseconds, levels and
 * candles as arrays), and {@link com.camelexchange.client.internal.json.ExchangeJson}, which reads each reply within
 * bounds on the one mapper {@link com.camelexchange.client.internal.json.ReplyMapper} configures.
 */
package com.camelexchange.client.internal.json;
