package com.camelexchange.sweep;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The grid of a sweep: properties, each with its values, in the order given ({@code strategy.every=50,100,200}
 * then {@code strategy.size=0.001,0.002}). Its points are every combination, numbered from 0 in a fixed order: the
 * first property varies slowest, the last fastest (0 is every=50 size=0.001, 1 is every=50 size=0.002, ...). The
 * numbering is what workers share out and what the merge sorts ties by.
 */
public final class SweepGrid {
    /** The most points a grid may have: each point is a backtest. */
    public static final int MOST_POINTS = 100_000;
    static final int MOST_PARAMETERS = 16;
    static final int LONGEST_VALUE = 200;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private final Map<String, List<String>> parameters;
    private final int size;

    private SweepGrid(Map<String, List<String>> parameters) {
        this.parameters = parameters;
        long points = 1;
        for (List<String> values : parameters.values()) {
            points *= values.size();
            if (points > MOST_POINTS) {
                throw new SweepException("The grid has more than " + MOST_POINTS + " points: " + describe(parameters));
            }
        }
        this.size = (int) points;
    }

    /**
     * A grid from entries {@code name=v1,v2,...}, one per property, in the order the points vary (the first the
     * slowest).
     *
     * @throws SweepException naming the entry when one is malformed: no {@code =}, a bad name, a name given twice,
     *                        no value, an empty or repeated value
     */
    public static SweepGrid parse(List<String> entries) {
        if (entries.isEmpty()) {
            throw new SweepException("The grid is empty: give at least one property and its values, e.g."
                                     + " strategy.every=50,100,200");
        }
        if (entries.size() > MOST_PARAMETERS) {
            throw new SweepException("The grid has " + entries.size() + " properties; at most " + MOST_PARAMETERS);
        }
        Map<String, List<String>> parameters = new LinkedHashMap<>();
        for (String entry : entries) {
            int eq = entry.indexOf('=');
            if (eq < 0) {
                throw new SweepException("Grid entry '" + shown(entry) + "' has no '=': write name=value1,value2,...");
            }
            String name = entry.substring(0, eq).trim();
            if (!NAME.matcher(name).matches()) {
                throw new SweepException("Grid entry '" + shown(entry) + "': '" + shown(name) + "' is not a property"
                                         + " name (letters, digits, '.', '_', '-'; at most 100)");
            }
            if (parameters.containsKey(name)) {
                throw new SweepException("Grid property " + name + " is given twice");
            }
            String[] given = entry.substring(eq + 1).split(",", -1);
            Set<String> values = new LinkedHashSet<>();
            for (String value : given) {
                String v = value.trim();
                if (v.isEmpty()) {
                    throw new SweepException("Grid property " + name + " has an empty value in '" + shown(entry)
                                             + "': give each value between commas");
                }
                if (v.length() > LONGEST_VALUE || v.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                    throw new SweepException("Grid property " + name + " has a value longer than " + LONGEST_VALUE
                                             + " characters or with a control character");
                }
                if (!values.add(v)) {
                    throw new SweepException("Grid property " + name + " has the value " + v + " twice");
                }
            }
            parameters.put(name, List.copyOf(values));
        }
        return new SweepGrid(Collections.unmodifiableMap(parameters));
    }

    /** The properties, in the order given. */
    public List<String> names() {
        return List.copyOf(parameters.keySet());
    }

    /** The values of a property, in the order given. */
    public List<String> values(String name) {
        List<String> values = parameters.get(name);
        if (values == null) {
            throw new SweepException("The grid has no property " + name + "; it has " + names());
        }
        return values;
    }

    /** How many points. */
    public int size() {
        return size;
    }

    /** Point {@code index}: its value of each property, in the grid's order. */
    public SweepPoint point(int index) {
        if (index < 0 || index >= size) {
            throw new SweepException("The grid has points 0 to " + (size - 1) + ", not " + index);
        }
        Map<String, String> values = new LinkedHashMap<>();
        int rest = index;
        List<String> names = names();
        String[] chosen = new String[names.size()];
        for (int i = names.size() - 1; i >= 0; i--) {
            List<String> of = parameters.get(names.get(i));
            chosen[i] = of.get(rest % of.size());
            rest /= of.size();
        }
        for (int i = 0; i < names.size(); i++) {
            values.put(names.get(i), chosen[i]);
        }
        return new SweepPoint(index, Collections.unmodifiableMap(values));
    }

    /** Every point, in order. */
    public List<SweepPoint> points() {
        List<SweepPoint> points = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            points.add(point(i));
        }
        return points;
    }

    /**
     * The grid in one line, {@code name=v1,v2;name=v1,v2}: written into each point's result, so that a merge never
     * mixes the results of another grid.
     */
    public String canonical() {
        return describe(parameters);
    }

    /** A short digest of {@link #canonical()}, for names and checks. */
    public String fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static String describe(Map<String, List<String>> parameters) {
        StringBuilder out = new StringBuilder();
        parameters.forEach((name, values) -> {
            if (!out.isEmpty()) {
                out.append(';');
            }
            out.append(name).append('=').append(String.join(",", values));
        });
        return out.toString();
    }

    private static String shown(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return cut.replaceAll("\\p{Cntrl}", "?");
    }

    @Override
    public String toString() {
        return canonical();
    }
}
