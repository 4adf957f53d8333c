package com.camelexchange.examples.cluster;

import com.camelexchange.client.model.OrderRequest;
import com.camelexchange.client.model.OrderSide;
import com.camelexchange.client.model.PlacedOrder;
import com.camelexchange.client.model.Trade;
import com.camelexchange.cluster.MasterElectionWatch;
import com.camelexchange.cluster.MasterRouteFence;
import com.camelexchange.cluster.ZooKeeperRateBudgets;
import com.camelexchange.cluster.ZooKeeperStateRepository;
import com.camelexchange.component.ExchangeComponent;
import com.camelexchange.component.ExchangeConstants;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.zookeeper.ZooKeeperCuratorConfiguration;
import org.apache.camel.component.zookeeper.cluster.ZooKeeperClusterService;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One instance of the integration, in a JVM of its own, as a user would deploy it three times:
 * <ul>
 *   <li>the trades of {@code btc_usdt} from the stream, through {@code master:trades:...}, so that only the
 *       instance ZooKeeper elects consumes them, from the position the last leader committed to ZooKeeper;
 *       each trade is stored once in the shared store, a file named by its trade id (an idempotent sink: a
 *       trade a new leader delivers again finds its file and is left alone);</li>
 *   <li>four routes placing orders on the one key the instances share, as fast as the shared budget lets
 *       them, each writing the id of every order it placed to a file of its own, so that the run can tell
 *       whether the exchange holds each of them, once.</li>
 * </ul>
 * Arguments: node name, ZooKeeper connect string, exchange base URL, access key, secret key, shared store
 * directory, the trade id to start after, the directory of the order records.
 */
public final class ClusterNode {
    static final String MARKET = "btc_usdt";
    static final int ORDER_ROUTES = 4;
    /** Printed on standard output once the instance runs, for whoever started it. */
    static final String READY = "ready";

    private ClusterNode() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        String zookeeper = args[1];
        String baseUrl = args[2];
        String accessKey = args[3];
        String secretKey = args[4];
        String store = args[5];
        long since = Long.parseLong(args[6]);
        String orders = args[7];
        // A file per route and per start of this instance: a line cut short by a SIGKILL ends its file, and the
        // instance started again writes new files rather than appending to it.
        long incarnation = ProcessHandle.current().pid();

        // tag::wiring[]
        // A short session: a killed leader's leadership (and nothing else) lasts until ZooKeeper expires it.
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(zookeeper)
                .sessionTimeoutMs(4_000).connectionTimeoutMs(2_000)
                .retryPolicy(new ExponentialBackoffRetry(100, 5)).build();
        client.start();
        if (!client.blockUntilConnected(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + ": ZooKeeper at " + zookeeper + " not reachable");
        }

        DefaultCamelContext context = new DefaultCamelContext();
        context.getCamelContextExtension().setName(name);
        ZooKeeperCuratorConfiguration leadership = new ZooKeeperCuratorConfiguration();
        leadership.setCuratorFramework(client);
        leadership.setBasePath(ClusterRun.LEADERSHIP_PATH);
        ZooKeeperClusterService cluster = new ZooKeeperClusterService(leadership);
        cluster.setId(name);
        context.addService(cluster);
        // Camel 4.18.0 keeps a cut-off leader consuming while another is elected: the fence stops it meanwhile.
        context.addService(new MasterRouteFence(client));
        // And a master: route stopped and started at once can stay out of its election: the watch rejoins it.
        context.addService(new MasterElectionWatch(cluster));

        ZooKeeperStateRepository positions = new ZooKeeperStateRepository(client);
        positions.start();
        context.getRegistry().bind("positions", positions);
        // Found by type: the component's rateBudgets option is autowired. No clock tolerance: the three
        // instances here share one machine's clock (across machines keep the default, 10 ms, or what NTP needs).
        context.getRegistry().bind("sharedBudgets",
                new ZooKeeperRateBudgets(client, ZooKeeperRateBudgets.DEFAULT_BASE_PATH, Duration.ZERO));

        ExchangeComponent exchange = context.getComponent("exchange", ExchangeComponent.class);
        exchange.getConfiguration().setBaseUrl(baseUrl);
        exchange.getConfiguration().setAccessKey(accessKey);
        exchange.getConfiguration().setSecretKey(secretKey);
        // A permit a killed instance held counts until the call's deadline plus this wait (its promise to be
        // done by then); 5 s instead of the default 30 s gives the survivors the budget back sooner.
        exchange.setRateLimitMaxWait(5_000);
        // end::wiring[]

        // tag::routes[]
        OrderRequest order = OrderRequest.limit(MARKET, OrderSide.BUY, "1000", "0.001");
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("master:trades:exchange:trades?market=" + MARKET + "&streaming=true&stateRepository=#positions"
                     + "&since=" + since).routeId("trades")
                        .process(e -> e.getMessage().setBody(record(e.getMessage().getBody(Trade.class), name)))
                        .to("file:" + store + "?fileName=${header." + ExchangeConstants.TRADE_ID + "}"
                            + "&fileExist=Ignore&tempPrefix=.writing-");
                for (int r = 0; r < ORDER_ROUTES; r++) {
                    from("timer:orders-" + r + "?period=1").routeId("orders-" + r)
                            .setBody(constant(order))
                            .to("exchange:order?requestTimeout=2000")
                            // The id of each order placed, a line each, for the run's check: none lost, none twice.
                            .process(e -> e.getMessage()
                                    .setBody(e.getMessage().getBody(PlacedOrder.class).id() + "\n"))
                            .to("file:" + orders + "?fileName=" + name + "-" + incarnation + "-" + r
                                + ".log&fileExist=Append");
                }
            }
        });
        // end::routes[]
        context.start();
        System.out.println(READY + " " + name);
        System.out.flush();
        // Runs until the process is killed, which is the point, or until whoever started it is gone: its end of
        // standard input closes then, and an instance left behind would lead on unwatched.
        while (System.in.read() >= 0) {
            // Nothing is sent on standard input; reading only waits for its end.
        }
        System.exit(0);
    }

    /** One line per trade in the store: what the tape says, and which instance stored it. */
    static String record(Trade trade, String node) {
        return trade.tid() + " " + trade.price().toPlainString() + " " + trade.amount().toPlainString() + " " + node;
    }
}
