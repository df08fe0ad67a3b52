/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-selection experiment end to end on the {@code one-ssd} spec with a tiny profile and two policies: the
 * data is One_SSD; storage type reads every block from its SSD replica where network distance reads about a third
 * of the bytes from SSD, and so reads faster; the outputs are written. About a minute.
 */
class ReadSelectionExperimentIT {

  /**
   * 2 files of 16 MiB (32 blocks of 1 MiB), devices at SSD 20 and DISK 4 MiB/s. Each map then spends about 3 s on
   * the DISK blocks network distance gives it and under 1 s on storage type's SSD blocks, against a TestDFSIO job
   * overhead of about 1.2 s, so storage type's aggregate throughput is about twice network distance's. With the
   * earlier 4 files of 4 MiB the overhead dominated and both read at about 10 MB/s.
   */
  private static final ReadSelectionProfile TINY = new ReadSelectionProfile("tiny", "2 files of 16 MiB", 2,
      16 * Sizes.MIB, Sizes.MIB, 1, 20, 4, List.of(5.0), 1);
  /**
   * No burst: an idle emulated device serves its first 1 MiB at once, and in a read this small most DISK blocks of
   * 1 MiB would find their device idle, so they would cost no more than an SSD block.
   */
  private static final List<String> NO_BURST = List.of("device.burst=0");
  /** Storage type over network distance: the model expects about 2 here, the check leaves room for a slow JVM. */
  private static final double FASTER = 1.5;

  @TempDir
  Path out;

  @Test
  void storageType_readsOnlySsd_andFasterThanNetworkDistance_andTheOutputsAreWritten() throws Exception {
    ReadSelectionExperiment.Setup setup = new ReadSelectionExperiment.Setup(TINY,
        List.of("network-distance", "storage-type"), List.of(5.0), "one-ssd", NO_BURST, Map.of(),
        ReadSelectionExperiment.PolicyScope.ALL);
    ExperimentResults results = new ReadSelectionExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out))).run();

    assertEquals(Map.of("DISK+DISK+SSD", 32), results.cluster().get("replica_type_mixes"));
    RunResult nd = results.run("network-distance", "read").orElseThrow();
    RunResult st = results.run("storage-type", "read").orElseThrow();
    assertTrue(nd.baseline());
    assertTrue(nd.metric("read_throughput_mb_s") > 0);
    assertEquals(100.0, st.metric("ssd_read_share_pct"), 1e-9, "storage type reads every block from its SSD");
    assertEquals(0.0, st.metric("disk_util_pct"), 1.0);
    // Network distance picks one of three equally far replicas at random: a third of the blocks from SSD, and
    // over 70 % with a chance of 1 in 100,000 (binomial, 32 blocks).
    double ndSsd = nd.metric("ssd_read_share_pct");
    assertTrue(st.metric("ssd_read_share_pct") - ndSsd >= 30, "network distance read " + ndSsd + " % from SSD");
    double ratio = st.metric("read_throughput_mb_s") / nd.metric("read_throughput_mb_s");
    assertTrue(ratio > FASTER, "storage type read " + ratio + "x as fast as network distance");
    assertTrue(results.run("wrr(w=5)", "wrr-weight").isPresent());
    assertTrue(Files.readString(out.resolve("report.md")).contains("## Checks (the issue's targets)"));
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"experiment\": \"read-selection\""));
    for (String png : List.of("throughput.png", "utilization.png", "wrr-weight.png")) {
      assertTrue(Files.size(out.resolve(png)) > 1000, png);
    }
  }
}
