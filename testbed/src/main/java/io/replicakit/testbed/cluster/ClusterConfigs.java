/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.hdfs.EmulatedFsDatasetFactory;
import io.replicakit.testbed.net.BoundSocketFactory;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.blockmanagement.CombinedHostFileManager;
import org.apache.hadoop.net.NetworkTopologyWithNodeGroup;
import org.apache.hadoop.net.TableMapping;

/**
 * Translates a spec into HDFS configuration, for both cluster modes: the cluster-wide part (topology mapping,
 * hosts file with upgrade domains, the emulated dataset factory, fast failure detection, installed site files)
 * and each DataNode's overlay (its address, socket binding, devices, network limits). Topology and upgrade domains go
 * through the same files and keys an operator uses on a real cluster: {@code TableMapping} and the JSON hosts file
 * of {@code CombinedHostFileManager}.
 */
final class ClusterConfigs {

  private ClusterConfigs() {}

  /** The cluster-wide configuration of an embedded cluster: HDFS's defaults plus {@link #settings}. */
  static Configuration base(ClusterSpec spec, ClusterOptions options) {
    Configuration conf = new HdfsConfiguration();
    settings(spec, options).forEach(conf::set);
    return conf;
  }

  /**
   * What the testbed sets for every daemon and client, in order of precedence: the testbed's own settings, then
   * the options' site files (the {@code conf/} samples), then the options' settings.
   */
  static Map<String, String> settings(ClusterSpec spec, ClusterOptions options) {
    Map<String, String> settings = new LinkedHashMap<>();
    Path confDir = options.baseDir().resolve("testbed-conf");
    settings.put(DFSConfigKeys.DFS_DATANODE_FSDATASET_FACTORY_KEY, EmulatedFsDatasetFactory.class.getName());
    settings.put(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, Long.toString(EmbeddedCluster.HEARTBEAT_SECONDS));
    settings.put(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY,
        Integer.toString(EmbeddedCluster.HEARTBEAT_RECHECK_MS));
    settings.put(CommonConfigurationKeys.NET_TOPOLOGY_NODE_SWITCH_MAPPING_IMPL_KEY, TableMapping.class.getName());
    settings.put(CommonConfigurationKeys.NET_TOPOLOGY_TABLE_MAPPING_FILE_KEY,
        write(confDir.resolve("topology.table"), topologyTable(spec)).toString());
    if (spec.usesNodeGroups()) {
      settings.put(CommonConfigurationKeys.NET_TOPOLOGY_IMPL_KEY, NetworkTopologyWithNodeGroup.class.getName());
      settings.put(DFSConfigKeys.DFS_USE_DFS_NETWORK_TOPOLOGY_KEY, "false");
    }
    if (spec.usesUpgradeDomains()) {
      settings.put(DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY, CombinedHostFileManager.class.getName());
      settings.put(DFSConfigKeys.DFS_HOSTS, write(confDir.resolve("hosts.json"), hostsJson(spec)).toString());
    }
    options.siteFiles().forEach(file -> SiteFiles.merge(settings, file));
    settings.putAll(options.hdfsSettings());
    return settings;
  }

  /** What only this DataNode has: its address, socket binding, devices and network limits. */
  static Configuration dataNodeOverlay(ClusterSpec spec, DataNodeSpec node, ClusterOptions options) {
    Configuration overlay = new Configuration(false);
    String any = node.address() + ":0";
    overlay.set(DFSConfigKeys.DFS_DATANODE_ADDRESS_KEY, any);
    overlay.set(DFSConfigKeys.DFS_DATANODE_IPC_ADDRESS_KEY, any);
    overlay.set(DFSConfigKeys.DFS_DATANODE_HTTP_ADDRESS_KEY, any);
    overlay.set(CommonConfigurationKeys.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
        BoundSocketFactory.class.getName());
    overlay.set(TestbedConfig.BIND_ADDRESS_KEY, node.address());
    TestbedConfig.setDeviceSettings(overlay,
        DeviceSettings.of(node.name(), spec.devices(), node.volumes(), node.pageCacheBytes())
            .withWriteBack(node.writeBack()));
    if (node.networkBytesPerSec() > 0) {
      overlay.setLong(DFSConfigKeys.DFS_DATANODE_DATA_READ_BANDWIDTHPERSEC_KEY, node.networkBytesPerSec());
      overlay.setLong(DFSConfigKeys.DFS_DATANODE_DATA_WRITE_BANDWIDTHPERSEC_KEY, node.networkBytesPerSec());
      overlay.setLong(DFSConfigKeys.DFS_DATANODE_DATA_TRANSFER_BANDWIDTHPERSEC_KEY, node.networkBytesPerSec());
    }
    return overlay;
  }

  /** TableMapping's file: one {@code address location} line per DataNode, then one per rack's client host. */
  static String topologyTable(ClusterSpec spec) {
    StringBuilder table = new StringBuilder();
    spec.dataNodes().forEach(dn -> table.append(dn.address()).append(' ').append(dn.networkLocation()).append('\n'));
    spec.racks().forEach(rack -> table.append(spec.rackClientAddress(rack)).append(' ')
        .append(spec.rackClientLocation(rack)).append('\n'));
    return table.toString();
  }

  /** CombinedHostFileManager's JSON: every DataNode admitted, with its upgrade domain. */
  static String hostsJson(ClusterSpec spec) {
    return spec.dataNodes().stream()
        .map(dn -> "  {\"hostName\": \"" + dn.address() + "\""
            + dn.upgradeDomain().map(ud -> ", \"upgradeDomain\": \"" + ud + "\"").orElse("") + "}")
        .collect(Collectors.joining(",\n", "[\n", "\n]\n"));
  }

  private static Path write(Path file, String content) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, content, StandardCharsets.UTF_8);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
