package com.camelexchange.simulator.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The request signature: {@code sign} is the lower-hex HMAC-MD5, keyed with the lower-hex SHA-1 of
 * the secret, of every parameter but {@code sign} and {@code reqTime}, sorted by name in ASCII order
 * and joined as raw (decoded) {@code name=value} pairs with {@code &}.
 */
final class SignatureVerifier {
    private static final ThreadLocal<KeyedMac> HMAC_MD5 = ThreadLocal.withInitial(() -> {
        try {
            return new KeyedMac(Mac.getInstance("HmacMD5"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacMD5 is required by every Java runtime", e);
        }
    });

    private SignatureVerifier() {
    }

    /** The text that is signed: sorted by name (String order is ASCII order), unencoded. */
    static String signedText(Map<String, String> parameters) {
        StringBuilder text = new StringBuilder(128);
        for (Map.Entry<String, String> e : new TreeMap<>(parameters).entrySet()) {
            if (e.getKey().equals("sign") || e.getKey().equals("reqTime")) {
                continue;
            }
            if (!text.isEmpty()) {
                text.append('&');
            }
            text.append(e.getKey()).append('=').append(e.getValue());
        }
        return text.toString();
    }

    static String sign(byte[] hmacKey, String signedText) {
        KeyedMac keyed = HMAC_MD5.get();
        if (!java.util.Arrays.equals(keyed.key, hmacKey)) {
            // Keyed again only when another key signs on this thread: keying an HMAC costs as much as a signature.
            try {
                keyed.mac.init(new SecretKeySpec(hmacKey, "HmacMD5"));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("An HMAC key of any length is valid", e);
            }
            keyed.key = hmacKey.clone();
        }
        return HexFormat.of().formatHex(keyed.mac.doFinal(signedText.getBytes(StandardCharsets.UTF_8)));
    }

    /** A thread's HMAC and the key it was last given; {@code doFinal} leaves it ready for the same key. */
    private static final class KeyedMac {
        final Mac mac;
        byte[] key;

        KeyedMac(Mac mac) {
            this.mac = mac;
        }
    }

    static boolean verify(byte[] hmacKey, Map<String, String> parameters, String sign) {
        if (sign == null) {
            return false;
        }
        String expected = sign(hmacKey, signedText(parameters));
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                sign.toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.US_ASCII));
    }
}
