/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.io.IOException;
import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The multi-process harness's own off-cluster client of the NameNode, for its checks (registration, safe mode,
 * live nodes). It fails fast while the NameNode is down instead of retrying for tens of seconds, so start-up polls
 * stay short; it is reopened after a NameNode restart.
 */
final class AdminClient implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(AdminClient.class);

  private final URI nameNode;
  private final Configuration conf;
  private DistributedFileSystem fs;

  AdminClient(URI nameNode, Configuration offClusterConf) {
    this.nameNode = nameNode;
    this.conf = new Configuration(offClusterConf);
    conf.setInt("ipc.client.connect.max.retries", 1);
    conf.setInt("ipc.client.connect.retry.interval", 200);
  }

  synchronized DistributedFileSystem fs() throws IOException {
    if (fs == null) {
      fs = (DistributedFileSystem) FileSystem.get(nameNode, conf);
    }
    return fs;
  }

  /** Whether the NameNode counts a DataNode at {@code ip} live with a heartbeat or registration after {@code since}. */
  boolean registeredSince(String ip, long since) throws IOException {
    return live(ip).map(info -> info.getLastUpdate() >= since).orElse(false);
  }

  /** The UUID of the live DataNode at {@code ip}. */
  Optional<String> uuid(String ip) throws IOException {
    return live(ip).map(DatanodeInfo::getDatanodeUuid);
  }

  private Optional<DatanodeInfo> live(String ip) throws IOException {
    for (DatanodeInfo info : fs().getDataNodeStats(DatanodeReportType.LIVE)) {
      if (info.getIpAddr().equals(ip)) {
        return Optional.of(info);
      }
    }
    return Optional.empty();
  }

  @Override
  public synchronized void close() {
    if (fs != null) {
      try {
        fs.close();
      } catch (IOException e) {
        LOG.debug("closing the harness's client", e);
      }
      fs = null;
    }
  }
}
