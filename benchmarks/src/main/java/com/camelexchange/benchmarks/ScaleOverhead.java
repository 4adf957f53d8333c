package com.camelexchange.benchmarks;

import com.camelexchange.benchmarks.LoadLoop.Call;
import com.camelexchange.benchmarks.LoadLoop.Load;
import com.camelexchange.client.model.ApiVariant;
import com.camelexchange.simulator.ExchangeSimulator;
import com.camelexchange.simulator.SimulatorLimits;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * The producer's overhead over Camel's own share, for the scale table: a route {@code direct → exchange:ticker}
 * against the same route shape calling a plain Apache HttpClient 5 GET in a processor, both at 4 threads with
 * all limits off (as the overhead section measures it). Paired rounds alternating which goes first; the figure
 * is the median of the pairs' request-rate ratios, with the process CPU per call of each side.
 */
final class ScaleOverhead {
    private static final int THREADS = 4;
    private static final int ROUND_SECONDS = 2;
    private static final int WARM_UP_SECONDS = 6;

    /** The median ratio (producer route ÷ plain GET in a route), its range, and CPU per call of each, in µs. */
    record Result(int rounds, double median, double min, double max, double producerCpu, double plainCpu,
                  double producerRate, double plainRate) {
    }

    private ScaleOverhead() {
    }

    static Result run(int rounds) throws Exception {
        try (ExchangeSimulator sim = ExchangeSimulator.builder().seed(42).activity(false)
                .limits(SimulatorLimits.none()).build().start();
             CloseableHttpClient plain = HttpClients.custom().disableAutomaticRetries()
                     .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create().setMaxConnTotal(20)
                             .setMaxConnPerRoute(20).build()).build()) {
            CamelContext context = LoadHarness.context(sim, ApiVariant.A, false);
            String url = sim.baseUrl() + "/data/v1/ticker?market=btc_usdt";
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:producer").to("exchange:ticker?market=btc_usdt");
                    from("direct:plain").process(e -> e.getMessage().setBody(LoadHarness.get(plain, url)));
                }
            });
            ProducerTemplate template = context.createProducerTemplate();
            Endpoint producerRoute = context.getEndpoint("direct:producer");
            Endpoint plainRoute = context.getEndpoint("direct:plain");
            Call producer = () -> template.requestBody(producerRoute, (Object) null);
            Call plainInRoute = () -> template.requestBody(plainRoute, (Object) null);
            LoadLoop.run(producer, THREADS, WARM_UP_SECONDS);
            LoadLoop.run(plainInRoute, THREADS, WARM_UP_SECONDS);
            List<Load> producers = new ArrayList<>();
            List<Load> plains = new ArrayList<>();
            List<Double> ratios = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                boolean producerFirst = round % 2 == 0;
                Load first = LoadLoop.run(producerFirst ? producer : plainInRoute, THREADS, ROUND_SECONDS);
                Load second = LoadLoop.run(producerFirst ? plainInRoute : producer, THREADS, ROUND_SECONDS);
                Load p = producerFirst ? first : second;
                Load c = producerFirst ? second : first;
                producers.add(p);
                plains.add(c);
                ratios.add(p.rate() / c.rate());
            }
            context.stop();
            double[] sorted = ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double median = (sorted[(sorted.length - 1) / 2] + sorted[sorted.length / 2]) / 2;
            Load p = Load.combine(producers);
            Load c = Load.combine(plains);
            return new Result(rounds, median, sorted[0], sorted[sorted.length - 1], p.cpuPerCall(), c.cpuPerCall(),
                    p.rate(), c.rate());
        }
    }
}
