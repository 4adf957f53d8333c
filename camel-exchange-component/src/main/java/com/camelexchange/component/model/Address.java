package com.camelexchange.component.model;

/** A deposit or withdrawal address of a coin (reference 2.8). */
public record Address(String coin, String address) {
}
