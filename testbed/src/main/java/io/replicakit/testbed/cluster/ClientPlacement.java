/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

/**
 * Where a client (TestDFSIO, a reader, a writer) sits relative to the cluster. The NameNode decides writer
 * locality and reader distance from the client's source address, so placing a client is choosing the address
 * its sockets come from.
 */
public sealed interface ClientPlacement {

  /** On the host of the named DataNode: the NameNode puts the first replica of its writes there. */
  record OnNode(String nodeName) implements ClientPlacement {}

  /**
   * On a host of the named rack that runs no DataNode: the NameNode puts the first replica of its writes on
   * some node of that rack, as for the paper's writer "through a node in R1" that spread data over the rack.
   */
  record InRack(String rack) implements ClientPlacement {}

  /** Outside the cluster, on 127.0.0.1: no DataNode is local to it. */
  record OffCluster() implements ClientPlacement {}

  static ClientPlacement onNode(String nodeName) {
    return new OnNode(nodeName);
  }

  static ClientPlacement offCluster() {
    return new OffCluster();
  }

  static ClientPlacement inRack(String rack) {
    return new InRack(rack);
  }

  /** Parses the CLI form: {@code off} (or {@code off-cluster}), a rack path ({@code /r1}) or a DataNode name. */
  static ClientPlacement parse(String text) {
    if (text.equals("off") || text.equals("off-cluster")) {
      return offCluster();
    }
    return text.startsWith("/") ? inRack(text) : onNode(text);
  }
}
