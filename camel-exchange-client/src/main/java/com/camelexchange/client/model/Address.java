package com.camelexchange.client.model;

/** A deposit or withdrawal address of a coin. */
public record Address(String coin, String address) {
}
