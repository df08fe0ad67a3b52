/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;

/**
 * Racks of a fixed size for NNThroughputBenchmark's simulated DataNodes. Those all register with this host's one
 * IP address and host name and differ only in their transfer port ({@code 1 + index}), so no
 * {@code DNSToSwitchMapping}, which sees names only, can tell them apart; the rack is derived from the port
 * instead: DataNode {@code i} (port {@code i + 1}) goes to rack {@code i / size}, i.e. ports 1..20 to
 * {@code /rack-00001}, 21..40 to {@code /rack-00002}, and so on.
 */
public record RackLayout(int rackSize) {

  /** The rack size in DataNodes; default {@value #DEFAULT_RACK_SIZE}, 1..{@value #MAX_RACK_SIZE}. */
  public static final String RACK_SIZE_KEY = "replicakit.bench.scale.rack-size";
  public static final int DEFAULT_RACK_SIZE = 20;
  public static final int MAX_RACK_SIZE = 10_000;

  public RackLayout {
    if (rackSize < 1 || rackSize > MAX_RACK_SIZE) {
      throw new IllegalArgumentException(RACK_SIZE_KEY + " must be in 1.." + MAX_RACK_SIZE + ", was " + rackSize);
    }
  }

  /** The layout {@code conf} asks for. */
  public static RackLayout of(Configuration conf) {
    return new RackLayout(conf.getInt(RACK_SIZE_KEY, DEFAULT_RACK_SIZE));
  }

  /** The rack of the simulated DataNode with this transfer port (ports start at 1). */
  public String rackOf(int xferPort) {
    if (xferPort < 1) {
      throw new IllegalArgumentException("NNThroughputBenchmark's DataNodes have ports from 1; got " + xferPort);
    }
    return String.format(Locale.ROOT, "/rack-%05d", (xferPort - 1) / rackSize + 1);
  }

  /** How many racks {@code dataNodes} simulated DataNodes fill. */
  public int racks(int dataNodes) {
    return (dataNodes + rackSize - 1) / rackSize;
  }
}
