package com.camelexchange.springboot;

import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;

import java.util.Locale;

/**
 * Masks the exchange keys in {@code /actuator/configprops} and {@code /actuator/env} even where an application
 * sets {@code show-values} to {@code always} (Spring Boot 3 then masks nothing by itself). Matches the key in
 * every spelling a property source may use: {@code secret-key}, {@code secretKey}, {@code SECRET_KEY}.
 */
public class SecretPropertySanitizer implements SanitizingFunction {

    @Override
    public SanitizableData apply(SanitizableData data) {
        String key = data.getKey() == null ? "" : normalise(data.getKey());
        boolean secret = key.endsWith("secretkey") || key.contains("exchange") && key.endsWith("accesskey");
        return secret ? data.withValue(SanitizableData.SANITIZED_VALUE) : data;
    }

    private static String normalise(String key) {
        return key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
