/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DfsioResultTest {

  /** Two summaries as TestDFSIO appends them to its result file; the last one counts. */
  private static final List<String> FILE = List.of(
      "----- TestDFSIO ----- : write",
      "            Date & time: Sun Nov 22 02:08:56 UTC 2026",
      "        Number of files: 3",
      " Total MBytes processed: 144",
      "      Throughput mb/sec: 32.58",
      " Average IO rate mb/sec: 33.17",
      "  IO rate std deviation: 1.2",
      "     Test exec time sec: 6.75",
      "",
      "----- TestDFSIO ----- : read",
      "            Date & time: Sun Nov 22 02:09:20 UTC 2026",
      "        Number of files: 3",
      " Total MBytes processed: 144",
      "      Throughput mb/sec: 40.42",
      " Average IO rate mb/sec: 40.4",
      "  IO rate std deviation: 0.01",
      "     Test exec time sec: 4.21",
      "");

  @Test
  void parse_readsTheLastSummary() throws IOException {
    DfsioResult r = DfsioResult.parse(FILE);
    assertEquals("read", r.testType());
    assertEquals(3, r.files());
    assertEquals(144.0, r.totalMb());
    assertEquals(40.42, r.throughputMbS());
    assertEquals(40.4, r.averageIoRateMbS());
    assertEquals(0.01, r.ioRateStdMbS());
    assertEquals(4.21, r.execTimeS());
  }

  @Test
  void parse_failsClearlyWithoutSummary() {
    IOException e = assertThrows(IOException.class, () -> DfsioResult.parse(List.of("nothing here")));
    assertTrue(e.getMessage().contains("no TestDFSIO summary"));
  }

  @Test
  void parse_failsClearlyOnMissingFigure() {
    IOException e = assertThrows(IOException.class, () -> DfsioResult.parse(FILE.subList(9, 14)));
    assertTrue(e.getMessage().contains("average io rate"), e.getMessage());
  }

  @Test
  void request_buildsTestDfsioArguments() {
    DfsioRequest r = DfsioRequest.of(DfsioRequest.Op.READ, 4, 1024).withStoragePolicy("ALL_SSD");
    assertEquals(List.of("-read", "-nrFiles", "4", "-size", "1024B", "-bufferSize", "1000000",
        "-resFile", "res.log", "-storagePolicy", "ALL_SSD"), r.arguments("res.log"));
  }

  @Test
  void request_rejectsNonPositiveCounts() {
    assertThrows(IllegalArgumentException.class, () -> DfsioRequest.of(DfsioRequest.Op.WRITE, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> DfsioRequest.of(DfsioRequest.Op.WRITE, 1, 0));
  }
}
