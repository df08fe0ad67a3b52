/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.HostMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.NodeStateProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.VolumeMetricsProto;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeTableTest {

  @Test
  void table_listsNodesByAddress_withVolumesAndMissingMetricsAsDashes() {
    NodeStateProto fresh = node("uuid-b", "10.0.0.2:9866", false, VolumeMetricsProto.newBuilder()
        .setStorageId("DS-0123456789abcdef").setStorageType("SSD").setUtilizationPct(42.25).setAwaitMs(1.5)
        .setReadKbPerSec(2048).setWriteKbPerSec(0).setQueueLength(0.5).build());
    NodeStateProto stale = node("uuid-a", "10.0.0.1:9866", true, VolumeMetricsProto.newBuilder()
        .setStorageId("DS-1").setStorageType("DISK").build());
    String table = NodeTable.format(ListNodesResponseProto.newBuilder().addNodes(fresh).addNodes(stale)
        .setAccepted(10).setRejected(2).build());

    List<String> lines = table.lines().toList();
    assertTrue(lines.get(1).startsWith("10.0.0.1:9866") && lines.get(1).contains("STALE"), table);
    assertTrue(lines.get(2).contains("DS-1") && lines.get(2).contains(" - "), table);
    assertTrue(lines.get(3).startsWith("10.0.0.2:9866") && lines.get(3).contains("fresh"), table);
    assertTrue(lines.get(4).contains("DS-01234567…") && lines.get(4).contains("42.3")
        && lines.get(4).contains("2048"), table);
    assertEquals("2 DataNodes (1 fresh); samples accepted 10, rejected 2", lines.get(5));
  }

  private static NodeStateProto node(String uuid, String address, boolean stale, VolumeMetricsProto volume) {
    DatanodeSystemMetricsProto sample = DatanodeSystemMetricsProto.newBuilder().setDatanodeUuid(uuid).setEpoch(1)
        .setSequence(1).setSampleTimeMs(1).setIntervalMs(3000)
        .setHost(HostMetricsProto.newBuilder().setCpuIdlePct(90).setMemoryFreePct(50)).addVolumes(volume).build();
    return NodeStateProto.newBuilder().setSample(sample).setReceivedTimeMs(1).setAgeMs(stale ? 20_000 : 500)
        .setStale(stale).setXferAddress(address).build();
  }
}
