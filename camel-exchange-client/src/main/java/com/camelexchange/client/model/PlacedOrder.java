package com.camelexchange.client.model;

/**
 * The answer to placing an order.
 *
 * @param customerOrderId the id the order was placed with (variant A), null otherwise
 * @param recovered       true when the reply was lost and the order was found by its customerOrderId
 */
public record PlacedOrder(String id, String customerOrderId, boolean recovered) {
}
