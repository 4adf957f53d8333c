package com.camelexchange.examples.support;

import java.util.List;

/** What a {@link ConsolePrinter} printed, read back by the examples' tests. */
public record PrintedLines(List<String> lines) {

    public static PrintedLines of(String text) {
        return new PrintedLines(text.lines().toList());
    }

    /** The ids of the printed trades of a market, in printed order. */
    public List<Long> tradeIds(String market) {
        return lines.stream().filter(l -> l.startsWith("trade  " + market + "  #"))
                .map(l -> Long.parseLong(l.split("#")[1].split(" ")[0])).toList();
    }

    /** The index of the first line with this prefix; fails when there is none. */
    public int indexOf(String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with '" + prefix + "' in " + lines);
    }

    /** The last line with this prefix; fails when there is none. */
    public String last(String prefix) {
        return lines.get(lastIndexOf(prefix));
    }

    private int lastIndexOf(String prefix) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no line starting with '" + prefix + "' in " + lines);
    }

    public String get(int index) {
        return lines.get(index);
    }
}
