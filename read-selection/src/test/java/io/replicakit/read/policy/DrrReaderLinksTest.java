/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * DRR by volume with {@code replicakit.read.drr.reader.links}: a reader on a DataNode books reads from other nodes
 * on its own link too. The layout of the rule-2 runs (docs/experiments/read-selection.md, "Rule 2"): every block
 * has a DISK replica on the reader's node, an SSD replica in its rack behind a link slower than a DISK, and a DISK
 * replica in another rack (inter-rack bandwidth 0: rule 3 keeps it out). Defaults otherwise: SSD 300, DISK 60 MB/s,
 * 128 MiB blocks (a local DISK read 2.24 s); the rack's links told 45 MB/s (2.98 s a block). The clock stands still.
 */
class DrrReaderLinksTest {

  private static final String READER = "dn-reader";

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();

  private ReadPolicy drr(boolean readerLinks) {
    return ReadPolicies.create(Fixtures.settings(DynamicRoundRobinPolicy.NAME,
        ReadSelectionConfig.DRR_READER_LINKS.name(), Boolean.toString(readerLinks),
        ReadSelectionConfig.INTRA_RACK.name(), "45"), cluster.env());
  }

  /** A block of the layout: local DISK (position 0), SSD in the rack (1), DISK in another rack (2). */
  private static List<Replica> block(int i) {
    return List.of(new Replica(0, LOCAL, "DISK", READER + "-DISK", READER),
        new Replica(1, RACK, "SSD", "dn-rack-SSD-" + (i % 2), "dn-rack-" + (i % 2)),
        new Replica(2, OFF_RACK, "DISK", "dn-far-DISK", "dn-far"));
  }

  /** Where {@code blocks} one-block listings, made at the same moment by readers on {@code reader}, go first. */
  private static Map<Integer, Integer> firstPositions(ReadPolicy policy, String reader, int blocks) {
    RandomGenerator random = new SplittableRandom(3);
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = 0; i < blocks; i++) {
      Listing listing = new Listing();
      listing.restart(reader);
      Ordering ordering = policy.decide(block(i), random, listing);
      ordering.whenRead().run();
      counts.merge(ordering.read().get(0).position(), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void withoutReaderLinks_ruleTwoKeepsEveryReadOnTheLocalDisk() {
    assertEquals(Map.of(0, 20), firstPositions(drr(false), READER, 20));
  }

  @Test
  void withReaderLinks_manyReadersSplitBetweenTheLocalDiskAndTheLink_inProportionToTheirSpeeds() {
    // Twenty reads at once: the local DISK finishes n of them by 2.24 n s, the link 20 - n by 2.98 (20 - n) s; both
    // are done soonest at 11 on the DISK (24.6 s) and 9 over the link (26.8 s), where all on the DISK take 44.7 s.
    Map<Integer, Integer> counts = firstPositions(drr(true), READER, 20);

    assertEquals(11, counts.get(0), counts.toString());
    assertEquals(9, counts.get(1), counts.toString());
    assertNull(counts.get(2), "a path told 0 is never read over: " + counts);
  }

  @Test
  void withReaderLinks_aLoneReaderReadsItsLocalDisk() {
    // One block: the local DISK (2.24 s) finishes before the link (2.98 s), as rule 2 says for one stream.
    assertEquals(Map.of(0, 1), firstPositions(drr(true), READER, 1));
  }

  @Test
  void eachReadersLinkIsItsOwn_andFreeAgainOnceItsReadsAreOver() {
    ReadPolicy policy = drr(true);
    firstPositions(policy, READER, 20);
    // Another DataNode's reader: its link is idle, but the rack's SSDs and the far DISK are where they were; its
    // "local" DISK is the same volume here (a test layout), so its reads go over its own link first.
    Map<Integer, Integer> other = firstPositions(policy, "dn-other", 4);
    assertEquals(Map.of(1, 4), other, "the other reader's link is free");
    cluster.advance(60_000);
    assertEquals(Map.of(0, 1), firstPositions(policy, READER, 1), "a minute later everything has drained");
  }

  @Test
  void aReaderNotOnADataNode_isDecidedByTheRules() {
    assertEquals(Map.of(0, 20), firstPositions(drr(true), null, 20));
  }
}
