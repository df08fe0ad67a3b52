/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A SWIM workload trace (thesis §5, "Workload"; the SWIM project's {@code workloadSuite} format): one job per
 * line, tab-separated: name, submit time (s), seconds since the previous submission, input, shuffle and output
 * bytes. The shipped trace is the first 100 jobs of SWIM's Facebook 2009 sample, the jobs the thesis replayed
 * (its origin and licence: {@code swim/README.md} beside this class's resources).
 */
public final class SwimTrace {

  /** The shipped trace, on the class path. */
  static final String FB_2009_FIRST_100 = "swim/FB-2009_samples_24_times_1hr_0-first100.tsv";

  /** One job of the trace, as recorded. */
  public record Job(String name, long submitS, long gapS, long inputBytes, long shuffleBytes, long outputBytes) {}

  private SwimTrace() {}

  /** The shipped trace's jobs, in submission order. */
  public static List<Job> fb2009First100() throws IOException {
    try (InputStream in = SwimTrace.class.getResourceAsStream(FB_2009_FIRST_100)) {
      if (in == null) {
        throw new IOException("trace " + FB_2009_FIRST_100 + " is not on the class path");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  /**
   * Parses trace text; blank lines are skipped.
   *
   * @throws IllegalArgumentException naming the line that is not six fields with five non-negative numbers
   */
  public static List<Job> parse(String text) {
    List<Job> jobs = new ArrayList<>();
    String[] lines = text.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (!line.isEmpty()) {
        jobs.add(job(line, i + 1));
      }
    }
    return jobs;
  }

  private static Job job(String line, int number) {
    String[] f = line.split("\t");
    if (f.length != 6) {
      throw new IllegalArgumentException("trace line " + number + ": 6 tab-separated fields expected, found "
          + f.length + ": " + line);
    }
    try {
      long[] n = new long[5];
      for (int k = 0; k < 5; k++) {
        n[k] = Long.parseLong(f[k + 1]);
        if (n[k] < 0) {
          throw new NumberFormatException("negative: " + n[k]);
        }
      }
      return new Job(f[0], n[0], n[1], n[2], n[3], n[4]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("trace line " + number + ": " + e.getMessage() + ": " + line, e);
    }
  }
}
