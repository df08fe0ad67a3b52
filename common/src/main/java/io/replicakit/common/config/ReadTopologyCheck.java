/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;

/**
 * Warns when {@code replicakit.read.*} keys are set but the NameNode's topology is not ReplicaKit's: read selection
 * runs inside that topology class, so without it the keys do nothing and reads keep HDFS's order, silently. The
 * check runs in the plugins a NameNode does start (the read module itself has no plugin to do it), once per
 * configuration.
 */
public final class ReadTopologyCheck {

  /** ReplicaKit's topology, by name: {@code common} cannot depend on the read-selection module. */
  public static final String TOPOLOGY_CLASS = "io.replicakit.read.hdfs.ReplicaKitNetworkTopology";

  static final String USE_DFS_TOPOLOGY_KEY = "dfs.use.dfs.network.topology";
  static final String DFS_TOPOLOGY_KEY = "dfs.net.topology.impl";
  static final String NET_TOPOLOGY_KEY = "net.topology.impl";

  private static final Map<Configuration, Boolean> CHECKED = Collections.synchronizedMap(new WeakHashMap<>());

  private ReadTopologyCheck() {}

  /** Logs the problem at WARN, at most once per configuration object. */
  public static void warn(Configuration conf, Logger log) {
    if (CHECKED.put(conf, Boolean.TRUE) == null) {
      problem(conf).ifPresent(log::warn);
    }
  }

  /** Why the configured {@code replicakit.read.*} keys have no effect, if they have none. */
  public static Optional<String> problem(Configuration conf) {
    Map<String, String> readKeys = conf.getPropsWithPrefix("replicakit.read.");
    if (readKeys.isEmpty()) {
      return Optional.empty();
    }
    String example = readKeys.size() + " replicakit.read.* key(s) are set (e.g. replicakit.read."
        + readKeys.keySet().iterator().next() + ")";
    if (!dfsTopology(conf)) {
      // Loaded through net.topology.impl, ReplicaKit's topology (a DFSNetworkTopology) refuses to start: HDFS's
      // placement would fail on its plain inner nodes. So the only advice is to turn the DFS topology back on.
      return Optional.of(example + " but " + USE_DFS_TOPOLOGY_KEY + " is false: read selection runs only as HDFS's"
          + " DFS topology; set " + USE_DFS_TOPOLOGY_KEY + "=true and " + DFS_TOPOLOGY_KEY + "=" + TOPOLOGY_CLASS);
    }
    String impl = conf.getTrimmed(DFS_TOPOLOGY_KEY, "org.apache.hadoop.hdfs.net.DFSNetworkTopology");
    if (isReplicaKit(conf, impl)) {
      return Optional.empty();
    }
    return Optional.of(example + " but " + DFS_TOPOLOGY_KEY + " is " + impl + ", not " + TOPOLOGY_CLASS
        + ": read selection is off and these keys have no effect");
  }

  /**
   * Refuses ReplicaKit's topology unless HDFS loads its topology as a {@code DFSNetworkTopology}: with
   * {@code dfs.use.dfs.network.topology=false} the NameNode loads {@code net.topology.impl} with plain inner nodes, and
   * ReplicaKit's topology, a {@code DFSNetworkTopology} by type, would send HDFS's placement down its storage-type
   * path, which casts those nodes and fails ({@code ClassCastException} in {@code addBlock}, or the NameNode's
   * redundancy monitor exiting). Failing at start-up names the setting instead.
   *
   * @throws IllegalArgumentException if {@code dfs.use.dfs.network.topology} is false
   */
  public static void requireDfsTopology(Configuration conf) {
    if (!dfsTopology(conf)) {
      throw new IllegalArgumentException(TOPOLOGY_CLASS + " needs " + USE_DFS_TOPOLOGY_KEY + "=true (the default),"
          + " set through " + DFS_TOPOLOGY_KEY + "; with false HDFS loads it through " + NET_TOPOLOGY_KEY
          + " with plain inner nodes, on which its block placement fails");
    }
  }

  /** Whether HDFS loads {@code dfs.net.topology.impl} (true, the default) rather than {@code net.topology.impl}. */
  private static boolean dfsTopology(Configuration conf) {
    return conf.getBoolean(USE_DFS_TOPOLOGY_KEY, true);
  }

  /** The ReplicaKit topology or a subclass of it (when both load here). */
  private static boolean isReplicaKit(Configuration conf, String impl) {
    if (impl.equals(TOPOLOGY_CLASS)) {
      return true;
    }
    Class<?> ours = conf.getClassByNameOrNull(TOPOLOGY_CLASS);
    Class<?> configured = conf.getClassByNameOrNull(impl);
    return ours != null && configured != null && ours.isAssignableFrom(configured);
  }
}
