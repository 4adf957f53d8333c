package com.camelexchange.kamelets;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The first step of exchange-order-sink: checks, when the route is created and so before it starts, that the
 * sink has an address and keys, from its own properties or from the exchange component (no keys in paper mode), and
 * names what is missing and where it may be set. Messages pass through unchanged. Of the keys only whether they are set
 * is kept: their values are never held here or shown.
 */
public final class OrderSinkSettings implements Processor, CamelContextAware {
    private static final String KAMELET = "exchange-order-sink";

    private CamelContext camelContext;
    private boolean baseUrl;
    private boolean accessKey;
    private boolean secretKey;

    @Override
    public void setCamelContext(CamelContext camelContext) {
        this.camelContext = camelContext;
    }

    @Override
    public CamelContext getCamelContext() {
        return camelContext;
    }

    /** The Kamelet's baseUrl property, when it has one. */
    public void setBaseUrl(String baseUrl) {
        this.baseUrl = isSet(baseUrl);
    }

    /** The Kamelet's accessKey property, when it has one; only whether it is set is kept. */
    public void setAccessKey(String accessKey) {
        this.accessKey = isSet(accessKey);
    }

    /** The Kamelet's secretKey property, when it has one; only whether it is set is kept. */
    public void setSecretKey(String secretKey) {
        this.secretKey = isSet(secretKey);
    }

    /** Fails when a setting is given neither on the Kamelet nor on the component. */
    public void check() {
        ExchangeComponent exchange = camelContext.getComponent("exchange", ExchangeComponent.class);
        ExchangeConfiguration component = exchange.getConfiguration();
        Map<String, Boolean> given = new LinkedHashMap<>();
        given.put("baseUrl", baseUrl || isSet(component.getBaseUrl()));
        // In paper mode orders are signed with the paper account's own keys: the user's are not needed.
        given.put("accessKey", accessKey || isSet(component.getAccessKey()) || exchange.isPaper());
        given.put("secretKey", secretKey || isSet(component.getSecretKey()) || exchange.isPaper());
        List<String> missing = new ArrayList<>();
        given.forEach((setting, isGiven) -> {
            if (!isGiven) {
                missing.add(setting);
            }
        });
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("Kamelet " + KAMELET + " has no " + String.join(" and no ", missing)
                    + ": set " + where(missing));
        }
    }

    private static String where(List<String> missing) {
        List<String> places = new ArrayList<>();
        for (String setting : missing) {
            places.add("the Kamelet property " + setting + " (camel.kamelet." + KAMELET + "." + setting
                    + ") or the component's camel.component.exchange." + setting);
        }
        return String.join(", and ", places);
    }

    /** A value of an optional property: absent, blank or the placeholder itself when no value was given. */
    private static boolean isSet(String value) {
        return value != null && !value.isBlank() && !value.startsWith("{{");
    }

    @Override
    public void process(Exchange exchange) {
        // Nothing to do per message: the check ran when the route was created.
    }

    @Override
    public String toString() {
        return "OrderSinkSettings[baseUrl " + given(baseUrl) + ", accessKey " + given(accessKey) + ", secretKey "
                + given(secretKey) + "]";
    }

    private static String given(boolean onKamelet) {
        return onKamelet ? "on the Kamelet" : "from the component";
    }
}
