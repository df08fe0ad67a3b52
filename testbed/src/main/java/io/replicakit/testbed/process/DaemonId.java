/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.util.Objects;

/**
 * One daemon of a multi-process cluster, as a {@link NodeLauncher} sees it: what it is, its name (file names,
 * log lines) and the address it serves on, which is the host it stands for.
 *
 * @param role what runs: an HDFS or YARN daemon, or a client JVM (TestDFSIO)
 * @param name {@code namenode}, {@code resourcemanager}, the node's testbed name ({@code dn01}) for its DataNode
 *     and NodeManager, or a client's name ({@code client-r1}, {@code client})
 * @param address the IP address the daemon binds and registers from ({@code 127.0.0.11}); a NodeManager has its
 *     DataNode's, the ResourceManager the NameNode's
 * @param rack the node's or client's rack ({@code /r1}); empty for the NameNode, the ResourceManager and a client
 *     outside the cluster
 */
public record DaemonId(Role role, String name, String address, String rack) {

  /**
   * The kinds of JVM a cluster runs. A NodeManager shares its DataNode's name, address and rack: the two are one
   * node; a client JVM sits on its rack's client host, or outside the cluster.
   */
  public enum Role { NAMENODE, DATANODE, RESOURCEMANAGER, NODEMANAGER, CLIENT }

  public DaemonId {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(rack, "rack");
  }

  public static DaemonId nameNode(String address) {
    return new DaemonId(Role.NAMENODE, "namenode", address, "");
  }

  public static DaemonId dataNode(String name, String address, String rack) {
    return new DaemonId(Role.DATANODE, name, address, rack);
  }

  public static DaemonId resourceManager(String address) {
    return new DaemonId(Role.RESOURCEMANAGER, "resourcemanager", address, "");
  }

  /** The NodeManager beside a DataNode: the same node, so the same name, address and rack. */
  public static DaemonId nodeManager(String name, String address, String rack) {
    return new DaemonId(Role.NODEMANAGER, name, address, rack);
  }

  /** A client JVM ({@code client-r1} in rack {@code /r1}; rack empty: outside the cluster). */
  public static DaemonId client(String name, String address, String rack) {
    return new DaemonId(Role.CLIENT, name, address, rack);
  }
}
