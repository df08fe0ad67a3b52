/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode sees the spec's topology through the operator's own mechanisms: racks and node groups from the
 * topology table, upgrade domains and capacities from the DataNodes' registration and hosts file.
 */
class TopologyIT {

  @TempDir
  Path dir;

  @Test
  void paperSpec_nameNodeSeesRacksUpgradeDomainsAndCapacities() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("paper");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ClusterOptions.in(dir))) {
      Map<String, DatanodeInfo> byAddress = liveByAddress(cluster);
      for (DataNodeSpec dn : spec.dataNodes()) {
        DatanodeInfo info = byAddress.get(dn.address());
        assertEquals(dn.networkLocation(), info.getNetworkLocation(), dn.name());
        assertEquals(dn.upgradeDomain().orElseThrow(), info.getUpgradeDomain(), dn.name());
        assertEquals(dn.capacityBytes(), info.getCapacity(), dn.name());
      }
    }
  }

  @Test
  void nodeGroupSpec_nameNodeSeesNodeGroupsBelowRacks() throws Exception {
    Properties props = ClusterSpecs.properties("small");
    props.setProperty(SpecParser.RACKS, "2");
    props.setProperty(SpecParser.NODE_GROUPS_PER_RACK, "2");
    ClusterSpec spec = SpecParser.parse(props, "small-with-node-groups");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ClusterOptions.in(dir))) {
      Map<String, DatanodeInfo> byAddress = liveByAddress(cluster);
      for (DataNodeSpec dn : spec.dataNodes()) {
        assertEquals(dn.networkLocation(), byAddress.get(dn.address()).getNetworkLocation(), dn.name());
      }
      assertEquals("/r1/ng2", spec.dataNode("dn02").networkLocation());
    }
  }

  private static Map<String, DatanodeInfo> liveByAddress(EmbeddedCluster cluster) throws Exception {
    DatanodeInfo[] live = cluster.miniCluster().getFileSystem().getDataNodeStats(DatanodeReportType.LIVE);
    return Arrays.stream(live).collect(Collectors.toMap(DatanodeInfo::getIpAddr, d -> d));
  }
}
