package com.camelexchange.simulator.account;

import com.camelexchange.simulator.Permission;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * An API key of a user. The HMAC key (lower-hex SHA-1 of the secret) is derived once, here.
 * {@link #toString()} never shows the secret.
 */
public final class ApiKey {
    private final String accessKey;
    private final byte[] hmacKey;
    private final Set<Permission> permissions;
    private final User user;

    public ApiKey(String accessKey, String secretKey, Set<Permission> permissions, User user) {
        this.accessKey = accessKey;
        this.hmacKey = sha1Hex(secretKey).getBytes(StandardCharsets.US_ASCII);
        this.permissions = permissions.isEmpty() ? EnumSet.noneOf(Permission.class) : EnumSet.copyOf(permissions);
        this.user = user;
    }

    static String sha1Hex(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required by every Java runtime", e);
        }
    }

    public String accessKey() {
        return accessKey;
    }

    /** The HMAC-MD5 key bytes: ASCII of the lower-hex SHA-1 of the secret. */
    public byte[] hmacKey() {
        return hmacKey.clone();
    }

    public boolean has(Permission permission) {
        return permissions.contains(permission);
    }

    public User user() {
        return user;
    }

    @Override
    public String toString() {
        return "ApiKey[" + accessKey + ", user=" + user.username() + ", permissions=" + permissions + "]";
    }
}
