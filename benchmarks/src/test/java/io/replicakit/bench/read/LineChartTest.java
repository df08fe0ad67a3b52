/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.replicakit.bench.results.LineChart;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LineChartTest {

  @TempDir
  Path dir;

  private static LineChart chart(String title) {
    return new LineChart(title, "time (s)", "utilization (%)").yRange(100)
        .series("SSD", List.of(0.0, 1.0, 2.0), List.of(10.0, 90.0, 50.0))
        .series("DISK", List.of(0.0, 1.0, 2.0), List.of(80.0, 70.0, Double.NaN));
  }

  @Test
  void panels_areLaidOutInRowsOfTheGivenWidth() throws Exception {
    Path file = dir.resolve("panels.png");
    LineChart.writePanels(List.of(chart("a"), chart("b"), chart("c")), 2, file);
    BufferedImage image = ImageIO.read(file.toFile());
    assertEquals(1400, image.getWidth());
    assertEquals(800, image.getHeight());
  }

  @Test
  void aSingleChart_isOnePanel() throws Exception {
    Path file = dir.resolve("one.png");
    chart("one").withMarkers().writePng(file);
    assertEquals(700, ImageIO.read(file.toFile()).getWidth());
  }

  @Test
  void seriesNeedEqualLengths() {
    assertThrows(IllegalArgumentException.class,
        () -> new LineChart("t", "x", "y").series("s", List.of(1.0), List.of()));
  }
}
