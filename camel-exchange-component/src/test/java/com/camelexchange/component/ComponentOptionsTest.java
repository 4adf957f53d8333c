package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The component's options where Camel and Java code find them. Every option of the generated metadata is set by its
 * name through the generated configurer (as properties, Spring Boot and Camel Main set it) and read back through
 * the Java getter of the component, or of its endpoint defaults for an endpoint option; the holders of the
 * component-only options are not options themselves. A component-only option out of range fails the component's
 * start, naming it, before any endpoint made a client, paper trading on or not.
 */
class ComponentOptionsTest {
    private static final Set<String> TEXT_TYPES = Set.of("int", "long", "boolean", "java.lang.String",
            "java.lang.Integer", "java.lang.Long");
    private final List<CamelContext> contexts = new ArrayList<>();

    @AfterEach
    void stop() {
        contexts.forEach(CamelContext::stop);
    }

    private ExchangeComponent component() {
        CamelContext context = new DefaultCamelContext();
        contexts.add(context);
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl("http://127.0.0.1:9");
        return component;
    }

    private static JsonNode componentProperties() throws Exception {
        try (InputStream in = ComponentOptionsTest.class
                .getResourceAsStream("/META-INF/com/camelexchange/component/exchange.json")) {
            return new ObjectMapper().readTree(in).get("componentProperties");
        }
    }

    @Test
    void everyOptionSetByNameIsReadByItsJavaGetter() throws Exception {
        ExchangeComponent component = component();
        ExchangeComponentConfigurer configurer = new ExchangeComponentConfigurer();
        JsonNode options = componentProperties();
        assertThat(options.has("resourcesConfiguration")).isFalse();
        assertThat(options.has("paperConfiguration")).isFalse();
        List<String> checked = new ArrayList<>();
        options.fields().forEachRemaining(option -> {
            String name = option.getKey();
            JsonNode model = option.getValue();
            String javaType = model.get("javaType").asText();
            boolean endpointDefault = "configuration".equals(model.path("configurationField").asText());
            Object owner = endpointDefault ? component.getConfiguration() : component;
            String property = Character.toUpperCase(name.charAt(0)) + name.substring(1);
            Method getter = getter(owner.getClass(), ("boolean".equals(javaType) ? "is" : "get") + property);
            assertThat(getter).as("the Java getter of %s", name).isNotNull();
            assertThat(setter(owner.getClass(), "set" + property)).as("the Java setter of %s", name).isNotNull();
            if (!TEXT_TYPES.contains(javaType) || model.has("enum")) {
                return;
            }
            String value = "boolean".equals(javaType) ? String.valueOf(!model.path("defaultValue").asBoolean())
                    : javaType.equals("java.lang.String") ? "x" + name : "7";
            assertThat(configurer.configure(component.getCamelContext(), component, name, value, false)).as(name)
                    .isTrue();
            try {
                assertThat(String.valueOf(getter.invoke(owner))).as(name).isEqualTo(value);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(name, e);
            }
            checked.add(name);
        });
        assertThat(checked).contains("keepAliveInterval", "pollThreads", "paper", "paperLatency", "recordTo",
                "baseUrl", "readRetries", "clientRateLimits");
    }

    @Test
    void aComponentOptionOutOfRangeFailsTheStartNamingIt() {
        // As properties give them: text, which the configurer converts.
        Map<String, String> bad = new LinkedHashMap<>();
        bad.put("connectTimeout", "0");
        bad.put("keepAliveInterval", "0");
        bad.put("silenceTimeout", "-1");
        bad.put("channelSilenceTimeout", "0");
        bad.put("reconnectDelay", "0");
        bad.put("maxReconnectDelay", "0");
        bad.put("rateLimitMaxWait", "-1");
        bad.put("marketDataRequestsPerSecond", "-1");
        bad.put("maxConnections", "0");
        bad.put("pollThreads", "0");
        bad.put("streamThreads", "0");
        bad.put("streamCatchUps", "0");
        bad.put("proxyPort", "65536");
        // Paper trading off: a paper option is still checked, so that switching it on meets no surprise.
        bad.put("paperFillModel", "fifo");
        bad.put("paperLatency", "60001");
        bad.put("paperClockSkew", "3601");
        bad.put("paperPollDelay", "0");
        bad.put("paperStateKey", " ");
        ExchangeComponentConfigurer configurer = new ExchangeComponentConfigurer();
        bad.forEach((option, value) -> {
            ExchangeComponent component = component();
            configurer.configure(component.getCamelContext(), component, option, value, false);
            assertThatThrownBy(component::start).as(option).isInstanceOf(ExchangeValidationException.class)
                    .hasMessageStartingWith("Invalid option " + option + ":");
            assertThat(component.starts()).as("refused before anything started").isZero();
        });
    }

    @Test
    void theDefaultsAndTheEdgesOfEachRangeStart() {
        ExchangeComponent defaults = component();
        defaults.start();
        assertThat(defaults.isStarted()).isTrue();
        ExchangeComponent edges = component();
        edges.setRateLimitMaxWait(0);
        edges.setMarketDataRequestsPerSecond(0);
        edges.setProxyPort(0);
        edges.setKeepAliveInterval(1);
        edges.setPollThreads(1);
        edges.setPaperLatency(0);
        edges.setPaperClockSkew(0);
        edges.start();
        assertThat(edges.isStarted()).isTrue();
    }

    @Test
    void theJavaSettersAndTheConfigurationsHoldTheSameValues() {
        ExchangeComponent component = component();
        component.setKeepAliveInterval(100);
        component.getPaperConfiguration().setPaperBalances("usdt=1");
        component.setPaper(true);
        assertThat(component.getResourcesConfiguration().getKeepAliveInterval()).isEqualTo(100);
        assertThat(component.getPaperBalances()).isEqualTo("usdt=1");
        assertThat(component.getPaperConfiguration().isPaper()).isTrue();
        assertThat(component.paperTrading()).isTrue();
    }

    private static Method getter(Class<?> type, String name) {
        try {
            return type.getMethod(name);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static Method setter(Class<?> type, String name) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == 1) {
                return method;
            }
        }
        return null;
    }
}
