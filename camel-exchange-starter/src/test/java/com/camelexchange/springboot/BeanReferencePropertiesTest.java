package com.camelexchange.springboot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationPropertiesBinding;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every option of the component's metadata that takes an object binds {@code #name} to the application's bean of
 * that name, through the starter's generated properties and its converter, whatever options the component adds;
 * an option of any object ({@code java.lang.Object}) keeps the reference as text for Camel to look up.
 */
class BeanReferencePropertiesTest {
    private static final String PREFIX = "camel.component.exchange.";

    @Test
    void everyObjectOptionBindsTheBeanItsReferenceNames() throws Exception {
        Map<String, Object> beans = new HashMap<>();
        List<String> properties = new ArrayList<>();
        ApplicationContextRunner runner = new ApplicationContextRunner().withUserConfiguration(Binding.class);
        for (Map.Entry<String, JsonNode> option : objectOptions().entrySet()) {
            String javaType = option.getValue().get("javaType").asText();
            if ("java.lang.Object".equals(javaType)) {
                continue;
            }
            Class<?> type = Class.forName(javaType.replaceAll("<.*", ""));
            Object bean = anInstanceOf(type);
            String name = option.getKey() + "Bean";
            runner = withBean(runner, name, type, bean);
            beans.put(option.getKey(), bean);
            properties.add(PREFIX + kebab(option.getKey()) + "=#" + name);
        }
        assertThat(beans).containsKeys("configuration", "stateRepository", "paperStateRepository",
                "sslContextParameters", "rateBudgets");

        runner.withPropertyValues(properties.toArray(String[]::new)).run(context -> {
            assertThat(context).hasNotFailed();
            ExchangeComponentConfiguration configuration = context.getBean(ExchangeComponentConfiguration.class);
            for (Map.Entry<String, Object> option : beans.entrySet()) {
                assertThat(get(configuration, option.getKey())).as(option.getKey()).isSameAs(option.getValue());
            }
        });
    }

    @Test
    void anOptionOfAnyObjectKeepsTheReferenceAsText() throws Exception {
        List<String> anyObject = new ArrayList<>();
        objectOptions().forEach((option, metadata) -> {
            if ("java.lang.Object".equals(metadata.get("javaType").asText())) {
                anyObject.add(option);
            }
        });
        assertThat(anyObject).contains("meterRegistry");
        for (String option : anyObject) {
            new ApplicationContextRunner().withUserConfiguration(Binding.class)
                    .withPropertyValues(PREFIX + kebab(option) + "=#myRegistry").run(context -> {
                        assertThat(context).hasNotFailed();
                        assertThat(get(context.getBean(ExchangeComponentConfiguration.class), option))
                                .as(option).isEqualTo("#myRegistry");
                    });
        }
    }

    /** The starter's properties with its converter, as ExchangeComponentAutoConfiguration registers them. */
    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(ExchangeComponentConfiguration.class)
    static class Binding {
        @Bean
        @ConfigurationPropertiesBinding
        static BeanReferenceConverter exchangeBeanReferenceConverter(ApplicationContext applicationContext) {
            return ExchangeComponentAutoConfiguration.exchangeBeanReferenceConverter(applicationContext);
        }
    }

    private static Map<String, JsonNode> objectOptions() throws Exception {
        Map<String, JsonNode> options = new HashMap<>();
        try (InputStream in = BeanReferencePropertiesTest.class.getClassLoader()
                .getResourceAsStream("META-INF/com/camelexchange/component/exchange.json")) {
            new ObjectMapper().readTree(in).get("componentProperties").properties().forEach(option -> {
                if ("object".equals(option.getValue().get("type").asText())) {
                    options.put(option.getKey(), option.getValue());
                }
            });
        }
        return options;
    }

    @SuppressWarnings("unchecked")
    private static <T> ApplicationContextRunner withBean(ApplicationContextRunner runner, String name, Class<T> type,
                                                         Object bean) {
        return runner.withBean(name, type, () -> (T) bean);
    }

    /**
     * A bean of the type: a new one, or for an interface one that only its identity is asked of (its lifecycle
     * methods, which Spring calls on close, do nothing).
     */
    private static Object anInstanceOf(Class<?> type) throws Exception {
        if (!type.isInterface()) {
            return type.getDeclaredConstructor().newInstance();
        }
        return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
            if (method.getReturnType() == void.class) {
                return null;
            }
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "toString" -> "a " + type.getSimpleName();
                default -> throw new UnsupportedOperationException(method.getName());
            };
        });
    }

    private static Object get(ExchangeComponentConfiguration configuration, String option) throws Exception {
        String getter = "get" + Character.toUpperCase(option.charAt(0)) + option.substring(1);
        return ExchangeComponentConfiguration.class.getMethod(getter).invoke(configuration);
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }
}
