/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static io.replicakit.bench.read.Snapshots.SECOND;
import static io.replicakit.bench.read.Snapshots.at;
import static io.replicakit.bench.read.Snapshots.volume;
import static org.apache.hadoop.fs.StorageType.DISK;
import static org.apache.hadoop.fs.StorageType.SSD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.dfsio.DfsioResult;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReadMetricsTest {

  private static final long MIB = 1 << 20;

  /** A read of 100 MiB in {@code execS}; the devices read {@code ssdMib} from dn01's SSD, the rest from dn02. */
  private static ReadSample sample(double execS, long ssdMib) {
    DfsioResult dfsio = new DfsioResult("read", 4, 100, 30, 31, 1, execS);
    UtilizationTimeline t = new UtilizationTimeline(List.of(
        at(0, 0, Double.NaN, volume("dn01", SSD, 0, 0, 0), volume("dn02", DISK, 0, 0, 0)),
        at(2 * SECOND, SECOND, Double.NaN, volume("dn01", SSD, ssdMib * MIB, SECOND, 2 * SECOND),
            volume("dn02", DISK, (100 - ssdMib) * MIB, 2 * SECOND, 2 * SECOND))));
    return new ReadSample(dfsio, t);
  }

  @Test
  void throughput_isDataOverWallTime_meanAndStdOverRepetitions() {
    Map<String, Double> m = ReadMetrics.of(List.of(sample(2, 80), sample(4, 60)), List.of(SSD, DISK),
        Optional.empty());
    assertEquals(37.5, m.get("read_throughput_mb_s"), 1e-9); // (50 + 25) / 2
    assertEquals(Math.sqrt(2 * 12.5 * 12.5), m.get("read_throughput_mb_s_std"), 1e-9);
    assertEquals(3.0, m.get("exec_time_s"), 1e-9);
    assertEquals(30.0, m.get("dfsio_throughput_mb_s"), 1e-9);
    assertEquals(50.0, m.get("ssd_util_pct"), 1e-9);
    assertEquals(100.0, m.get("disk_util_pct"), 1e-9);
    assertEquals(70.0, m.get("ssd_read_share_pct"), 1e-9);
    assertEquals(50.0, m.get("device_throughput_mb_s"), 1e-9); // 100 MiB over the 2 s span
    assertFalse(m.containsKey("stressed_node_read_share_pct"));
  }

  @Test
  void shapedLinks_giveBytesOutOfTheRacksAndToTheReader_unshapedNone() {
    ReadSample plain = sample(2, 80);
    List<Map<String, Object>> links = List.of(
        link("r1", "rack_uplink", 100, 3_000), link("r2", "rack_uplink", 200, 5_000),
        link("client-r1", "client", 9_000, 400), link("dn01", "node", 7_000, 8_000));
    ReadSample shaped = new ReadSample(plain.dfsio(), plain.timeline(), links);
    Map<String, Double> m = ReadMetrics.of(List.of(shaped, shaped), List.of(SSD, DISK), Optional.empty());
    assertEquals(8_000.0, m.get(ReadMetrics.UPLINK_BYTES), 1e-9);
    assertEquals(0.0, m.get(ReadMetrics.UPLINK_BYTES + "_std"), 1e-9);
    assertEquals(9_000.0, m.get(ReadMetrics.CLIENT_LINK_BYTES), 1e-9);
    assertFalse(ReadMetrics.of(List.of(plain), List.of(SSD, DISK), Optional.empty())
        .containsKey(ReadMetrics.UPLINK_BYTES));
  }

  private static Map<String, Object> link(String name, String kind, long down, long up) {
    return Map.of("link", name, "kind", kind, "down_bytes", down, "up_bytes", up);
  }

  @Test
  void aStressedNode_getsItsShareOfTheBytes_andOneTypeHasNoShares() {
    Map<String, Double> m = ReadMetrics.of(List.of(sample(2, 80)), List.of(DISK), Optional.of("dn02"));
    assertEquals(20.0, m.get("stressed_node_read_share_pct"), 1e-9);
    assertTrue(m.get("read_throughput_mb_s_std").isNaN(), "one read: no spread to tell (null in results.json)");
    assertFalse(m.containsKey("disk_read_share_pct"));
  }

  @Test
  @SuppressWarnings("unchecked")
  void detail_keepsEveryRepetition_andTheLastTimeline() {
    Map<String, Object> d = ReadMetrics.detail(List.of(sample(2, 80), sample(4, 60)), List.of(SSD, DISK));
    List<Object> reps = (List<Object>) d.get("repetitions");
    assertEquals(2, reps.size());
    assertEquals(25.0, ((Map<String, Object>) reps.get(1)).get("read_throughput_mb_s"));
    Map<String, Object> t = (Map<String, Object>) d.get("timeline");
    assertEquals(List.of(2.0), t.get("t_s"));
    assertEquals(List.of(50.0), t.get("ssd_util_pct"));
    assertFalse(t.containsKey("weight"));
    assertTrue(((Map<String, Object>) t.get("node_util_pct")).containsKey("dn02"));
  }
}
