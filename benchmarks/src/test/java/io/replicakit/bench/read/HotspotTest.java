/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.RunResult;
import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HotspotTest {

  @TempDir
  Path dir;

  private static NodeState state(double utilPct, double writeKbps, double cpuIdlePct, double memFreePct) {
    VolumeMetrics v = new VolumeMetrics("DS-1", "DISK", "emulated:dn01/DS-1", 50, 100, writeKbps, utilPct, 2);
    SystemSample s = new SystemSample("uuid", 1, 1, 0, 1000, new HostMetrics(cpuIdlePct, memFreePct, 1L << 30),
        List.of(v));
    return new NodeState(s, 0, 0, false);
  }

  @Test
  void stages_recogniseASampleTakenUnderTheirStress() {
    NodeState idle = state(5, 0, 90, 80);
    NodeState ioStressed = state(100, 16_000, 90, 80);
    NodeState allStressed = state(100, 16_000, 5, 5);
    assertTrue(HotspotStage.NONE.showsStress().test(idle));
    assertFalse(HotspotStage.IO.showsStress().test(idle));
    assertTrue(HotspotStage.IO.showsStress().test(ioStressed));
    assertFalse(HotspotStage.ALL.showsStress().test(ioStressed));
    assertTrue(HotspotStage.ALL.showsStress().test(allStressed));
  }

  @Test
  void verdicts_useTenPercentAsAtPar() {
    assertEquals("higher (1.50×)", HotspotReport.verdict(30, 20));
    assertEquals("at par (0.95×)", HotspotReport.verdict(19, 20));
    assertEquals("lower (0.50×)", HotspotReport.verdict(10, 20));
    assertEquals("–", HotspotReport.verdict(Double.NaN, 20));
  }

  private static ExperimentResults results() {
    List<RunResult> runs = new ArrayList<>();
    double[][] thr = {{27, 18, 17}, {15, 16, 17}, {16, 17, 17}};
    List<String> policies = HotspotExperiment.DISK_POLICIES;
    for (int p = 0; p < policies.size(); p++) {
      for (HotspotStage stage : HotspotStage.all()) {
        Map<String, Object> timeline = Map.of("t_s", List.of(0.25, 0.5),
            "node_util_pct", Map.of("dn01", List.of(100.0, 50.0), "dn02", List.of(0.0, 100.0)));
        runs.add(new RunResult(policies.get(p), p == 0, stage.id(), 2,
            Map.of(ReadMetrics.THROUGHPUT, thr[p][stage.ordinal()], ReadMetrics.THROUGHPUT + "_std", 1.0,
                "stressed_node_read_share_pct", stage == HotspotStage.NONE || p == 0 ? 22.0 : 0.0),
            Map.of("timeline", timeline)));
      }
    }
    return new ExperimentResults("hotspot", "quick", Instant.EPOCH, "3.5.0", Map.of(), runs);
  }

  @Test
  void report_setsThePapersFindingBesideOurs_perStage() {
    String md = HotspotReport.render(results(), "cmd", "- Cluster: small", 300);
    assertTrue(md.contains("| `none` | at par | lower (0.56×) | lower (0.59×) |"), md);
    assertTrue(md.contains("| `io-stress` | modified HDFS higher | lower (0.89×) | at par (0.94×) |"), md);
    assertTrue(md.contains("| `system-state` | 15.00 ± 1.00 | 0.56× |"), md);
    assertTrue(md.contains("CPU and memory stress exist only in the metrics"));
  }

  @Test
  void write_producesTheReportAndFigures() throws Exception {
    HotspotReport.write(results(), dir, "cmd", "- Cluster: small", 1);
    for (String file : List.of("report.md", "throughput.png", "stressed-share.png", "nodes-none.png",
        "nodes-io-stress.png", "nodes-cpu-mem-io-stress.png")) {
      assertTrue(Files.size(dir.resolve(file)) > 1000, file);
    }
  }

  private static ExperimentResults withSsdShare(ExperimentResults r) {
    List<RunResult> runs = new ArrayList<>();
    for (RunResult run : r.runs()) {
      Map<String, Double> m = new java.util.LinkedHashMap<>(run.metrics());
      m.put("ssd_read_share_pct", run.variant().equals("network-distance") ? 33.0 : 90.0);
      m.put("ssd_util_pct", 40.0);
      runs.add(new RunResult(run.variant(), run.baseline(), run.stage(), run.repetitions(), m, run.detail()));
    }
    return new ExperimentResults(r.experiment(), r.profile(), r.started(), r.hadoopVersion(), r.cluster(), runs);
  }

  @Test
  void report_onOneSsdData_showsTheShareReadFromSsd_andOnDiskOnlyDataDoesNot() {
    String ssd = HotspotReport.render(withSsdShare(results()), "cmd", "- Cluster: one-ssd", 300);
    assertTrue(ssd.contains("| read from stressed node (%) | read from SSD (%) | SSD util (%) | DISK util (%) |"),
        ssd);
    assertTrue(ssd.contains("| 22 | 33 | 40 |"), ssd);
    assertTrue(ssd.contains("| SSD util (%, stress load included) | DISK util (%, stress load included) |"),
        "under stress the stressed node's load is in the devices' busy time: " + ssd);
    assertFalse(HotspotReport.render(results(), "cmd", "- Cluster: small", 300).contains("read from SSD"));
  }

  @Test
  void aSpecWithSsdVolumes_getsOneSsdData_andTheStorageAwarePolicies() {
    ClusterSpec oneSsd = ReadSpecs.load("one-ssd", List.of(), Double.NaN, Double.NaN);
    ClusterSpec small = ReadSpecs.load("small", List.of(), Double.NaN, Double.NaN);
    assertEquals("ONE_SSD", HotspotExperiment.storagePolicy(oneSsd));
    assertEquals("HOT", HotspotExperiment.storagePolicy(small));
    assertEquals(List.of("network-distance", "storage-type", "drr", "system-state", "combined"),
        HotspotExperiment.defaultPolicies(oneSsd));
    assertEquals(List.of("network-distance", "system-state", "combined"), HotspotExperiment.defaultPolicies(small));
  }

  @Test
  void ioStress_onAnSsdAndDiskNode_offersEachVolumeMoreThanItsFastestDeviceReads() {
    ClusterSpec oneSsd = ReadSpecs.load("one-ssd", List.of("device.mibps.ssd=30", "device.mibps.disk=6"),
        Double.NaN, Double.NaN);
    assertEquals(30, Stress.fastestMibS(oneSsd), 1e-9, "the SSD, so the load saturates it as well as the DISK");
    assertEquals(8, Stress.fastestMibS(ReadSpecs.load("small", List.of(), Double.NaN, Double.NaN)), 1e-9,
        "DISK-only: the disk's own speed, as before");
  }

  @Test
  void theNameNodesStorageModel_isTheSpecsDeviceSpeeds() {
    ClusterSpec spec = ReadSpecs.load("one-ssd", List.of("device.mibps.ssd=50"), Double.NaN, Double.NaN);
    Configuration conf = new Configuration(false);
    ReadClusterSettings.options(dir, spec, Sizes.MIB, Map.of()).hdfsSettings().forEach(conf::set);
    StorageSpeeds model = ReadSelectionConfig.settings(conf).storage().speeds();
    assertEquals(50 * 1.048576, model.get(StorageType.SSD).mbPerSec(), 0.01);
    for (StorageType t : List.of(StorageType.SSD, StorageType.DISK)) {
      assertEquals(spec.devices().throughput(t).mbPerSec(), model.get(t).mbPerSec(), 0.01, t.name());
    }
  }

  @Test
  void profiles_areFoundByName() {
    assertEquals(HotspotProfile.PAPER, HotspotProfile.named("PAPER"));
    assertEquals(3, HotspotProfile.PAPER.repetitions());
    assertEquals(ReadSelectionProfile.QUICK, ReadSelectionProfile.named("quick"));
    assertEquals(ReadSelectionExperiment.PolicyScope.DATA, ReadSelectionExperiment.PolicyScope.parse("data"));
  }
}
