/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.daemon.DataNodeControlPlugin;
import io.replicakit.testbed.daemon.NameNodeControlPlugin;
import io.replicakit.testbed.spec.Addressing;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.VolumeSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;

/**
 * The configuration of each daemon of a multi-process cluster, as the files of its own {@code HADOOP_CONF_DIR}:
 * the settings both modes share ({@link ClusterConfigs#settings}: the testbed's, the installed site files, the
 * options'), the same test-friendly HDFS settings MiniDFSCluster applies in the embedded mode (so both modes run the
 * same HDFS), where this daemon keeps its storage and listens, and the harness's control plugin.
 */
final class DaemonConfs {

  /** Prefixes of the keys {@code core-site.xml} carries; the rest goes to {@code hdfs-site.xml}. */
  /** HDFS's default {@code dfs.replication.max}: the most replicas a file may ask for. */
  static final int MAX_REPLICATION = 512;

  private static final List<String> CORE_PREFIXES = List.of("fs.", "hadoop.", "net.", "io.", "ipc.", "file.", "ha.");

  private final ClusterSpec spec;
  private final Path baseDir;
  private final Map<String, String> common;

  DaemonConfs(ClusterSpec spec, ClusterOptions options, int nameNodePort) {
    this(spec, options, nameNodePort, 0);
  }

  /**
   * @param nameNodeHttpPort the NameNode's web server port, known to every client (so {@code hdfs fsck}, which asks
   *     the web server, works from them); 0 for any free port, which only the NameNode then knows
   */
  DaemonConfs(ClusterSpec spec, ClusterOptions options, int nameNodePort, int nameNodeHttpPort) {
    this.spec = spec;
    this.baseDir = options.baseDir();
    this.common = common(spec, options, nameNodePort, nameNodeHttpPort);
  }

  /** What every daemon and every client of the cluster is configured with. */
  Map<String, String> common() {
    return new LinkedHashMap<>(common);
  }

  /** A client configuration: HDFS's defaults plus {@link #common()}. */
  Configuration clientBase() {
    Configuration conf = new HdfsConfiguration();
    common.forEach(conf::set);
    return conf;
  }

  /** The NameNode's settings, with {@code restartSettings} (from NameNode restarts) applied last. */
  Map<String, String> nameNode(Map<String, String> restartSettings) {
    Map<String, String> settings = common();
    settings.put(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, baseDir.resolve("name").toUri().toString());
    settings.put(CommonConfigurationKeys.HADOOP_TMP_DIR, baseDir.resolve("tmp/namenode").toString());
    SiteFiles.put(settings, DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, NameNodeControlPlugin.class.getName());
    if (spec.addressing() == Addressing.NAMESPACES) {
      // A DataNode's namespace address is not this host's and has no name: register it by address.
      settings.put(DFSConfigKeys.DFS_NAMENODE_DATANODE_REGISTRATION_IP_HOSTNAME_CHECK_KEY, "false");
    }
    restartSettings.forEach(settings::put);
    return settings;
  }

  /** A DataNode's settings: the embedded overlay (address, socket binding, devices, limits), storage, plugin. */
  Map<String, String> dataNode(DataNodeSpec node, ClusterOptions options) {
    Map<String, String> settings = common();
    for (Map.Entry<String, String> e : ClusterConfigs.dataNodeOverlay(spec, node, options)) {
      settings.put(e.getKey(), e.getValue());
    }
    settings.put(DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY, dataDirs(node));
    settings.put(DFSConfigKeys.DFS_DATANODE_HOST_NAME_KEY, node.address());
    settings.put(CommonConfigurationKeys.HADOOP_TMP_DIR, baseDir.resolve("tmp").resolve(node.name()).toString());
    SiteFiles.put(settings, DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, DataNodeControlPlugin.class.getName());
    return settings;
  }

