/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NoticeCheckTest {

  private static final String POOL = "BP-1-10.0.0.1-1";
  private static final NodeRef SOURCE = new NodeRef("uuid-1", "10.0.0.1", "h1", 9866, 9867, 9864, "DISK");
  private static final NodeRef NEXT = new NodeRef("uuid-3", "10.0.0.3", "h3", 9866, 9867, 9864, "DISK");

  /** This DataNode is uuid-2 in POOL and serves no other pool; it can hold blocks of up to 1 MiB. */
  private final NoticeCheck check = new NoticeCheck(pool -> Optional.ofNullable(Map.of(POOL, "uuid-2").get(pool)),
      1 << 20);

  private static BlockAvailable notice(String pool, long bytes, NodeRef source, List<NodeRef> downstream) {
    return new BlockAvailable(pool, 1_073_741_825L, 1001, bytes, source, "job", 1.0, 2, "DISK", downstream);
  }

  @Test
  void wellFormedNotice_forAServedPool_isAccepted() {
    assertEquals(Optional.empty(), check.refusal(notice(POOL, 4096, SOURCE, List.of(NEXT))));
  }

  @Test
  void foreignBlockPool_isRefused() {
    assertEquals("block pool BP-9 is not served by this DataNode",
        check.refusal(notice("BP-9", 4096, SOURCE, List.of())).orElseThrow());
  }

  @Test
  void blockLongerThanAManagerCanHold_isRefusedBeforeItIsQueued() {
    String refusal = check.refusal(notice(POOL, (1 << 20) + 1, SOURCE, List.of())).orElseThrow();
    assertTrue(refusal.contains("more than a Replication Manager can hold (1048576)"), refusal);
    assertEquals(Optional.empty(), check.refusal(notice(POOL, 1 << 20, SOURCE, List.of())));
  }

  @Test
  void thisDataNodeAsSourceOrTarget_isRefused() {
    NodeRef self = new NodeRef("uuid-2", "10.0.0.2", "h2", 9866, 9867, 9864, "DISK");
    assertTrue(check.refusal(notice(POOL, 1, self, List.of())).orElseThrow().contains("this DataNode itself"));
    assertTrue(check.refusal(notice(POOL, 1, SOURCE, List.of(self))).orElseThrow().contains("appears twice"));
  }

  @Test
  void repeatedTarget_isRefused() {
    assertTrue(check.refusal(notice(POOL, 1, SOURCE, List.of(NEXT, NEXT))).orElseThrow().contains("uuid-3"));
  }

  @Test
  void hostNamesInsteadOfAddresses_areRefused() {
    NodeRef named = new NodeRef("uuid-1", "evil.example.com", "h1", 9866, 9867, 9864, "DISK");
    assertEquals("source address evil.example.com is not an IP address",
        check.refusal(notice(POOL, 1, named, List.of())).orElseThrow());
    NodeRef hex = new NodeRef("uuid-4", "abc", "h4", 9866, 9867, 9864, "DISK");
    assertTrue(check.refusal(notice(POOL, 1, SOURCE, List.of(hex))).isPresent());
  }

  @Test
  void ipLiterals_areRecognisedWithoutDns() {
    assertTrue(NoticeCheck.isIpLiteral("127.0.0.11"));
    assertTrue(NoticeCheck.isIpLiteral("::1"));
    assertTrue(NoticeCheck.isIpLiteral("fe80::1"));
    assertFalse(NoticeCheck.isIpLiteral("256.1.1.1"));
    assertFalse(NoticeCheck.isIpLiteral("1.2.3"));
    assertFalse(NoticeCheck.isIpLiteral("deadbeef"));
    assertFalse(NoticeCheck.isIpLiteral(""));
  }

  @Test
  void sourceLengthDifferentFromTheNotice_dropsTheCopy() {
    BlockAvailable n = notice(POOL, 4096, SOURCE, List.of());
    assertEquals(Optional.empty(), NoticeCheck.lengthProblem(n, 4096));
    assertEquals("the source 10.0.0.1:9866/DISK holds 8192 bytes of block 1073741825, the notice says 4096: copy "
        + "dropped", NoticeCheck.lengthProblem(n, 8192).orElseThrow());
  }
}
