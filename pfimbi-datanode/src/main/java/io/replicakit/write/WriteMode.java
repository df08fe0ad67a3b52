/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import java.util.Locale;

/**
 * How a client sends a block's replicas (replication-approaches paper §II): the three approaches the paper
 * compares, named as {@code replicakit.write.mode} spells them.
 */
public enum WriteMode {

  /** HDFS's own: client → DN1 → DN2 → DN3, acknowledgements back along the chain (§II.A). */
  PIPELINE,
  /** Parallel, broadcast: the client sends every packet to every replica and waits for every ack (§II.B). */
  BROADCAST,
  /** Parallel, master/slave: the client sends to DN1, which forwards to the others in parallel (§II.C). */
  MASTER_SLAVE;

  /** The name in configuration: {@code pipeline}, {@code broadcast}, {@code master-slave}. */
  public String key() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  @Override
  public String toString() {
    return key();
  }
}
