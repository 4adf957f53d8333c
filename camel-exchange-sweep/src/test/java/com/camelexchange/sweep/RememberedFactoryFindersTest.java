package com.camelexchange.sweep;

import org.apache.camel.CamelContext;
import org.apache.camel.Component;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.FactoryFinderResolver;
import org.apache.camel.spi.Language;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Contexts given the same {@link RememberedFactoryFinders} look a name up in the jars once: a second context finds
 * the {@code bean} language and component with nothing new to remember, yet gets instances of its own.
 */
class RememberedFactoryFindersTest {
    private record Found(Language language, Component component) {
    }

    @Test
    void aSecondContextFindsWhatTheFirstLookedUpAndMakesItsOwnInstances() throws Exception {
        RememberedFactoryFinders finders = new RememberedFactoryFinders();
        Found first = resolve(finders);
        int rememberedAfterFirst = finders.remembered();
        assertThat(rememberedAfterFirst).as("look-ups remembered").isPositive();

        Found second = resolve(finders);
        assertThat(finders.remembered()).as("nothing looked up again").isEqualTo(rememberedAfterFirst);
        assertThat(second.language()).isNotSameAs(first.language()).hasSameClassAs(first.language());
        assertThat(second.component()).isNotSameAs(first.component()).hasSameClassAs(first.component());
    }

    private static Found resolve(RememberedFactoryFinders finders) throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.getCamelContextExtension().addContextPlugin(FactoryFinderResolver.class, finders);
            return new Found(context.resolveLanguage("bean"), context.getComponent("bean"));
        }
    }
}
