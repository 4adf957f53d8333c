package com.camelexchange.springboot;

import org.apache.camel.util.json.DeserializationException;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.core.env.PropertyResolver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Masks the exchange component's secret options (those its metadata declares {@code secret}: today
 * {@code access-key} and {@code secret-key}) in {@code /actuator/configprops} and {@code /actuator/env} where an
 * application shows values ({@code show-values} {@code always} or {@code when-authorized}: Spring Boot 3 then
 * masks nothing by itself); every other value stays visible. A value is masked
 * <ul>
 *   <li>under a name that names the exchange and ends with a secret option, in every spelling a property
 *       source may use: {@code camel.component.exchange.secret-key}, {@code camel.component.exchange.secretKey},
 *       {@code CAMEL_COMPONENT_EXCHANGE_SECRETKEY}, and variables such as {@code EXCHANGE_SECRET_KEY};</li>
 *   <li>under any name, where it is the value a secret option has now: the variable or property a placeholder
 *       such as {@code secret-key: ${MY_KEY}} reads shows masked too.</li>
 * </ul>
 */
public class SecretPropertySanitizer implements SanitizingFunction {
    /** The component's metadata (generated from its {@code secret = true} options), as Camel's catalog reads it. */
    static final String COMPONENT_METADATA = "META-INF/com/camelexchange/component/exchange.json";
    static final String PREFIX = "camel.component.exchange.";

    /** The secret options as the component names them, e.g. accessKey. */
    private final List<String> secretOptions;
    /** The same, normalised: lower case, letters and digits only. */
    private final List<String> normalisedOptions;
    /** Resolves the options' current values; null to mask by name only. */
    private final PropertyResolver environment;

    /** The secret options of the component's metadata, their values read from the environment. */
    public SecretPropertySanitizer(PropertyResolver environment) {
        this(secretOptionsOfComponent(), environment);
    }

    SecretPropertySanitizer(Collection<String> secretOptions, PropertyResolver environment) {
        this.secretOptions = List.copyOf(secretOptions);
        this.normalisedOptions = this.secretOptions.stream().map(SecretPropertySanitizer::normalise).toList();
        this.environment = environment;
    }

    /** The component options declared secret, e.g. {@code [accessKey, secretKey]}. */
    public List<String> secretOptions() {
        return secretOptions;
    }

    @Override
    public SanitizableData apply(SanitizableData data) {
        return isSecretName(data.getKey()) || isSecretValue(data.getValue())
                ? data.withValue(SanitizableData.SANITIZED_VALUE) : data;
    }

    private boolean isSecretName(String key) {
        if (key == null) {
            return false;
        }
        String name = normalise(key);
        return name.contains("exchange") && normalisedOptions.stream().anyMatch(name::endsWith);
    }

    private boolean isSecretValue(Object value) {
        if (environment == null || !(value instanceof CharSequence text) || text.toString().isBlank()) {
            return false;
        }
        for (String option : secretOptions) {
            if (text.toString().equals(currentValue(option))) {
                return true;
            }
        }
        return false;
    }

    private String currentValue(String option) {
        try {
            return environment.getProperty(PREFIX + kebab(option));
        } catch (RuntimeException unresolvable) {
            return null; // e.g. a placeholder without a value: nothing to look for
        }
    }

    static List<String> secretOptionsOfComponent() {
        try (InputStream in = SecretPropertySanitizer.class.getClassLoader().getResourceAsStream(COMPONENT_METADATA)) {
            if (in == null) {
                throw new IllegalStateException(COMPONENT_METADATA + " is not on the class path");
            }
            JsonObject metadata = (JsonObject) Jsoner.deserialize(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            Map<String, Object> properties = metadata.getMap("componentProperties");
            List<String> secret = new ArrayList<>();
            properties.forEach((name, option) -> {
                if (option instanceof JsonObject o && o.getBooleanOrDefault("secret", false)) {
                    secret.add(name);
                }
            });
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DeserializationException e) {
            throw new IllegalStateException("Cannot read " + COMPONENT_METADATA, e);
        }
    }

    private static String normalise(String key) {
        return key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }

    private static String kebab(String option) {
        return option.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }
}
