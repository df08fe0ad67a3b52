/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.write.Route;
import io.replicakit.write.WriteMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsFileStatus;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.datatransfer.BlockConstructionStage;
import org.apache.hadoop.hdfs.server.datanode.CachingStrategy;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One leg against a real DataNode: once the block's last packet is acknowledged the DataNode has finalized its
 * replica and hangs up, so the leg must not send it keep-alives any more (HDFS's {@code DataStreamer} sends them only
 * while streaming). A keep-alive there fails on the closed connection, and a leg that reported it would drop a good,
 * finalized replica while another leg of the block was still finishing.
 */
class LegIT {

  private static final int SOCKET_TIMEOUT_MS = 1000;

  @TempDir
  Path dir;

  @Test
  void finishedLeg_sendsNoKeepAlive_andReportsNoFailure_afterTheDataNodeHangsUp() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("small"), ClusterOptions.in(dir))) {
      Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
      conf.setInt(HdfsClientConfigKeys.DFS_CLIENT_SOCKET_TIMEOUT_KEY, SOCKET_TIMEOUT_MS);
      try (DistributedFileSystem fs = (DistributedFileSystem) FileSystem.newInstance(cluster.uri(), conf)) {
        NameNodeCalls nameNode = new NameNodeCalls(fs.getClient());
        Connector connector = new ClientConnector(fs.getClient(), conf, 0);
        HdfsFileStatus file = nameNode.create("/leg", FsPermission.getFileDefault(), EnumSet.of(CreateFlag.CREATE),
            true, (short) 1, 1024 * 1024);
        LocatedBlock lb = nameNode.addBlock("/leg", file.getFileId(), null, null, EnumSet.noneOf(AddBlockFlag.class));
        DataChecksum checksum = DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512);
        ExtendedBlock request = new ExtendedBlock(lb.getBlock());
        request.setNumBytes(1024 * 1024);
        WriteHeader header = new WriteHeader(request, lb.getBlockToken(), nameNode.clientName(),
            BlockConstructionStage.PIPELINE_SETUP_CREATE, WriteHeader.Range.NONE,
            lb.getBlock().getGenerationStamp(), checksum, CachingStrategy.newDefaultStrategy());
        Recorder recorder = new Recorder();
        Leg leg = Leg.open(0, Route.legs(WriteMode.BROADCAST, 1).get(0), BlockTargets.of(lb), header, connector,
            recorder);
        try {
          byte[] data = new byte[4096];
          leg.send(Packets.data(0, 0, data, 0, data.length, checksum));
          leg.send(Packets.last(1, data.length, false));
          assertTrue(recorder.lastAcked.await(30, TimeUnit.SECONDS), "last packet acknowledged");
          // Keep-alives go out every half of the plain socket timeout; wait for two of them.
          long keepAliveMs = connector.readTimeoutMs(0) / 2L;
          Thread.sleep(2 * keepAliveMs + 1000);
          assertEquals(List.of(), recorder.failures, "failures reported after the block was finalized");
        } finally {
          leg.close();
        }
      }
    }
  }

  /** Records what the leg reports. */
  private static final class Recorder implements Leg.Listener {
    final CountDownLatch lastAcked = new CountDownLatch(1);
    final List<String> failures = new CopyOnWriteArrayList<>();

    @Override
    public void acked(Leg leg, long seqno) {
      if (seqno == 1) {
        lastAcked.countDown();
      }
    }

    @Override
    public void failed(Leg leg, int badNode, IOException cause) {
      failures.add(badNode + ": " + cause);
    }
  }
}
