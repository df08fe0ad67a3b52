/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import io.replicakit.testbed.TestbedConfig;
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

  /** The rack size in DataNodes, declared with the testbed's keys ({@link TestbedConfig#PORT_RACK_SIZE}). */
  public static final String RACK_SIZE_KEY = TestbedConfig.PORT_RACK_SIZE.name();
  public static final int DEFAULT_RACK_SIZE =
      Math.toIntExact(TestbedConfig.PORT_RACK_SIZE.get(new Configuration(false)));

  public RackLayout {
    Configuration check = new Configuration(false);
    check.setInt(RACK_SIZE_KEY, rackSize);
    TestbedConfig.PORT_RACK_SIZE.get(check); // refuses a size out of range, naming the key and the range
  }

  /** The layout {@code conf} asks for. */
  public static RackLayout of(Configuration conf) {
    return new RackLayout(Math.toIntExact(TestbedConfig.PORT_RACK_SIZE.get(conf)));
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
