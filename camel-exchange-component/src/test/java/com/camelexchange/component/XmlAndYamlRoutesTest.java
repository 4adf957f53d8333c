package com.camelexchange.component;

import com.camelexchange.client.model.Depth;
import com.camelexchange.client.model.Ticker;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.ExchangeSimulatorExtension;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Routes written in XML and YAML, loaded from resources, use the component like Java routes do. */
class XmlAndYamlRoutesTest extends SimulatorCamelTest {

    @RegisterExtension
    static final ExchangeSimulatorExtension SIMULATOR = ExchangeSimulatorExtension.create(
            b -> b.seed(11).activity(false));

    @Override
    protected ExchangeSimulator simulator() {
        return SIMULATOR.get();
    }

    private void load(String resource) throws Exception {
        PluginHelper.getRoutesLoader(context).loadRoutes(
                PluginHelper.getResourceLoader(context).resolveResource("classpath:" + resource));
    }

    @Test
    void anXmlRoutePollsTheTicker() throws Exception {
        MockEndpoint mock = getMockEndpoint("mock:xml");
        mock.expectedMessageCount(1);
        load("routes/ticker-consumer.xml");
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        Ticker ticker = mock.getExchanges().get(0).getMessage().getBody(Ticker.class);
        assertThat(ticker.market()).isEqualTo("btc_usdt");
        assertThat(ticker.sell()).isGreaterThan(ticker.buy());
    }

    @Test
    void aYamlRouteFetchesDepth() throws Exception {
        MockEndpoint mock = getMockEndpoint("mock:yaml");
        mock.expectedMessageCount(1);
        load("routes/depth-producer.yaml");
        template.sendBody("direct:depth", "go");
        mock.assertIsSatisfied(TimeUnit.SECONDS.toMillis(10));
        Depth depth = mock.getExchanges().get(0).getMessage().getBody(Depth.class);
        assertThat(depth.asks()).hasSize(5);
        assertThat(depth.bids()).hasSize(5);
        assertThat(depth.bestAsk().price()).isGreaterThan(depth.bestBid().price());
    }
}
