package com.camelexchange.springboot;

import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A wrong property value stops the application at start-up, and the message names the property and value. */
class StartupFailureTest {

    @Test
    void anUnknownApiVariantFailsStartUp() {
        assertStartUpFails("camel.component.exchange.api-variant=C", "camel.component.exchange.api-variant", "C");
    }

    @Test
    void aNonNumericTimeoutFailsStartUp() {
        assertStartUpFails("camel.component.exchange.request-timeout=ten seconds",
                "camel.component.exchange.request-timeout", "ten seconds");
    }

    @Test
    void aReferenceToAMissingBeanFailsStartUp() {
        assertStartUpFails("camel.component.exchange.state-repository=#noSuchRepository",
                "camel.component.exchange.state-repository", "noSuchRepository");
    }

    @Test
    void theSameApplicationStartsWithValidValues() {
        try (ConfigurableApplicationContext context = application(
                "camel.component.exchange.base-url=http://127.0.0.1:9", "camel.component.exchange.api-variant=B",
                "camel.component.exchange.access-key=a", "camel.component.exchange.secret-key=s")
                .run()) {
            assertThat(context.isRunning()).isTrue();
        }
    }

    private static void assertStartUpFails(String property, String name, String value) {
        // The failure is expected: its report is what is asserted, so Spring's banner and warning stay out of the log.
        assertThatThrownBy(() -> application(property, "logging.level.org.springframework.boot.diagnostics=off",
                "logging.level.org.springframework.boot.SpringApplication=off",
                "logging.level.org.springframework.context=off").run().close())
                .satisfies(e -> assertThat(messages(e)).contains(name).contains(value));
    }

    private static SpringApplicationBuilder application(String... properties) {
        return new SpringApplicationBuilder(StarterTestApplication.class).web(WebApplicationType.NONE)
                .properties(properties).properties("spring.main.banner-mode=off");
    }

    /** The messages of the whole cause chain, as the start-up failure report shows them. */
    private static String messages(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t.getMessage()).append('\n');
        }
        return all.toString();
    }
}
