/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.write.WriteModeFileSystem;
import io.replicakit.write.relay.WriteRelayPlugin;
import java.util.List;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The write approaches' list of Hadoop internals against the Hadoop they are built for (3.5.0). */
class WriteInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), WriteInternals.API.missing(WriteInternals.class.getClassLoader()));
    assertDoesNotThrow(() -> WriteInternals.API.check());
  }

  @Test
  void list_namesEveryHadoopMemberTheWritersAndTheRelayCall() {
    assertEquals(List.of(), WriteInternals.API.undeclared(WriteInternals.class, WriteSession.class,
        FanOutOutputStream.class, NameNodeCalls.class, ClientConnector.class, DataNodeConnector.class, Leg.class,
        FanOut.class, Packets.class, BlockTargets.class, WriteHeader.class, DataNodeReplacement.class,
        RelayConnection.class, RelayServer.class, WriteModeFileSystem.class, WriteRelayPlugin.class));
  }
}
