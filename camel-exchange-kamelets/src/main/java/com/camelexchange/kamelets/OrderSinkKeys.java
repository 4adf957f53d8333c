package com.camelexchange.kamelets;

import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConfiguration;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelContextAware;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;

import java.util.ArrayList;
import java.util.List;

/**
 * The first step of exchange-order-sink: checks, when the route is created and so before it starts, that the
 * sink has its keys, from its own properties or from the exchange component, and names what is missing and
 * where it may be set. Messages pass through unchanged. The keys themselves are never kept in a message or
 * shown: only whether they are set is looked at.
 */
public final class OrderSinkKeys implements Processor, CamelContextAware {
    private CamelContext camelContext;
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

    /** The Kamelet's accessKey property, when it has one; only whether it is set is kept. */
    public void setAccessKey(String accessKey) {
        this.accessKey = isSet(accessKey);
    }

    /** The Kamelet's secretKey property, when it has one; only whether it is set is kept. */
    public void setSecretKey(String secretKey) {
        this.secretKey = isSet(secretKey);
    }

    /** Fails when a key is set neither on the Kamelet nor on the component. */
    public void check() {
        ExchangeConfiguration component = camelContext.getComponent("exchange", ExchangeComponent.class)
                .getConfiguration();
        List<String> missing = new ArrayList<>();
        if (!accessKey && !isSet(component.getAccessKey())) {
            missing.add("accessKey");
        }
        if (!secretKey && !isSet(component.getSecretKey())) {
            missing.add("secretKey");
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("Kamelet exchange-order-sink has no " + String.join(" and no ", missing)
                    + ": set " + where(missing));
        }
    }

    private static String where(List<String> missing) {
        List<String> places = new ArrayList<>();
        for (String key : missing) {
            places.add("the Kamelet property " + key + " (camel.kamelet.exchange-order-sink." + key
                    + ") or the component's camel.component.exchange." + key);
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
        return "OrderSinkKeys[accessKey " + (accessKey ? "set" : "from the component") + ", secretKey "
                + (secretKey ? "set" : "from the component") + "]";
    }
}
