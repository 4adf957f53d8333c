package com.camelexchange.client.model;

/**
 * The published variant of the exchange API to speak. Variant A adds batch orders, custom order ids,
 * order types and minimum sizes; variant B is plainer and limits requests per user rather than per key.
 */
public enum ApiVariant {
    A,
    B
}
