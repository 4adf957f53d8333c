package com.camelexchange.springboot;

import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The keys are masked in every spelling and wherever their values come from; nothing else is: the sanitizer
 * is meant for applications that do show values.
 */
class SecretPropertySanitizerTest {
    private final MockEnvironment environment = new MockEnvironment()
            .withProperty("camel.component.exchange.base-url", "http://127.0.0.1:8080")
            .withProperty("camel.component.exchange.access-key", "${MY_ACCESS}")
            .withProperty("camel.component.exchange.secret-key", "${MY_SECRET}")
            .withProperty("MY_ACCESS", "the-access-key")
            .withProperty("MY_SECRET", "the-secret-key");
    private final SecretPropertySanitizer sanitizer = new SecretPropertySanitizer(environment);

    @Test
    void theSecretOptionsAreThoseTheComponentMetadataDeclaresSecret() {
        assertThat(sanitizer.secretOptions()).containsExactlyInAnyOrder("accessKey", "secretKey");
    }

    @Test
    void masksTheKeysUnderEveryNameOfTheirProperties() {
        for (String key : new String[] { "camel.component.exchange.access-key", "camel.component.exchange.secret-key",
                "camel.component.exchange.accessKey", "camel.component.exchange.secretKey",
                "CAMEL_COMPONENT_EXCHANGE_ACCESSKEY", "CAMEL_COMPONENT_EXCHANGE_SECRETKEY",
                "EXCHANGE_ACCESS_KEY", "EXCHANGE_SECRET_KEY" }) {
            assertThat(shown(key, "anything")).as(key).isEqualTo(SanitizableData.SANITIZED_VALUE);
        }
    }

    @Test
    void masksTheKeysValuesWhereverTheyComeFrom() {
        // The variables the placeholders read, whatever their names.
        assertThat(shown("MY_ACCESS", "the-access-key")).isEqualTo(SanitizableData.SANITIZED_VALUE);
        assertThat(shown("MY_SECRET", "the-secret-key")).isEqualTo(SanitizableData.SANITIZED_VALUE);
    }

    @Test
    void showsEverythingElse() {
        assertThat(shown("camel.component.exchange.baseUrl", "http://127.0.0.1:8080"))
                .isEqualTo("http://127.0.0.1:8080");
        assertThat(shown("camel.component.exchange.api-variant", "A")).isEqualTo("A");
        assertThat(shown("camel.component.exchange.readRetries", 2)).isEqualTo(2);
        // A key of something else than the exchange is not ours to mask.
        assertThat(shown("other.service.secret-key", "other")).isEqualTo("other");
        assertThat(shown("MY_OTHER", "")).isEqualTo("");
    }

    @Test
    void anUnresolvablePlaceholderIsNoFailure() {
        SecretPropertySanitizer unresolved = new SecretPropertySanitizer(
                new MockEnvironment().withProperty("camel.component.exchange.secret-key", "${NOT_SET}"));
        assertThat(unresolved.apply(new SanitizableData(null, "server.port", "8080")).getValue()).isEqualTo("8080");
        assertThat(unresolved.apply(new SanitizableData(null, "camel.component.exchange.secret-key", "${NOT_SET}"))
                .getValue()).isEqualTo(SanitizableData.SANITIZED_VALUE);
    }

    private Object shown(String key, Object value) {
        return sanitizer.apply(new SanitizableData(null, key, value)).getValue();
    }
}
