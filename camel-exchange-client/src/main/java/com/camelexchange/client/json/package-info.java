/**
 * The JSON of the exchange's replies: records that mirror each reply's shape, small deserializers for
 * its quirks (numbers as strings or numbers, times in seconds or milliseconds, levels and candles as
 * arrays), and the {@link com.camelexchange.client.json.ReplyDecoder} that turns them into the
 * model. Internal to the component.
 */
package com.camelexchange.client.json;
