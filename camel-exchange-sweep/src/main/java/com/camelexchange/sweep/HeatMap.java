package com.camelexchange.sweep;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The heat map: one cell per pair of values of two of the grid's properties (x across, y down, in the grid's order),
 * coloured by the sorted-by figure from red (worst) through yellow to green (best) and labelled with it. Where the
 * grid has more properties, a cell shows the best point of that pair (the table has them all). Drawn with Java 2D,
 * antialiasing off, and written by the JDK's PNG writer, which puts no time in the file: the same results give the
 * same bytes on the same JDK.
 */
final class HeatMap {
    private static final int CELL_WIDTH = 120;
    private static final int CELL_HEIGHT = 48;
    private static final int LEFT = 150;
    private static final int TOP = 70;
    private static final int BOTTOM = 60;
    private static final int RIGHT = 30;

    private HeatMap() {
    }

    static byte[] png(SweepGrid grid, List<PointResult> results, Figure figure, String xName, String yName)
            throws IOException {
        List<String> xs = grid.values(xName);
        List<String> ys = yName == null ? List.of("") : grid.values(yName);
        PointResult[][] best = new PointResult[ys.size()][xs.size()];
        for (PointResult r : results) {
            int x = xs.indexOf(r.point().values().get(xName));
            int y = yName == null ? 0 : ys.indexOf(r.point().values().get(yName));
            if (best[y][x] == null || figure.better(figure.of(r), figure.of(best[y][x]))) {
                best[y][x] = r;
            }
        }
        BigDecimal low = null;
        BigDecimal high = null;
        for (PointResult r : results) {
            BigDecimal v = figure.of(r);
            low = low == null || v.compareTo(low) < 0 ? v : low;
            high = high == null || v.compareTo(high) > 0 ? v : high;
        }
        int width = LEFT + CELL_WIDTH * xs.size() + RIGHT;
        int height = TOP + CELL_HEIGHT * ys.size() + BOTTOM;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_OFF);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
            g.drawString(figure.label() + " by " + xName + (yName == null ? "" : " and " + yName)
                         + (grid.names().size() > 2 ? " (best of the other properties)" : ""), 10, 24);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            FontMetrics metrics = g.getFontMetrics();
            for (int y = 0; y < ys.size(); y++) {
                for (int x = 0; x < xs.size(); x++) {
                    int left = LEFT + x * CELL_WIDTH;
                    int top = TOP + y * CELL_HEIGHT;
                    PointResult r = best[y][x];
                    g.setColor(r == null ? Color.LIGHT_GRAY : colour(figure, figure.of(r), low, high));
                    g.fillRect(left, top, CELL_WIDTH, CELL_HEIGHT);
                    g.setColor(Color.DARK_GRAY);
                    g.drawRect(left, top, CELL_WIDTH, CELL_HEIGHT);
                    if (r != null) {
                        String text = figure.of(r).toPlainString();
                        g.setColor(Color.BLACK);
                        g.drawString(text, left + (CELL_WIDTH - metrics.stringWidth(text)) / 2,
                                top + CELL_HEIGHT / 2 + metrics.getAscent() / 2);
                    }
                }
                g.setColor(Color.BLACK);
                g.drawString(ys.get(y), LEFT - 10 - metrics.stringWidth(ys.get(y)),
                        TOP + y * CELL_HEIGHT + CELL_HEIGHT / 2 + metrics.getAscent() / 2);
            }
            for (int x = 0; x < xs.size(); x++) {
                g.drawString(xs.get(x), LEFT + x * CELL_WIDTH + (CELL_WIDTH - metrics.stringWidth(xs.get(x))) / 2,
                        TOP - 8);
            }
            g.drawString(xName + " (across)", LEFT, TOP + CELL_HEIGHT * ys.size() + 24);
            String legend = "green best, red worst";
            g.drawString(legend, width - RIGHT - metrics.stringWidth(legend), TOP + CELL_HEIGHT * ys.size() + 24);
            if (yName != null) {
                g.drawString(yName + " (down)", LEFT, TOP + CELL_HEIGHT * ys.size() + 42);
            }
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        if (!ImageIO.write(image, "png", bytes)) {
            throw new IOException("This JDK has no PNG writer");
        }
        return bytes.toByteArray();
    }

    /** Red for the worst, yellow halfway, green for the best; computed in decimals, so the same figures, the same colour. */
    private static Color colour(Figure figure, BigDecimal value, BigDecimal low, BigDecimal high) {
        BigDecimal span = high.subtract(low);
        BigDecimal share = span.signum() == 0 ? BigDecimal.ONE
                : value.subtract(low).divide(span, 6, RoundingMode.HALF_EVEN);
        if (!figure.better(high, low) && span.signum() != 0) {
            share = BigDecimal.ONE.subtract(share);
        }
        int step = share.multiply(BigDecimal.valueOf(510)).setScale(0, RoundingMode.HALF_EVEN).intValueExact();
        int red = step <= 255 ? 230 : 230 - (step - 255) * 180 / 255;
        int green = step <= 255 ? 60 + step * 160 / 255 : 220;
        return new Color(red, green, 70);
    }
}
