package com.camelexchange.simulator;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.function.Consumer;

/**
 * Runs a simulator around a test class (static field) or around each test (instance field):
 *
 * <pre>{@code
 * @RegisterExtension
 * static ExchangeSimulatorExtension simulator = ExchangeSimulatorExtension.create(b -> b.variant(Variant.B).quiet());
 *
 * @Test
 * void places(ExchangeSimulator sim) { ... sim.baseUrl() ... }
 * }</pre>
 * Test methods may also take the {@link ExchangeSimulator} as a parameter.
 */
public final class ExchangeSimulatorExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {

    private final Consumer<ExchangeSimulator.Builder> customizer;
    private ExchangeSimulator simulator;
    private boolean perClass;

    private ExchangeSimulatorExtension(Consumer<ExchangeSimulator.Builder> customizer) {
        this.customizer = customizer;
    }

    /** A simulator with the defaults: variant A, activity on, free port. */
    public static ExchangeSimulatorExtension create() {
        return new ExchangeSimulatorExtension(b -> { });
    }

    public static ExchangeSimulatorExtension create(Consumer<ExchangeSimulator.Builder> customizer) {
        return new ExchangeSimulatorExtension(customizer);
    }

    /** The running simulator. */
    public ExchangeSimulator get() {
        if (simulator == null) {
            throw new IllegalStateException("The simulator runs only while a test of its class runs");
        }
        return simulator;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        perClass = true;
        simulator = newSimulator();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (!perClass) {
            simulator = newSimulator();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            stop();
        }
    }

    private ExchangeSimulator newSimulator() {
        ExchangeSimulator.Builder builder = ExchangeSimulator.builder();
        customizer.accept(builder);
        return builder.build().start();
    }

    private void stop() {
        if (simulator != null) {
            simulator.stop();
            simulator = null;
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == ExchangeSimulator.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return get();
    }
}
