package com.camelexchange.examples.etl;

import com.camelexchange.examples.support.ExchangeTarget;
import org.apache.camel.main.Main;
import org.apache.camel.support.processor.state.FileStateRepository;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

/**
 * The ETL application (Camel Main): see {@link EtlRoutes}. It talks to the embedded simulator unless the
 * {@code EXCHANGE_*} variables name a real service, and keeps everything under the folder in the
 * {@code etl.dir} system property (default {@code ./etl-work}). Against a real service a second run continues
 * the first; against the embedded simulator, a new exchange each time, every run starts afresh.
 *
 * <p>Argument: how many seconds to run (default 75, enough for the chart to be drawn twice; 0 runs until
 * stopped). With the simulator, a sample order file is dropped into the inbox.
 */
public final class EtlMain {
    private final ExchangeTarget target;
    private final EtlSettings settings;
    private final PrintStream out;
    private final Main main = new Main();

    public EtlMain(ExchangeTarget target, EtlSettings settings, PrintStream out) {
        this.target = target;
        this.settings = settings;
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 75;
        Path workDir = Path.of(System.getProperty("etl.dir", "etl-work"));
        try (ExchangeTarget target = ExchangeTarget.fromEnvironment()) {
            if (target.simulator().isPresent()) {
                // A new embedded simulator is a new exchange: its trade ids and prices do not continue the
                // last run's, so the last run's rows and positions would only mix two markets.
                deleteRecursively(workDir);
            }
            new EtlMain(target, EtlSettings.defaults(workDir), System.out).run(Duration.ofSeconds(seconds));
        }
    }

    private static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (var paths = Files.walk(folder)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Runs until {@code runFor} has passed (zero: until stopped), then prints what is stored. */
    public void run(Duration runFor) throws Exception {
        System.setProperty("java.awt.headless", "true");
        for (Path folder : new Path[] { settings.inbox(), settings.tickers(), settings.charts(), settings.database() }) {
            Files.createDirectories(folder);
        }
        if (target.simulator().isPresent()) {
            dropSampleOrdersOnFirstRun();
        }
        EtlDatabase database = new EtlDatabase(settings.database());
        database.createSchema();

        out.println("ETL against the " + target.describe() + "; files under " + settings.workDir().toAbsolutePath());
        target.componentProperties().forEach(main::addInitialProperty);
        main.bind("exchangeDb", database.dataSource());
        main.bind("positions", FileStateRepository.fileStateRepository(settings.positions().toFile()));
        main.configure().addRoutesBuilder(new EtlRoutes(settings, Clock.systemUTC()));
        if (!runFor.isZero()) {
            main.configure().withDurationMaxSeconds((int) runFor.toSeconds());
        }
        main.run();

        out.printf("stored: %d trades, %d candles of %s; CSV files in %s; chart in %s%n",
                database.queryForLong("SELECT COUNT(*) FROM trades"),
                database.queryForLong("SELECT COUNT(*) FROM candles"), settings.market(), settings.tickers(),
                settings.charts());
    }

    /** Stops a running {@link #run}: the tests' way of ending it once they have seen what they wait for. */
    public void stop() {
        main.completed();
    }

    private void dropSampleOrdersOnFirstRun() throws IOException {
        if (Files.exists(settings.done())) {
            return;
        }
        try (InputStream sample = EtlMain.class.getResourceAsStream("/sample-orders.csv")) {
            Files.copy(sample, settings.inbox().resolve("sample-orders.csv"));
        }
        out.println("Dropped sample-orders.csv into " + settings.inbox());
    }
}
