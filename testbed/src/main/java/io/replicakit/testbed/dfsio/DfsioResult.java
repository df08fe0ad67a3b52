/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * TestDFSIO's figures for one run, as it reports them. Throughput is total MiB over the summed task times
 * (per-task speed); the average IO rate is the mean of the tasks' rates, with its standard deviation; the
 * exec time is the wall-clock time of the whole job.
 */
public record DfsioResult(
    String testType,
    long files,
    double totalMb,
    double throughputMbS,
    double averageIoRateMbS,
    double ioRateStdMbS,
    double execTimeS) {

  /**
   * Parses the last summary block of a TestDFSIO result file ({@code -resFile}).
   *
   * @throws IOException when the file holds no complete summary
   */
  public static DfsioResult parse(Path resultFile) throws IOException {
    return parse(Files.readAllLines(resultFile, StandardCharsets.UTF_8));
  }

  static DfsioResult parse(List<String> lines) throws IOException {
    int start = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains("----- TestDFSIO ----- :")) {
        start = i;
      }
    }
    if (start < 0) {
      throw new IOException("no TestDFSIO summary in the result file");
    }
    Map<String, String> fields = new HashMap<>();
    for (String line : lines.subList(start, lines.size())) {
      int colon = line.indexOf(':');
      if (colon > 0) {
        fields.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
      }
    }
    return new DfsioResult(
        fields.get("----- testdfsio -----"),
        (long) number(fields, "number of files"),
        number(fields, "total mbytes processed"),
        number(fields, "throughput mb/sec"),
        number(fields, "average io rate mb/sec"),
        number(fields, "io rate std deviation"),
        number(fields, "test exec time sec"));
  }

  private static double number(Map<String, String> fields, String name) throws IOException {
    String value = fields.get(name);
    if (value == null) {
      throw new IOException("TestDFSIO summary lacks '" + name + "'");
    }
    try {
      // TestDFSIO formats with the default locale's DecimalFormat; accept a decimal comma too.
      return Double.parseDouble(value.replace(',', '.'));
    } catch (NumberFormatException e) {
      throw new IOException("TestDFSIO summary has a bad '" + name + "': " + value, e);
    }
  }
}
