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
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-distance experiment end to end, embedded (loopback, no shaped links: the processes mode and its links
 * are measured by the experiment itself, docs/experiments/read-selection.md): every cell's file is written on the
 * node and medium it stands for (the experiment fails otherwise), the reader on dn01 reads each, and the devices
 * alone tell SSD from DISK. About a minute.
 */
class ReadDistanceExperimentIT {

  @TempDir
  Path out;

  @Test
  void everyCell_isReadOnce_andSsdStreams_outrunDiskStreams_withoutLinks() throws Exception {
    ReadDistanceExperiment.Setup setup = new ReadDistanceExperiment.Setup("one-ssd-two-racks", List.of(),
        Optional.empty(), 8 * Sizes.MIB, 1, Map.of());
    ExperimentResults results = new ReadDistanceExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out)), ClusterMode.EMBEDDED).run();

    assertEquals("dn01", results.cluster().get("reader"));
    assertEquals(List.of("ssd-local", "disk-local", "ssd-in-rack", "disk-in-rack", "ssd-off-rack", "disk-off-rack"),
        results.runs().stream().map(RunResult::variant).toList());
    assertTrue(results.run("disk-local", ReadDistanceExperiment.STAGE).orElseThrow().baseline());
    for (String distance : List.of("local", "in-rack", "off-rack")) {
      double ssd = stream(results, "ssd-" + distance);
      double disk = stream(results, "disk-" + distance);
      // 20 against 4 MiB/s devices; unshaped, nothing else limits one stream of 8 MiB.
      assertTrue(ssd > 2 * disk, distance + ": SSD " + ssd + " MiB/s, DISK " + disk);
      RunResult r = results.run("ssd-" + distance, ReadDistanceExperiment.STAGE).orElseThrow();
      // All but TestDFSIO's control file (a few hundred bytes, HOT: on a DISK).
      assertTrue(r.metric("ssd_read_share_pct") > 99, "read from the SSD: " + r.metric("ssd_read_share_pct"));
    }
    assertTrue(Files.readString(out.resolve("report.md")).contains("## The paper's two findings, in this run"));
    assertTrue(Files.size(out.resolve("throughput.png")) > 1000);
  }

  private static double stream(ExperimentResults results, String variant) {
    return results.run(variant, ReadDistanceExperiment.STAGE).orElseThrow().metric(ReadDistanceReport.STREAM);
  }
}
