package com.camelexchange.client.internal.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs trade-API calls as the exchange checks them: {@code sign} is the lower-hex HMAC-MD5 of
 * the ASCII-sorted, unencoded {@code name=value&...} text of every parameter but {@code sign} and
 * {@code reqTime}, keyed with the lower-hex SHA-1 of the secret.
 *
 * <p>The key is derived once per secret. A {@link Mac} is not thread-safe, so each thread signs with
 * its own copy of an initialised prototype: no lock, no per-call key set-up. The secret is neither kept
 * nor shown.
 */
public final class Signer {
    private static final HexFormat HEX = HexFormat.of();

    private final Mac prototype;
    private final ThreadLocal<Mac> macs;

    public Signer(String secretKey) {
        if (secretKey == null) {
            throw new IllegalArgumentException("secretKey is required to sign");
        }
        try {
            byte[] key = HEX.formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(secretKey.getBytes(StandardCharsets.UTF_8))).getBytes(StandardCharsets.US_ASCII);
            prototype = Mac.getInstance("HmacMD5");
            prototype.init(new SecretKeySpec(key, "HmacMD5"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-1 and HmacMD5 are required by every Java runtime", e);
        }
        macs = ThreadLocal.withInitial(this::copyOfPrototype);
    }

    private Mac copyOfPrototype() {
        try {
            return (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("The HmacMD5 provider cannot copy an initialised Mac", e);
        }
    }

    /** The text that is signed: parameters sorted by name (ASCII order), raw values, no sign or reqTime. */
    public static String signedText(Map<String, String> parameters) {
        StringBuilder text = new StringBuilder(160);
        Map<String, String> sorted = parameters instanceof TreeMap<String, String> tree && tree.comparator() == null
                ? tree : new TreeMap<>(parameters);
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            String name = e.getKey();
            if (name.equals("sign") || name.equals("reqTime")) {
                continue;
            }
            if (!text.isEmpty()) {
                text.append('&');
            }
            text.append(name).append('=').append(e.getValue());
        }
        return text.toString();
    }

    /** The {@code sign} value of a signed text. */
    public String sign(String signedText) {
        return HEX.formatHex(macs.get().doFinal(signedText.getBytes(StandardCharsets.UTF_8)));
    }

    /** The {@code sign} value of a set of parameters. */
    public String sign(Map<String, String> parameters) {
        return sign(signedText(parameters));
    }

    @Override
    public String toString() {
        return "Signer[HmacMD5, secret hidden]";
    }
}
