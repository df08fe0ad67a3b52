/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.sched.PositionMode;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The configurations of thesis §5.4 ("Pfimbi can divide bandwidth flexibly"), one per line of Figs. 5.8 and 5.9.
 * A {@link Stage#FLOWS} variant gives three concurrent jobs the listed flow weights; a {@link Stage#POSITIONS}
 * variant writes one job of four copies with the Replication Managers' pipeline positions served as listed.
 */
public enum SharingVariant {

  /** Fig. 5.8(a): three jobs, equal weights. */
  FLOWS_EQUAL("weights(1:1:1)", Stage.FLOWS, List.of(1.0, 1.0, 1.0), fairPositions()),
  /** Fig. 5.8(b): job 3, started last, has the highest weight. */
  FLOWS_1_4_16("weights(1:4:16)", Stage.FLOWS, List.of(1.0, 4.0, 16.0), fairPositions()),
  /** Fig. 5.9(a): positions 2, 3 and 4 share the disk equally. */
  POSITIONS_EQUAL("positions(1:1:1)", Stage.POSITIONS, List.of(), positions(PositionMode.WEIGHTED, "1,1,1")),
  /** Fig. 5.9(b) as its caption gives it: earlier positions weighted 100:10:1. */
  POSITIONS_100_10_1("positions(100:10:1)", Stage.POSITIONS, List.of(),
      positions(PositionMode.WEIGHTED, "100,10,1")),
  /** Fig. 5.9(b) as its text gives it, and ReplicaKit's default: an earlier position is always served first. */
  POSITIONS_STRICT("positions(strict)", Stage.POSITIONS, List.of(), positions(PositionMode.STRICT, "100,10,1"));

  /** The two experiments of §5.4. */
  public enum Stage {
    /** Fig. 5.8: background bandwidth shared among jobs by their flow weights. */
    FLOWS("flows"),
    /** Fig. 5.9: background bandwidth shared among pipeline positions. */
    POSITIONS("positions");

    private final String id;

    Stage(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  private final String id;
  private final Stage stage;
  private final List<Double> flowWeights;
  private final Map<String, String> settings;

  SharingVariant(String id, Stage stage, List<Double> flowWeights, Map<String, String> settings) {
    this.id = id;
    this.stage = stage;
    this.flowWeights = flowWeights;
    this.settings = settings;
  }

  /**
   * Positions shared equally, the thesis's default (§5: earlier pipeline positions get no priority). With
   * ReplicaKit's default, strict position priority, every job's second copies would go before any job's third
   * copies whatever the flows' weights, and the weights would only share each position.
   */
  private static Map<String, String> fairPositions() {
    return positions(PositionMode.WEIGHTED, "1");
  }

  private static Map<String, String> positions(PositionMode mode, String weights) {
    return Map.of(PfimbiConfig.POSITION_MODE_KEY, mode.name().toLowerCase(java.util.Locale.ROOT),
        PfimbiConfig.POSITION_WEIGHTS_KEY, weights);
  }

  public String id() {
    return id;
  }

  public Stage stage() {
    return stage;
  }

  /** The jobs' flow weights, job 1 first ({@link Stage#FLOWS}); empty for a positions variant. */
  public List<Double> flowWeights() {
    return flowWeights;
  }

  /** The Replication Managers' settings this variant adds to Pfimbi's recipe. */
  public Map<String, String> settings() {
    return settings;
  }

  public static SharingVariant of(String id) {
    return Arrays.stream(values()).filter(v -> v.id.equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown variant '" + id + "'; variants: " + Arrays.stream(values())
            .map(SharingVariant::id).collect(Collectors.joining(", "))));
  }

  /** A comma-separated list of variant names (names hold no commas). */
  public static List<SharingVariant> parseList(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(SharingVariant::of)
        .toList();
  }
}
