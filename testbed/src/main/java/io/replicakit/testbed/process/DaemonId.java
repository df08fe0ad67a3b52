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
 * @param role NameNode or DataNode
 * @param name {@code namenode}, or the DataNode's testbed name ({@code dn01})
 * @param address the IP address the daemon binds and registers from ({@code 127.0.0.11})
 * @param rack the DataNode's rack ({@code /r1}); empty for the NameNode
 */
public record DaemonId(Role role, String name, String address, String rack) {

  /** The kinds of daemon a cluster runs. */
  public enum Role { NAMENODE, DATANODE }

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
}
