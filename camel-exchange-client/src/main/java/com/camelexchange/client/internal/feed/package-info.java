/**
 * What every kind of feed is made of: polled data ({@link com.camelexchange.client.internal.feed.PolledData}) and pushed
 * data ({@link com.camelexchange.client.internal.feed.Pushes}) with what their consumer offers them, the position of a
 * feed kept in {@link com.camelexchange.client.Positions} ({@link com.camelexchange.client.internal.feed.PositionStore}),
 * the catch-up over REST of pushed data with a position ({@link com.camelexchange.client.internal.feed.PositionedPushes}),
 * and the market-data replies polling consumers share ({@link com.camelexchange.client.internal.feed.SharedReads}).
 * Public for the kinds in the sibling packages and for the consumers that drive them; a program needs none of it.
 */
package com.camelexchange.client.internal.feed;
