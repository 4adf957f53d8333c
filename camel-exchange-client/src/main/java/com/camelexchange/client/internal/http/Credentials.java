package com.camelexchange.client.internal.http;

import java.util.Objects;

/**
 * An API key: the access key that is sent, and a {@link Signer} holding what the secret derives. Both keys
 * are secrets of the user's account: neither is shown.
 */
public final class Credentials {
    private final String accessKey;
    private final Signer signer;

    public Credentials(String accessKey, String secretKey) {
        this.accessKey = Objects.requireNonNull(accessKey, "accessKey");
        this.signer = new Signer(secretKey);
    }

    public String accessKey() {
        return accessKey;
    }

    public Signer signer() {
        return signer;
    }

    @Override
    public String toString() {
        return "Credentials[keys hidden]";
    }
}
