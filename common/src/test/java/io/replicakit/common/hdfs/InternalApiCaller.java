/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.Time;
import org.apache.hadoop.util.VersionInfo;

/** Calls Hadoop the way an adaptor does; its bytecode is what {@link InternalApiTest} reads. */
final class InternalApiCaller {

  long now() {
    return Time.monotonicNow();
  }

  String version() {
    return VersionInfo.getVersion();
  }

  Configuration conf() {
    Configuration conf = new Configuration(false);
    conf.setInt("a", 1);
    return conf;
  }

  Runnable later() {
    return Time::now;
  }
}
