package com.camelexchange.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The component's options where Camel and Java code find them. Every option of the generated metadata is set by its
 * name through the generated configurer (as properties, Spring Boot and Camel Main set it) and read back through
 * the Java getter of the component, or of its endpoint defaults for an endpoint option; the holders of the
 * component-only options are not options themselves.
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
