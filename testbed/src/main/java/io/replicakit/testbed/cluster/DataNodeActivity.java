/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.io.IOException;
import java.util.Set;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * Counters of HDFS's own DataNode metrics ({@code DataNodeActivity-<host>-<port>}, metrics2 record
 * {@code dfs.datanode}), read over JMX and summed over the DataNodes whose beans a connection holds: every embedded
 * DataNode in this JVM's platform server, one DataNode per daemon process.
 */
final class DataNodeActivity {

  private static final String PATTERN = "Hadoop:service=DataNode,name=DataNodeActivity-*";

  private DataNodeActivity() {}

  /**
   * @throws IOException when the connection holds no DataNode's bean (a sum of nothing would read as a quiet
   *     cluster) or the counter cannot be read
   */
  static long sum(MBeanServerConnection beans, String counter) throws IOException {
    long total = 0;
    try {
      Set<ObjectName> names = beans.queryNames(new ObjectName(PATTERN), null);
      if (names.isEmpty()) {
        throw new IOException("no DataNode metrics bean (" + PATTERN + ") to read " + counter + " from");
      }
      for (ObjectName name : names) {
        total += ((Number) beans.getAttribute(name, counter)).longValue();
      }
    } catch (JMException e) {
      throw new IOException("cannot read DataNode counter " + counter + ": " + e, e);
    }
    return total;
  }
}
