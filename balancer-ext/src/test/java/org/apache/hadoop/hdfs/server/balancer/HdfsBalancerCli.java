/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.balancer;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * HDFS's own Balancer command line ({@code Balancer.Cli}, package-private), for tests that hold ReplicaKit's
 * balancer to the messages and exit codes of HDFS's.
 */
public final class HdfsBalancerCli {

  private HdfsBalancerCli() {}

  public static int run(Configuration conf, String... args) throws Exception {
    return ToolRunner.run(conf, new Balancer.Cli(), args);
  }
}
