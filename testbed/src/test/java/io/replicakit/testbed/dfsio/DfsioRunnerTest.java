/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a runner hands its job: the request's settings, then the extra ones of {@link DfsioRunner#withSettings}. */
class DfsioRunnerTest {

  @TempDir
  Path work;

  @Test
  void extraSettings_comeAfterTheRequestsOwn_andLaterOnesWin() throws IOException {
    Map<String, String> seen = new LinkedHashMap<>();
    DfsioRunner.Job job = (request, settings, resultFile) -> {
      seen.putAll(settings);
      Files.writeString(resultFile, "----- TestDFSIO ----- : write\nNumber of files: 1\nTotal MBytes processed: 1\n"
          + "Throughput mb/sec: 2\nAverage IO rate mb/sec: 2\nIO rate std deviation: 0\nTest exec time sec: 3\n");
      return 0;
    };
    DfsioRunner runner = new DfsioRunner(job, work)
        .withSettings(Map.of("fs.hdfs.impl", "a.B", "dfs.replication", "2"))
        .withSettings(Map.of("fs.hdfs.impl", "c.D"));
    DfsioResult result = runner.run(DfsioRequest.of(DfsioRequest.Op.WRITE, 1, 1).withReplication(3));

    assertEquals(3, result.execTimeS());
    assertEquals("c.D", seen.get("fs.hdfs.impl"));
    assertEquals("2", seen.get("dfs.replication"), "an extra setting overrides the request's");
    assertEquals(List.of("test.build.data", "dfs.replication", "mapreduce.local.map.tasks.maximum", "hadoop.tmp.dir",
        "fs.hdfs.impl"), List.copyOf(seen.keySet()));
  }

  @Test
  void aRunnerWithoutExtras_isUnchanged_andAFailingJobIsReported() {
    DfsioRunner failing = new DfsioRunner((request, settings, resultFile) -> 7, work);
    IOException e = assertThrows(IOException.class,
        () -> failing.run(DfsioRequest.of(DfsioRequest.Op.WRITE, 1, 1)));
    assertEquals(true, e.getMessage().contains("exited with 7"), e.getMessage());
  }
}
