package com.camelexchange.cluster;

import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.StateRepository;
import org.apache.camel.support.service.ServiceSupport;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.BackgroundCallback;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.PathUtils;
import org.apache.zookeeper.KeeperException;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link StateRepository} in ZooKeeper: each key is one znode {@code <basePath>/<url-encoded key>} whose
 * data is the value in UTF-8. It is what the exchange consumers' {@code stateRepository} needs when several
 * instances of an integration take turns: the leader commits its position (a trade id) here, and whichever
 * instance leads next reads it and resumes exactly there.
 *
 * <p>Why ZooKeeper: the instances already depend on it to elect their leader (camel-zookeeper's
 * {@code ZooKeeperClusterService} behind camel-master's {@code master:} endpoint), so keeping the position
 * there too adds no second store to run, secure and keep available, and leadership and position fail or
 * survive together: a quorum that can name a new leader can also tell it where the old one stopped. A file
 * on one machine cannot be read by the others, and a database would be a second engine with its own outages.
 *
 * <p>Guarantees: {@link #setState} returns only once ZooKeeper has acknowledged the write (so a quorum has
 * logged it), even when the committing thread is interrupted meanwhile, and {@link #getState} first syncs with the ZooKeeper leader, so
 * a reader connected to a lagging server still sees the last acknowledged value. Values are meant to be
 * small (a position); a key's node name may be at most {@value #MAX_NODE_NAME_CHARS} characters once
 * encoded, and a value at most {@value #MAX_VALUE_BYTES} bytes in UTF-8 (below ZooKeeper's default
 * {@code jute.maxbuffer} of 1 MiB per packet): larger ones are refused with an
 * {@link IllegalArgumentException} before anything is sent. A {@code null} value removes the key.
 *
 * <p>It is a Camel service. Built from a {@link CuratorFramework}, it uses that client as it is (started by
 * its owner) and never closes it; built from a connect string, it owns a client, created and connected when
 * the service starts and closed when it stops. The exchange consumers start the repository they are given
 * and never stop it; tie it to a context with {@code context.addService(repository)} so that it stops with
 * the context.
 */
public class ZooKeeperStateRepository extends ServiceSupport implements StateRepository<String, String> {
    /** Where the values live unless told otherwise. */
    public static final String DEFAULT_BASE_PATH = "/camel-exchange/state";
    /** The largest value accepted, in UTF-8 bytes. */
    public static final int MAX_VALUE_BYTES = 1_000_000;
    /** The longest node name (the encoded key) accepted. */
    public static final int MAX_NODE_NAME_CHARS = 1024;

    private final String connectString;
    private final String basePath;
    private volatile CuratorFramework client;
    private Duration connectTimeout = Duration.ofSeconds(15);
    private Duration sessionTimeout = Duration.ofSeconds(30);
    private Duration syncTimeout = Duration.ofSeconds(15);

    /** On a client its owner has started (and will close), under {@value #DEFAULT_BASE_PATH}. */
    public ZooKeeperStateRepository(CuratorFramework client) {
        this(client, DEFAULT_BASE_PATH);
    }

    /** On a client its owner has started (and will close), under {@code basePath}. */
    public ZooKeeperStateRepository(CuratorFramework client, String basePath) {
        this.client = Objects.requireNonNull(client, "client");
        this.connectString = null;
        this.basePath = validBasePath(basePath);
    }

    /** With its own client to {@code connectString} ({@code host:port[,host:port...]}), under {@value #DEFAULT_BASE_PATH}. */
    public ZooKeeperStateRepository(String connectString) {
        this(connectString, DEFAULT_BASE_PATH);
    }

    /** With its own client to {@code connectString}, under {@code basePath}. */
    public ZooKeeperStateRepository(String connectString, String basePath) {
        if (connectString == null || connectString.isBlank()) {
            throw new IllegalArgumentException("connectString must name at least one ZooKeeper server");
        }
        this.connectString = connectString;
        this.basePath = validBasePath(basePath);
    }

    private static String validBasePath(String basePath) {
        Objects.requireNonNull(basePath, "basePath");
        String path = basePath.length() > 1 && basePath.endsWith("/")
                ? basePath.substring(0, basePath.length() - 1) : basePath;
        PathUtils.validatePath(path);
        return path;
    }

    public String getBasePath() {
        return basePath;
    }

    /** Whether this repository created its client (and so closes it when it stops). */
    public boolean isClientOwned() {
        return connectString != null;
    }

    /** The client in use: the one given, or the owned one while the service runs (null otherwise). */
    public CuratorFramework getClient() {
        return client;
    }

    /** How long an owned client may take to connect when the service starts (default 15 s). */
    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout);
    }

    /** The session timeout an owned client asks for (default 30 s). */
    public void setSessionTimeout(Duration sessionTimeout) {
        this.sessionTimeout = Objects.requireNonNull(sessionTimeout);
    }

    /**
     * How long a read may wait for its sync with the ZooKeeper leader, and a write for its acknowledgement
     * (default 15 s).
     */
    public void setSyncTimeout(Duration syncTimeout) {
        this.syncTimeout = Objects.requireNonNull(syncTimeout);
    }

    /** The znode that holds {@code key}'s value. */
    public String pathOf(String key) {
        return basePath.equals("/") ? "/" + nodeName(key) : basePath + "/" + nodeName(key);
    }

    private static String nodeName(String key) {
        if (key == null || key.isEmpty()) {
            throw new IllegalArgumentException("A state key must not be empty");
        }
        String name = URLEncoder.encode(key, StandardCharsets.UTF_8);
        if (name.equals(".") || name.equals("..")) {
            // ZooKeeper refuses these as path elements; URLEncoder leaves dots alone.
            name = name.replace(".", "%2E");
        }
        if (name.length() > MAX_NODE_NAME_CHARS) {
            throw new IllegalArgumentException("State key too long: " + name.length() + " characters once encoded, at most "
                                               + MAX_NODE_NAME_CHARS + " (key starts with '" + abbreviate(key) + "')");
        }
        return name;
    }

    private static String abbreviate(String text) {
        return text.length() <= 32 ? text : text.substring(0, 32) + "...";
    }

    @Override
    protected void doStart() throws Exception {
        if (connectString != null) {
            CuratorFramework owned = CuratorFrameworkFactory.builder()
                    .connectString(connectString)
                    .sessionTimeoutMs(Math.toIntExact(sessionTimeout.toMillis()))
                    .connectionTimeoutMs(Math.toIntExact(connectTimeout.toMillis()))
                    .retryPolicy(new ExponentialBackoffRetry(200, 5, 5_000))
                    .build();
            owned.start();
            if (!owned.blockUntilConnected(Math.toIntExact(connectTimeout.toMillis()), TimeUnit.MILLISECONDS)) {
                owned.close();
                throw new IllegalStateException("Could not connect to ZooKeeper at " + connectString + " within "
                                                + connectTimeout.toMillis() + " ms");
            }
            client = owned;
        } else if (client.getState() != CuratorFrameworkState.STARTED) {
            throw new IllegalStateException("The CuratorFramework given to the state repository is " + client.getState()
                                            + ": its owner must start it first");
        }
    }

    @Override
    protected void doStop() throws Exception {
        if (connectString != null) {
            CuratorFramework owned = client;
            client = null;
            if (owned != null) {
                owned.close();
            }
        }
    }

    private CuratorFramework client() {
        CuratorFramework current = client;
        if (current == null) {
            throw new IllegalStateException("The ZooKeeper state repository on " + connectString + " is not started");
        }
        return current;
    }

    /**
     * Writes {@code value} under {@code key}, creating the node and its parents if need be; returns once
     * ZooKeeper has acknowledged it. A {@code null} value removes the key.
     */
    @Override
    public void setState(String key, String value) {
        String path = pathOf(key);
        if (value == null) {
            try {
                client().delete().quietly().forPath(path);
            } catch (Exception e) {
                throw failure("remove", key, path, e);
            }
            return;
        }
        byte[] data = value.getBytes(StandardCharsets.UTF_8);
        if (data.length > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("State value for key '" + abbreviate(key) + "' too large: " + data.length
                                               + " bytes, at most " + MAX_VALUE_BYTES + " (ZooKeeper keeps small values)");
        }
        CuratorFramework current = client();
        // A consumer commits from the thread that delivered the exchange, and stopping a consumer may interrupt
        // that thread (camel-master stops its delegate while the last exchange is still completing): the item
        // was delivered, so its commit is carried out all the same. The write runs in the background and this
        // thread waits for its answer through interrupts, handing them back afterwards (a synchronous Curator
        // call gives up at the first interrupt and sets the flag again, so retrying it cannot help).
        try {
            KeeperException.Code code = awaitAnswer(callback -> current.create().orSetData().creatingParentsIfNeeded()
                    .inBackground(callback).forPath(path, data));
            if (code != KeeperException.Code.OK) {
                throw KeeperException.create(code, path);
            }
        } catch (Exception e) {
            throw failure("write", key, path, e);
        }
    }

    /** The value under {@code key} as last acknowledged by ZooKeeper, or null when there is none. */
    @Override
    public String getState(String key) {
        String path = pathOf(key);
        CuratorFramework current = client();
        try {
            syncWithLeader(current);
            return new String(current.getData().forPath(path), StandardCharsets.UTF_8);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw failure("read", key, path, e);
        }
    }

    /** A read goes to whichever server the client is connected to; a sync makes it catch up first. */
    private void syncWithLeader(CuratorFramework current) throws Exception {
        KeeperException.Code code = awaitAnswer(callback -> current.sync().inBackground(callback).forPath(basePath));
        if (code != KeeperException.Code.OK) {
            throw KeeperException.create(code, basePath);
        }
    }

    /** Something that starts one background operation whose answer goes to the callback. */
    @FunctionalInterface
    private interface BackgroundCall {
        void start(BackgroundCallback callback) throws Exception;
    }

    /**
     * Starts a background operation and waits for ZooKeeper's answer, at most the sync timeout. An interrupt
     * does not cut the wait short (the operation goes on regardless); it is handed back once the answer is in.
     */
    private KeeperException.Code awaitAnswer(BackgroundCall call) throws Exception {
        boolean interrupted = Thread.interrupted();
        try {
            CountDownLatch done = new CountDownLatch(1);
            AtomicInteger result = new AtomicInteger();
            call.start((c, event) -> {
                result.set(event.getResultCode());
                done.countDown();
            });
            long deadline = System.nanoTime() + syncTimeout.toNanos();
            while (true) {
                try {
                    if (!done.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        throw new IllegalStateException("ZooKeeper did not answer within " + syncTimeout.toMillis() + " ms");
                    }
                    return KeeperException.Code.get(result.get());
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static RuntimeCamelException failure(String what, String key, String path, Exception cause) {
        if (cause instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        return new RuntimeCamelException("Could not " + what + " the state of key '" + abbreviate(key) + "' at ZooKeeper node "
                                         + path + ": " + cause.getMessage(), cause);
    }

    @Override
    public String toString() {
        return "ZooKeeperStateRepository[" + (connectString != null ? connectString : "shared client") + basePath + "]";
    }
}
