/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NodeStateTest {

  private static NodeState at(String location, boolean live, boolean inService) {
    return new NodeState("1.2.3.4:9866", "h", location, 1, 0, live, inService, Optional.empty());
  }

  @ParameterizedTest
  @CsvSource({"/r1, /r1", "/r1/ng1, /r1", "/default-rack, /default-rack", "/, /"})
  void rack_isTheTopLevelOfTheLocation(String location, String rack) {
    assertEquals(rack, at(location, true, true).rack());
  }

  @ParameterizedTest
  @CsvSource({"true, true, true", "false, true, false", "true, false, false", "false, false, false"})
  void counts_onlyWhenLiveAndInService(boolean live, boolean inService, boolean counts) {
    assertEquals(counts, at("/r1", live, inService).counts());
  }

  @Test
  void location_mustBeAPath() {
    assertThrows(IllegalArgumentException.class, () -> at("r1", true, true));
  }

  @Test
  void snapshot_rejectsDuplicateNodeIds() {
    NodeState a = at("/r1", true, true);
    assertThrows(IllegalArgumentException.class, () -> new PlacementSnapshot(List.of(a, a), List.of()));
  }

  @Test
  void blockReplicas_copiesItsNodeList() {
    List<String> ids = new ArrayList<>(List.of("a"));
    BlockReplicas b = new BlockReplicas("/f", 1, 1, (short) 1, ids);
    ids.add("b");
    assertEquals(List.of("a"), b.nodeIds());
  }
}
