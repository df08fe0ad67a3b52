/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A line chart (x–y series) written as PNG, for the papers' figures over time or over a parameter: storage
 * utilization during a read (read paper Fig. 4) or throughput against the WRR weight (Fig. 5). Several charts
 * can be written side by side as one figure's panels, as the papers lay out their sub-figures (a)–(d).
 */
public final class LineChart {

  private static final int WIDTH = 700;
  private static final int HEIGHT = 400;

  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final Map<String, double[][]> series = new LinkedHashMap<>();
  private Double yMax;
  private boolean markers;
  private Styler.LegendPosition legend = Styler.LegendPosition.InsideNE;

  public LineChart(String title, String xTitle, String yTitle) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
  }

  /** Adds a series of points (x[i], y[i]); both lists have the same length. */
  public LineChart series(String name, List<Double> x, List<Double> y) {
    if (x.size() != y.size()) {
      throw new IllegalArgumentException("series " + name + " has " + x.size() + " x values and " + y.size()
          + " y values");
    }
    series.put(name, new double[][] {toArray(x), toArray(y)});
    return this;
  }

  /** Fixes the y axis to [0, max], e.g. 100 for utilization, so panels compare at a glance. */
  public LineChart yRange(double max) {
    this.yMax = max;
    return this;
  }

  /** Draws a marker at every point: for parameter sweeps, where each point is one run. */
  public LineChart withMarkers() {
    this.markers = true;
    return this;
  }

  /** Puts the legend in the top left corner: for curves that rise to the right, which the default one hides. */
  public LineChart legendTopLeft() {
    this.legend = Styler.LegendPosition.InsideNW;
    return this;
  }

  public int seriesCount() {
    return series.size();
  }

  /** Writes {@code file} (a .png path). */
  public void writePng(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    ImageIO.write(image(), "png", file.toFile());
  }

  /** Writes several charts as one PNG, {@code columns} panels per row, left to right then top to bottom. */
  public static void writePanels(List<LineChart> charts, int columns, Path file) throws IOException {
    if (charts.isEmpty() || columns < 1) {
      throw new IllegalArgumentException("need at least one chart and one column");
    }
    System.setProperty("java.awt.headless", "true");
    int cols = Math.min(columns, charts.size());
    int rows = (charts.size() + cols - 1) / cols;
    BufferedImage grid = new BufferedImage(cols * WIDTH, rows * HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = grid.createGraphics();
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, grid.getWidth(), grid.getHeight());
    for (int i = 0; i < charts.size(); i++) {
      g.drawImage(charts.get(i).image(), (i % cols) * WIDTH, (i / cols) * HEIGHT, null);
    }
    g.dispose();
    ImageIO.write(grid, "png", file.toFile());
  }

  private BufferedImage image() {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(legend);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setMarkerSize(markers ? 6 : 0);
    if (yMax != null) {
      chart.getStyler().setYAxisMin(0.0);
      chart.getStyler().setYAxisMax(yMax);
    }
    series.forEach((name, xy) -> {
      double[] x = xy[0].length == 0 ? new double[] {0} : xy[0];
      double[] y = xy[1].length == 0 ? new double[] {0} : xy[1];
      chart.addSeries(name, x, y).setMarker(markers ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
    });
    return BitmapEncoder.getBufferedImage(chart);
  }

  private static double[] toArray(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }
}
