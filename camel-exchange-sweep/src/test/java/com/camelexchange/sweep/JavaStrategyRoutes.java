package com.camelexchange.sweep;

import com.camelexchange.client.error.ExchangeErrorReplyException;
import org.apache.camel.builder.RouteBuilder;

/** The YAML strategy of {@code routes/strategy.yaml} in the Java DSL: the same orders, so the same sweep. */
public class JavaStrategyRoutes extends RouteBuilder {
    @Override
    public void configure() {
        long every = Long.parseLong(getContext().resolvePropertyPlaceholders("{{strategy.every}}"));
        from("exchange:trades?market=btc_usdt&streaming=true").routeId("sweep-strategy")
                .sample(every)
                .choice()
                    .when(simple("${body.takerSide} == 'BUY'"))
                        .setBody(simple("{\"market\": \"btc_usdt\", \"side\": \"sell\", \"price\": \"${body.price}\","
                                        + " \"amount\": \"{{strategy.size}}\"}"))
                    .otherwise()
                        .setBody(simple("{\"market\": \"btc_usdt\", \"side\": \"buy\", \"price\": \"${body.price}\","
                                        + " \"amount\": \"{{strategy.size}}\"}"))
                .end()
                .doTry()
                    .to("exchange:order")
                .doCatch(ExchangeErrorReplyException.class)
                .end();
    }
}
