/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write-approaches experiment's smallest setup end to end, embedded, with the pipeline only: the nine-nodes
 * cluster, one TestDFSIO write with a map on every DataNode, and its checks: every byte read back through HDFS's own
 * client as TestDFSIO wrote it, the pattern file too, fsck healthy, each map's file local to its own DataNode.
 */
class WriteApproachesIT {

  private static final WriteProfile TINY = new WriteProfile("tiny", "9 files of 2 MiB, RF 3, 1 MiB blocks", 9,
      2 * Sizes.MIB, List.of(3), List.of(Sizes.MIB), List.of("64 MB"), 1);

  @TempDir
  Path out;

  @Test
  void pipelineOnNineNodes_readsBackWhatTestDfsioWrote_andFsckIsHealthy() throws Exception {
    WriteApproachesExperiment.Setup setup = new WriteApproachesExperiment.Setup(TINY,
        List.of(WriteVariant.PIPELINE), "nine-nodes", 1, Map.of());
    ExperimentResults results = new WriteApproachesExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out)), ClusterMode.EMBEDDED).run();

    assertEquals(1, results.runs().size());
    RunResult r = results.run("pipeline", "write-rf3-1m").orElseThrow();
    assertTrue(r.baseline());
    assertTrue(r.metric("write_throughput_mb_s") > 0 && r.metric("write_time_s") > 0, r.metrics().toString());
    assertEquals(0, r.metric("readback_mismatch_count"), "every byte read back as TestDFSIO wrote it");
    assertEquals(0, r.metric("readback_checksum_error_count"));
    assertEquals(0, r.metric("pattern_mismatch_count"));
    assertEquals(1, r.metric("fsck_healthy_count"), "fsck HEALTHY");
    assertEquals(0, r.metric("fsck_under_replicated_count"));
    assertEquals(0, r.metric("blocks_short_after_write_count"), "every block at RF 3 when the job ended");
    assertEquals(0, r.metric("blocks_re_replicated_count"), "and none restored by HDFS since the job began");
    assertEquals(0, r.metric("blocks_replicas_differing_count"), "every replica of every block alike");
    assertTrue(r.metric("blocks_count") >= 18 + 3, "fsck saw TestDFSIO's 18 data blocks and the pattern file's 3 ("
        + "and the control and result files'): " + r.metric("blocks_count"));
    assertEquals(9, r.metric("writer_local_files_count"), "each map's file has a replica of every block on one node");
    assertEquals(9, r.metric("writer_nodes_count"), "one map per DataNode");
    assertEquals(1, r.metric("write_time_ratio"), 1e-9);
    assertTrue(r.metric("disk_written_bytes") >= 3 * 9 * 2 * Sizes.MIB, r.metrics().toString());
    assertEquals(false, ((Map<?, ?>) results.cluster().get("network")).get("shaped"));
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("| RF 3, 1 MiB blocks (paper 64 MB) | `pipeline` |"), report);
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"readback_mismatch_count\": 0"));
    assertTrue(Files.size(out.resolve(WriteApproachesReport.THROUGHPUT_PLOT)) > 1000);
  }
}
