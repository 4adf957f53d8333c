package com.camelexchange.component;

import com.camelexchange.client.error.ExchangeValidationException;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The paper switch and recording need camel-exchange-paper, which this module's tests do not have: the component
 * refuses to start, naming what to add, rather than fail at the first call or sign with the user's keys.
 */
class PaperSwitchTest {

    private static CamelContext context(Consumer<ExchangeComponent> options) {
        CamelContext context = new DefaultCamelContext();
        ExchangeComponent component = context.getComponent("exchange", ExchangeComponent.class);
        component.getConfiguration().setBaseUrl("http://127.0.0.1:9");
        options.accept(component);
        return context;
    }

    /** Starts the component alone: the context would log the failure the test expects with its stack trace. */
    private static void start(CamelContext context) {
        context.getComponent("exchange", ExchangeComponent.class).start();
    }

    @Test
    void paperModeWithoutThePaperModuleFailsAtStartNamingIt() {
        CamelContext context = context(c -> {
            c.setPaper(true);
            c.setPaperBalances("usdt=10000");
        });
        try {
            assertThatThrownBy(() -> start(context)).hasStackTraceContaining("com.camelexchange:camel-exchange-paper")
                    .hasStackTraceContaining("option paper");
        } finally {
            context.stop();
        }
    }

    @Test
    void recordingWithoutThePaperModuleFailsAtStartNamingIt() {
        CamelContext context = context(c -> c.setRecordTo("target/never.jsonl"));
        try {
            assertThatThrownBy(() -> start(context)).hasStackTraceContaining("com.camelexchange:camel-exchange-paper")
                    .hasStackTraceContaining("option recordTo");
        } finally {
            context.stop();
        }
    }

    @Test
    void paperBalancesAreCheckedWithTheOptionsName() {
        for (String bad : new String[] {null, "usdt", "usdt=-1", "USDT=1", "usdt=1,usdt=2", "usdt=1e999999"}) {
            CamelContext context = context(c -> {
                c.setPaper(true);
                c.setPaperBalances(bad);
            });
            try {
                assertThatThrownBy(() -> start(context)).as(String.valueOf(bad))
                        .hasStackTraceContaining("Invalid option paperBalances");
            } finally {
                context.stop();
            }
        }
    }

    @Test
    void theFillOptionsAreCheckedWithTheirNamesAtStart() {
        Map<String, Consumer<ExchangeComponent>> bad = new LinkedHashMap<>();
        bad.put("paperFillModel", c -> c.setPaperFillModel("fifo"));
        bad.put("paperFillAtTouch", c -> c.setPaperFillAtTouch("1.5"));
        // The share is the touch model's: with another model it would be silently ignored.
        bad.put("paperFillAtTouch ", c -> {
            c.setPaperFillModel("queue");
            c.setPaperFillAtTouch("0.5");
        });
        bad.put("paperLatency", c -> c.setPaperLatency(-1));
        bad.put("paperLatency ", c -> c.setPaperLatency(60_001));
        bad.forEach((option, setting) -> {
            CamelContext context = context(c -> {
                c.setPaper(true);
                c.setPaperBalances("usdt=1");
                setting.accept(c);
            });
            try {
                assertThatThrownBy(() -> start(context)).as(option)
                        .isInstanceOf(ExchangeValidationException.class)
                        .hasStackTraceContaining("Invalid option " + option.trim());
            } finally {
                context.stop();
            }
        });
    }

    @Test
    void inPaperModeSignedEndpointsNeedNoKeysOfTheirOwn() throws Exception {
        CamelContext context = context(c -> c.setPaper(true));
        try {
            assertThat(context.getEndpoint("exchange:order")).isInstanceOf(ExchangeEndpoint.class);
            assertThat(context.getEndpoint("exchange:getAccountInfo")).isInstanceOf(ExchangeEndpoint.class);
        } finally {
            context.stop();
        }
        CamelContext live = context(c -> { });
        try {
            assertThatThrownBy(() -> live.getEndpoint("exchange:order")).hasStackTraceContaining("accessKey");
        } finally {
            live.stop();
        }
    }
}
