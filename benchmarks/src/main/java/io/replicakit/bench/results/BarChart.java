/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * A grouped bar chart written as PNG: one group per category (a rack, a DataNode), one bar per series (a
 * policy), as the papers draw their per-rack figures.
 */
public final class BarChart {

  private final String title;
  private final String xTitle;
  private final String yTitle;
  private final List<String> categories;
  private final Map<String, List<Double>> series = new LinkedHashMap<>();

  public BarChart(String title, String xTitle, String yTitle, List<String> categories) {
    this.title = title;
    this.xTitle = xTitle;
    this.yTitle = yTitle;
    this.categories = List.copyOf(categories);
  }

  /** Adds a series with one value per category, in category order. */
  public BarChart series(String name, List<Double> values) {
    if (values.size() != categories.size()) {
      throw new IllegalArgumentException("series " + name + " has " + values.size() + " values for "
          + categories.size() + " categories");
    }
    series.put(name, List.copyOf(values));
    return this;
  }

  /** Writes {@code file} (a .png path). */
  public void writePng(Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
        .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    chart.getStyler().setPlotGridVerticalLinesVisible(false);
    series.forEach((name, values) -> chart.addSeries(name, categories, values));
    String path = file.toString();
    String base = path.endsWith(".png") ? path.substring(0, path.length() - 4) : path;
    BitmapEncoder.saveBitmap(chart, base, BitmapEncoder.BitmapFormat.PNG);
  }
}
