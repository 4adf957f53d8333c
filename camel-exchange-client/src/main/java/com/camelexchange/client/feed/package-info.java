/**
 * The feeds: the exchange's data delivered each item once and in order, polled or pushed, resumable from
 * {@link com.camelexchange.client.Positions}. A program starts one with {@link com.camelexchange.client.feed.Feed}
 * and a {@link com.camelexchange.client.feed.FeedListener}; the Camel component's consumers drive the same kinds of
 * data with {@link com.camelexchange.client.internal.feed.PushedWork} (pushed) and their own polling. How a consumer is doing
 * is a {@link com.camelexchange.client.feed.ConsumerHealth} report.
 */
package com.camelexchange.client.feed;
