package com.camelexchange.component;

import com.camelexchange.client.model.Ticker;
import org.apache.camel.CamelContext;
import org.apache.camel.console.DevConsole;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;

import java.util.function.Function;

/**
 * Run by {@link WithoutMicrometerTest} in a class loader without Micrometer: a context with the component, a call,
 * the dev console. Answers what it saw, for the test to check.
 */
public class WithoutMicrometerScenario implements Function<String, String> {

    @Override
    public String apply(String baseUrl) {
        StringBuilder seen = new StringBuilder();
        try {
            Class.forName("io.micrometer.core.instrument.MeterRegistry");
            seen.append("micrometer visible");
        } catch (ClassNotFoundException expected) {
            seen.append("micrometer hidden");
        }
        CamelContext context = new DefaultCamelContext();
        try {
            ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
            component.getConfiguration().setBaseUrl(baseUrl);
            context.start();
            Ticker ticker = context.createProducerTemplate().requestBody("exchange:ticker?market=btc_usdt", null,
                    Ticker.class);
            seen.append("; ticker ").append(ticker.market());
            seen.append("; metrics ").append(component.shared().metricsIfResolved().describe());
            DevConsole console = PluginHelper.getDevConsoleResolver(context).resolveDevConsole("exchange");
            String text = (String) console.call(DevConsole.MediaType.TEXT);
            seen.append(text.contains("market-data") ? "; console lists market-data" : "; console: " + text);
        } finally {
            context.stop();
        }
        return seen.toString();
    }
}
