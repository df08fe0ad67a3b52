/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link HadoopInternals#currentBlock}: the block a DataXceiver thread serves, from the name it gives its thread. */
class CurrentBlockTest {

  @Test
  void receivingAndSendingThreads_nameTheirBlock_withoutTheGenerationStamp() throws Exception {
    assertEquals("blk_1073741825", blockOnThread("DataXceiver for client DFSClient_NONMAPREDUCE_1_1 at "
        + "/127.0.0.1:40000 [Receiving block BP-1822-127.0.0.1-1700000000000:blk_1073741825_1001]"));
    assertEquals("blk_-9223372036854775792", blockOnThread("DataXceiver for client  at /127.0.0.2:40001 "
        + "[Sending block BP-1822-127.0.0.1-1700000000000:blk_-9223372036854775792_1002]"));
  }

  @Test
  void otherThreads_nameNoBlock() throws Exception {
    assertNull(blockOnThread("DataXceiver for client  at /127.0.0.1:40000 [Waiting for operation #2]"));
    assertNull(blockOnThread("replicakit-testbed-flush-dn01-DS-1"));
  }

  private static String blockOnThread(String name) throws InterruptedException {
    AtomicReference<String> seen = new AtomicReference<>("unset");
    Thread t = new Thread(() -> seen.set(HadoopInternals.currentBlock()), name);
    t.start();
    t.join();
    return seen.get();
  }
}
