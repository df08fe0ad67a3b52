/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

/**
 * Which address each host of a spec gets: the one place that decides it. The NameNode takes a host's identity
 * (locality, rack, liveness) from its address, so DataNodes, rack client hosts and the off-cluster host each get
 * their own.
 */
public enum Addressing {

  /**
   * Every host on this machine's loopback (embedded mode, and processes without a network of their own):
   * DataNode i (1-based) on 127.0.0.(10+i), rack R's client host on 127.0.1.R, the NameNode and off-cluster
   * clients on 127.0.0.1.
   */
  LOOPBACK {
    @Override
    public String dataNode(int nodeIndex, int rackIndex) {
      return "127.0.0." + (SpecParser.FIRST_ADDRESS_OCTET + nodeIndex + 1);
    }

    @Override
    public String rackClient(int rackIndex) {
      return "127.0.1." + (rackIndex + 1);
    }

    @Override
    public String master() {
      return "127.0.0.1";
    }
  },

  /**
   * Each host in a network namespace of its own, all on one /16 ({@value #NAMESPACE_PREFIX}.0.0/16) whose third
   * octet is the rack: DataNode i of rack R on 10.241.R.(10+i), rack R's client host on 10.241.R.1, and the
   * NameNode and off-cluster clients on 10.241.0.1 (the core switch's own address). The subnet is an unusual one
   * so that it does not cover a name server the machine is configured with, which would be unreachable from the
   * namespaces and make every reverse lookup wait for a time-out.
   */
  NAMESPACES {
    @Override
    public String dataNode(int nodeIndex, int rackIndex) {
      return NAMESPACE_PREFIX + "." + (rackIndex + 1) + "." + (SpecParser.FIRST_ADDRESS_OCTET + nodeIndex + 1);
    }

    @Override
    public String rackClient(int rackIndex) {
      return NAMESPACE_PREFIX + "." + (rackIndex + 1) + ".1";
    }

    @Override
    public String master() {
      return NAMESPACE_PREFIX + ".0.1";
    }
  };

  /** The first two octets of {@link #NAMESPACES}' subnet. */
  public static final String NAMESPACE_PREFIX = "10.241";

  /** Prefix length of {@link #NAMESPACES}' one subnet: every host reaches every other without routing. */
  public static final int NAMESPACE_PREFIX_LENGTH = 16;

  /** DataNode {@code nodeIndex} (0-based, spec order) of rack {@code rackIndex} (0-based). */
  public abstract String dataNode(int nodeIndex, int rackIndex);

  /** The client host of rack {@code rackIndex} (0-based): in the rack, but no DataNode. */
  public abstract String rackClient(int rackIndex);

  /** The NameNode's host, which is also where off-cluster clients sit. */
  public abstract String master();
}