  /** {@code [SSD]file:/.../data/dn01/vol1,[DISK]file:/.../data/dn01/vol2}, in the spec's volume order. */
  String dataDirs(DataNodeSpec node) {
    List<String> dirs = new ArrayList<>();
    List<VolumeSpec> volumes = node.volumes();
    for (int i = 0; i < volumes.size(); i++) {
      Path dir = baseDir.resolve("data").resolve(node.name()).resolve("vol" + (i + 1));
      dirs.add("[" + volumes.get(i).type() + "]" + dir.toUri());
    }
    return String.join(",", dirs);
  }

  /**
   * Writes {@code core-site.xml}, {@code hdfs-site.xml}, {@code log4j.properties} and
   * {@code hadoop-metrics2.properties} into {@code confDir}.
   */
  static void write(Path confDir, Map<String, String> settings) throws IOException {
    Files.createDirectories(confDir);
    Configuration core = new Configuration(false);
    Configuration hdfs = new Configuration(false);
    settings.forEach((key, value) -> (isCoreKey(key) ? core : hdfs).set(key, value));
    writeXml(core, confDir.resolve("core-site.xml"));
    writeXml(hdfs, confDir.resolve("hdfs-site.xml"));
    copyResource("daemon-log4j.properties", confDir.resolve("log4j.properties"));
    copyResource("daemon-metrics2.properties", confDir.resolve("hadoop-metrics2.properties"));
  }

  private static void copyResource(String name, Path target) throws IOException {
    try (InputStream in = DaemonConfs.class.getResourceAsStream("/io/replicakit/testbed/process/" + name)) {
      if (in == null) {
        throw new IOException(name + " missing from the testbed jar");
      }
      Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  static boolean isCoreKey(String key) {
    return CORE_PREFIXES.stream().anyMatch(key::startsWith);
  }

  private static void writeXml(Configuration conf, Path file) throws IOException {
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }

  private static Map<String, String> common(ClusterSpec spec, ClusterOptions options, int nameNodePort,
      int nameNodeHttpPort) {
    Map<String, String> settings = new LinkedHashMap<>();
    // What MiniDFSCluster sets in the embedded mode, unless the user's settings say otherwise.
    settings.put(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY, "0");
    settings.put(DFSConfigKeys.DFS_BLOCKREPORT_INITIAL_DELAY_KEY, "0");
    settings.put(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, "false");
    settings.put(DFSConfigKeys.DFS_NAMENODE_DECOMMISSION_INTERVAL_KEY, "3s");
    settings.put(DFSConfigKeys.DFS_DATANODE_ROUND_ROBIN_VOLUME_CHOOSING_POLICY_ADDITIONAL_AVAILABLE_SPACE_KEY, "0");
    settings.putAll(ClusterConfigs.settings(spec, options));
    int replication = replication(settings.getOrDefault(DFSConfigKeys.DFS_REPLICATION_KEY, "3"));
    settings.put(DFSConfigKeys.DFS_REPLICATION_KEY, Integer.toString(Math.min(replication, spec.dataNodes().size())));
    String nameNode = spec.masterAddress() + ":" + nameNodePort;
    settings.put(CommonConfigurationKeys.FS_DEFAULT_NAME_KEY, "hdfs://" + nameNode);
    settings.put(DFSConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, nameNode);
    settings.put(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, spec.masterAddress() + ":" + nameNodeHttpPort);
    return settings;
  }

  /**
   * {@code dfs.replication} as a number of replicas. Checked here, where it is capped by the number of DataNodes:
   * HDFS's own parse would fail naming no key, and 0 would pass until the first file is created.
   *
   * @throws IllegalArgumentException naming the key, the allowed range and the value
   */
  static int replication(String value) {
    try {
      int replication = Integer.parseInt(value.trim());
      if (replication >= 1 && replication <= MAX_REPLICATION) {
        return replication;
      }
    } catch (NumberFormatException e) {
      // reported below, with the key
    }
    throw new IllegalArgumentException(DFSConfigKeys.DFS_REPLICATION_KEY + " must be a whole number from 1 to "
        + MAX_REPLICATION + " (HDFS's " + DFSConfigKeys.DFS_REPLICATION_MAX_KEY + " default), was '" + value + "'");
  }
}
