package com.camelexchange.examples.etl;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.CandlestickRenderer;
import org.jfree.data.xy.DefaultHighLowDataset;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Date;
import java.util.List;
import java.util.Map;

/**
 * Renders stored candles as a candlestick chart in PNG. The rows are those of the chart query
 * ({@code open_time, open_price, high_price, low_price, close_price, volume}, oldest first).
 */
public class CandlestickChart {
    private final int width;
    private final int height;

    public CandlestickChart(int width, int height) {
        this.width = width;
        this.height = height;
    }

    public byte[] render(List<Map<String, Object>> rows, String title) {
        int n = rows.size();
        Date[] dates = new Date[n];
        double[] open = new double[n];
        double[] high = new double[n];
        double[] low = new double[n];
        double[] close = new double[n];
        double[] volume = new double[n];
        for (int i = 0; i < n; i++) {
            Map<String, Object> row = rows.get(i);
            dates[i] = Date.from(instant(value(row, "open_time")));
            // Doubles only for drawing: the stored values stay exact decimals.
            open[i] = decimal(row, "open_price").doubleValue();
            high[i] = decimal(row, "high_price").doubleValue();
            low[i] = decimal(row, "low_price").doubleValue();
            close[i] = decimal(row, "close_price").doubleValue();
            volume[i] = decimal(row, "volume").doubleValue();
        }
        DefaultHighLowDataset dataset = new DefaultHighLowDataset(title, dates, high, low, open, close, volume);
        JFreeChart chart = ChartFactory.createCandlestickChart(title, "time (UTC)", "price", dataset, false);
        XYPlot plot = chart.getXYPlot();
        plot.getRangeAxis().setAutoRange(true);
        ((org.jfree.chart.axis.NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(false);
        CandlestickRenderer renderer = (CandlestickRenderer) plot.getRenderer();
        renderer.setAutoWidthMethod(CandlestickRenderer.WIDTHMETHOD_SMALLEST);
        // Volume bars would be scaled to the busiest candle: the live minutes dwarf the history.
        renderer.setDrawVolume(false);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ChartUtils.writeChartAsPNG(png, chart, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return png.toByteArray();
    }

    /** Column names come back upper-case from H2; look them up either way. */
    private static Object value(Map<String, Object> row, String column) {
        Object value = row.get(column);
        return value != null ? value : row.get(column.toUpperCase(java.util.Locale.ROOT));
    }

    private static BigDecimal decimal(Map<String, Object> row, String column) {
        return (BigDecimal) value(row, column);
    }

    private static Instant instant(Object value) {
        if (value instanceof OffsetDateTime time) {
            return time.toInstant();
        }
        if (value instanceof Instant instant) {
            return instant;
        }
        if (value instanceof java.sql.Timestamp timestamp) {
            return timestamp.toInstant();
        }
        throw new IllegalArgumentException("Not a time: " + value);
    }
}
