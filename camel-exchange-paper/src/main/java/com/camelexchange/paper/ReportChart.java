package com.camelexchange.paper;

import com.camelexchange.simulator.engine.Fill;
import com.camelexchange.simulator.market.Side;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.DateAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.TimeZone;

/**
 * The report's picture: above, the account's value over the run in the quote coin; below, the price of the market
 * traded most with every fill on it (buys as green triangles pointing up, sells red pointing down). Doubles only
 * for drawing: the report's figures stay exact decimals.
 */
final class ReportChart {
    static final int WIDTH = 1100;
    static final int HEIGHT = 720;

    private ReportChart() {
    }

    static void write(PaperReport report, Path png) throws IOException {
        DateAxis time = new DateAxis("time (UTC)");
        time.setTimeZone(TimeZone.getTimeZone("UTC"));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(12);
        plot.add(equityPlot(report), 2);
        plot.add(pricePlot(report), 3);
        JFreeChart chart = new JFreeChart("Paper trading: " + report.summary() + " (" + report.quoteCoin() + ")",
                JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(png.toFile(), chart, WIDTH, HEIGHT);
    }

    private static XYPlot equityPlot(PaperReport report) {
        XYSeries equity = series("account value (" + report.quoteCoin() + ")", report.equity());
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, new Color(0x1f, 0x4e, 0x9c));
        renderer.setSeriesStroke(0, new BasicStroke(1.6f));
        return plot(new XYSeriesCollection(equity), "value, " + report.quoteCoin(), renderer);
    }

    private static XYPlot pricePlot(PaperReport report) {
        String market = report.chartMarket() == null ? "price" : report.chartMarket();
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(series(market + " price", report.chartPrices()));
        XYSeries buys = new XYSeries("buy fills");
        XYSeries sells = new XYSeries("sell fills");
        for (Fill fill : report.fills()) {
            if (fill.market().equals(report.chartMarket())) {
                (fill.side() == Side.BUY ? buys : sells).add(fill.time().toEpochMilli(), fill.price().doubleValue());
            }
        }
        data.addSeries(buys);
        data.addSeries(sells);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer();
        renderer.setSeriesLinesVisible(0, true);
        renderer.setSeriesShapesVisible(0, false);
        renderer.setSeriesPaint(0, Color.GRAY);
        renderer.setSeriesLinesVisible(1, false);
        renderer.setSeriesShape(1, ShapeUtils.createUpTriangle(5));
        renderer.setSeriesPaint(1, new Color(0x1a, 0x9b, 0x3a));
        renderer.setSeriesLinesVisible(2, false);
        renderer.setSeriesShape(2, ShapeUtils.createDownTriangle(5));
        renderer.setSeriesPaint(2, new Color(0xc6, 0x28, 0x28));
        return plot(data, "price", renderer);
    }

    private static XYPlot plot(XYSeriesCollection data, String label, XYLineAndShapeRenderer renderer) {
        NumberAxis axis = new NumberAxis(label);
        axis.setAutoRangeIncludesZero(false);
        XYPlot plot = new XYPlot(data, null, axis, renderer);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return plot;
    }

    private static XYSeries series(String name, List<PricePoint> points) {
        XYSeries series = new XYSeries(name);
        for (PricePoint point : points) {
            series.add(point.time().toEpochMilli(), point.price().doubleValue());
        }
        return series;
    }
}
