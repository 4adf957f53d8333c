package com.camelexchange.kamelets;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.spi.PropertiesComponent;
import org.apache.camel.spi.PropertiesFunction;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The placeholder function {@code {{exchange-kamelet:<kamelet>}}} (a source) or {@code {{exchange-kamelet:<kamelet>:keys}}}
 * (the order sink, which signs): a Kamelet's settings check, which gives the base URL its exchange endpoint works
 * with. Camel resolves the placeholder when it creates the Kamelet's route, before the endpoint exists, so a Kamelet
 * that lacks a setting fails there, naming what is missing and both places it may be set, the Kamelet property and
 * the component's. A setting is given when the Kamelet has it as a property (its template parameter, also from
 * {@code camel.kamelet.<kamelet>.<name>}) or the exchange component has it; keys are not needed in paper mode,
 * where orders are signed with the paper account's own. Of the keys only whether they are set is looked at: their
 * values are never kept or shown.
 *
 * <p>Camel finds the function by its name under {@code META-INF/services/org/apache/camel/properties-function/}.
 */
public final class KameletSettings implements PropertiesFunction, CamelContextAware {
    static final String NAME = "exchange-kamelet";
    private static final String KEYS = ":keys";

    private CamelContext camelContext;

    @Override
    public void setCamelContext(CamelContext camelContext) {
        this.camelContext = camelContext;
    }

    @Override
    public CamelContext getCamelContext() {
        return camelContext;
    }

    @Override
    public String getName() {
        return NAME;
    }

    /** The Kamelet's own base URL, else the component's; fails when a setting is given on neither. */
    @Override
    public String apply(String remainder) {
        boolean keysNeeded = remainder.endsWith(KEYS);
        String kamelet = keysNeeded ? remainder.substring(0, remainder.length() - KEYS.length()) : remainder;
        ExchangeComponent exchange = camelContext.getComponent("exchange", ExchangeComponent.class);
        ExchangeConfiguration component = exchange.getConfiguration();
        // The Kamelet's properties are its route's local properties while Camel creates that route.
        PropertiesComponent properties = camelContext.getPropertiesComponent();
        Optional<String> baseUrl = own(properties, "baseUrl").or(() -> given(component.getBaseUrl()));

        List<String> missing = new ArrayList<>();
        if (baseUrl.isEmpty()) {
            missing.add("baseUrl");
        }
        if (keysNeeded && !exchange.isPaper()) {
            if (own(properties, "accessKey").isEmpty() && given(component.getAccessKey()).isEmpty()) {
                missing.add("accessKey");
            }
            if (own(properties, "secretKey").isEmpty() && given(component.getSecretKey()).isEmpty()) {
                missing.add("secretKey");
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("Kamelet " + kamelet + " has no " + String.join(" and no ", missing)
                    + ": set " + where(kamelet, missing));
        }
        return baseUrl.get();
    }

    private static String where(String kamelet, List<String> missing) {
        List<String> places = new ArrayList<>();
        for (String setting : missing) {
            places.add("the Kamelet property " + setting + " (camel.kamelet." + kamelet + "." + setting
                    + ") or the component's camel.component.exchange." + setting);
        }
        return String.join(", and ", places);
    }

    private static Optional<String> own(PropertiesComponent properties, String name) {
        return properties.resolveProperty(name).flatMap(KameletSettings::given);
    }

    /** A value that is set: not absent or blank. */
    private static Optional<String> given(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }
}
