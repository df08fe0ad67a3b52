/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;

/** Extends a Hadoop class the way a plugin class does: an override, and an inherited method called on itself. */
final class InternalApiSubclass extends Configured {

  @Override
  public Configuration getConf() {
    return null;
  }

  void apply(Configuration conf) {
    setConf(conf);
  }
}
