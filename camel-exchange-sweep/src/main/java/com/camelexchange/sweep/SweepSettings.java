package com.camelexchange.sweep;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A sweep's command line, checked whole before any backtest runs:
 * <pre>
 * run|worker|merge --grid name=v1,v2,... [--grid ...] --results DIR
 *   [--recording FILE|DIR] [--routes PATTERN] [--properties FILE] [--set name=value ...]
 *   [--workers N] [--index K] [--sort-by FIGURE] [--heat-map X,Y] [--out DIR]
 * </pre>
 * {@code run} runs N local worker processes and merges; {@code worker} runs the points of one index out of N (the
 * index and N from {@code --index}/{@code --workers} or, in a Kubernetes Indexed Job's pod, from the variables
 * {@value #INDEX_VARIABLE} and {@value #WORKERS_VARIABLE}); {@code merge} writes the table and the heat map from the
 * results.
 */
public final class SweepSettings {
    /** The variable Kubernetes sets in each pod of an Indexed Job. */
    public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";
    /** The variable the Job's manifest sets to its {@code completions}. */
    public static final String WORKERS_VARIABLE = "SWEEP_WORKERS";
    static final int MOST_WORKERS = 1024;

    enum Mode { RUN, WORKER, MERGE }

    private final Mode mode;
    private final SweepGrid grid;
    private final Path results;
    private final Path out;
    private final Path recording;
    private final Map<String, String> properties;
    private final int workers;
    private final int index;
    private final Figure sortBy;
    private final String heatX;
    private final String heatY;
    private final List<String> workerArgs;

    private SweepSettings(Mode mode, SweepGrid grid, Path results, Path out, Path recording,
                          Map<String, String> properties, int workers, int index, Figure sortBy, String heatX,
                          String heatY, List<String> workerArgs) {
        this.mode = mode;
        this.grid = grid;
        this.results = results;
        this.out = out;
        this.recording = recording;
        this.properties = properties;
        this.workers = workers;
        this.index = index;
        this.sortBy = sortBy;
        this.heatX = heatX;
        this.heatY = heatY;
        this.workerArgs = workerArgs;
    }

    /**
     * Parses and checks a command line.
     *
     * @param environment where a worker's index and count are read when not given as options
     * @throws SweepException naming what is wrong: an unknown option, a bad grid, an unknown figure, a heat map
     *                        axis the grid has not, a missing recording, an index outside the workers
     */
    public static SweepSettings parse(List<String> args, Map<String, String> environment) throws IOException {
        if (args.isEmpty()) {
            throw new SweepException("Say run, worker or merge first");
        }
        Mode mode = switch (args.get(0)) {
            case "run" -> Mode.RUN;
            case "worker" -> Mode.WORKER;
            case "merge" -> Mode.MERGE;
            default -> throw new SweepException("Say run, worker or merge first, not '" + cut(args.get(0)) + "'");
        };
        List<String> gridEntries = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>();
        Map<String, String> single = new TreeMap<>();
        List<String> workerArgs = new ArrayList<>();
        for (int i = 1; i < args.size(); i += 2) {
            String option = args.get(i);
            if (i + 1 >= args.size()) {
                throw new SweepException("Option " + cut(option) + " has no value");
            }
            String value = args.get(i + 1);
            switch (option) {
                case "--grid" -> gridEntries.add(value);
                case "--set" -> {
                    int eq = value.indexOf('=');
                    if (eq <= 0) {
                        throw new SweepException("--set " + cut(value) + ": write name=value");
                    }
                    properties.put(value.substring(0, eq).trim(), value.substring(eq + 1).trim());
                }
                case "--results", "--out", "--recording", "--routes", "--properties", "--workers", "--index",
                     "--sort-by", "--heat-map" -> {
                    if (single.put(option, value) != null) {
                        throw new SweepException("Option " + option + " is given twice");
                    }
                }
                default -> throw new SweepException("Unknown option '" + cut(option) + "'; the options are --grid,"
                        + " --set, --results, --out, --recording, --routes, --properties, --workers, --index,"
                        + " --sort-by, --heat-map");
            }
            if (!option.equals("--workers") && !option.equals("--index")) {
                workerArgs.add(option);
                workerArgs.add(value);
            }
        }
        SweepGrid grid = SweepGrid.parse(gridEntries);
        Figure sortBy = Figure.named(single.getOrDefault("--sort-by", Figure.PNL.label()));
        String[] axes = heatMapAxes(single.get("--heat-map"), grid);
        if (single.get("--results") == null) {
            throw new SweepException("Say where the points' results go: --results DIR");
        }
        Path results = Path.of(single.get("--results"));
        Path out = Path.of(single.getOrDefault("--out", results.toString()));
        Map<String, String> all = new LinkedHashMap<>(loaded(single.get("--properties")));
        all.putAll(properties);
        if (single.containsKey("--routes")) {
            all.put("camel.main.routes-include-pattern", single.get("--routes"));
        }
        for (String name : grid.names()) {
            all.remove(name);
        }
        Path recording = null;
        if (mode != Mode.MERGE) {
            String given = single.get("--recording");
            if (given == null) {
                throw new SweepException("Say which recording the points are backtested on: --recording FILE|DIR");
            }
            recording = Path.of(given);
            // A directory is Tardis.dev CSV history, read with the replay-markets the points are given.
            if (!Files.isRegularFile(recording) && !Files.isDirectory(recording)) {
                throw new SweepException("The recording " + recording + " is neither a readable file nor a directory"
                                         + " of Tardis CSV history");
            }
        }
        int workers = number("--workers", single.get("--workers"), environment.get(WORKERS_VARIABLE), 1, 1,
                MOST_WORKERS);
        int index = mode == Mode.WORKER
                ? number("--index", single.get("--index"), environment.get(INDEX_VARIABLE), -1, 0, workers - 1)
                : 0;
        return new SweepSettings(mode, grid, results, out, recording, Map.copyOf(all), workers, index, sortBy,
                axes[0], axes[1], List.copyOf(workerArgs));
    }

    private static String[] heatMapAxes(String given, SweepGrid grid) {
        List<String> names = grid.names();
        if (given == null) {
            return new String[] {names.get(0), names.size() > 1 ? names.get(1) : null};
        }
        String[] axes = given.split(",", -1);
        if (axes.length != 2 || axes[0].trim().equals(axes[1].trim())) {
            throw new SweepException("--heat-map " + cut(given) + ": name two different properties of the grid, x,y");
        }
        for (int i = 0; i < 2; i++) {
            axes[i] = axes[i].trim();
            if (!names.contains(axes[i])) {
                throw new SweepException("--heat-map names " + cut(axes[i]) + ", which the grid has not; it has "
                                         + names);
            }
        }
        return axes;
    }

    private static Map<String, String> loaded(String file) throws IOException {
        Map<String, String> loaded = new LinkedHashMap<>();
        if (file == null) {
            return loaded;
        }
        Path path = Path.of(file);
        if (!Files.isRegularFile(path)) {
            throw new SweepException("The properties file " + path + " is not a readable file");
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        new TreeMap<>(properties).forEach((k, v) -> loaded.put(k.toString(), v.toString()));
        return loaded;
    }

    private static int number(String option, String given, String fromEnvironment, int fallback, int least,
                              int most) {
        String text = given != null ? given : fromEnvironment;
        String where = given != null ? option : fromEnvironment != null
                ? (option.equals("--index") ? INDEX_VARIABLE : WORKERS_VARIABLE) : option;
        if (text == null) {
            if (fallback < least) {
                throw new SweepException("A worker needs its index: " + option + " K or the variable "
                                         + INDEX_VARIABLE);
            }
            return fallback;
        }
        try {
            int value = Integer.parseInt(text.trim());
            if (value < least || value > most) {
                throw new SweepException(where + " is " + value + "; it must be from " + least + " to " + most);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new SweepException(where + " is '" + cut(text) + "', not a whole number");
        }
    }

    private static String cut(String text) {
        String shown = text.length() > 60 ? text.substring(0, 60) + "..." : text;
        return shown.replaceAll("\\p{Cntrl}", "?");
    }

    Mode mode() {
        return mode;
    }

    public SweepGrid grid() {
        return grid;
    }

    public Path results() {
        return results;
    }

    public Path out() {
        return out;
    }

    public Path recording() {
        return recording;
    }

    /** The symbols-to-markets mapping of Tardis CSV history ({@code --set camel.component.exchange.replay-markets}). */
    public String replayMarkets() {
        String markets = properties.get("camel.component.exchange.replay-markets");
        return markets != null ? markets : properties.get("camel.component.exchange.replayMarkets");
    }

    /** The application's properties other than the grid's: the file's, then {@code --set}, then {@code --routes}. */
    public Map<String, String> properties() {
        return properties;
    }

    public int workers() {
        return workers;
    }

    public int index() {
        return index;
    }

    public Figure sortBy() {
        return sortBy;
    }

    public String heatX() {
        return heatX;
    }

    /** Null for a grid of one property: the heat map is then one row. */
    public String heatY() {
        return heatY;
    }

    /** The options a worker process of this sweep is given, besides its index and the count. */
    List<String> workerArgs() {
        return workerArgs;
    }
}
