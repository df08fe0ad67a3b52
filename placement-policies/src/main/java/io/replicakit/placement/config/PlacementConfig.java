/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.config;

import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigKeys;
import io.replicakit.placement.choice.LoadWeights;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Every configuration key of ReplicaKit's placement policies ({@code balanced}, {@code state-aware}), declared
 * once. The NameNode reads them when it builds its placement policy; an invalid value stops that build with one
 * message naming every key at fault and its allowed range.
 */
public final class PlacementConfig {

  public static final String PREFIX = "replicakit.placement.";

  /** HDFS's block size key: one recent placement counts as this many bytes of a node's used space. */
  public static final String HDFS_BLOCK_SIZE_KEY = "dfs.blocksize";
  private static final long HDFS_BLOCK_SIZE_DEFAULT = 128L << 20;

  public static final ConfigKey<String> RACK_RULE = ConfigKey.string(PREFIX + "rack-rule", RackRule.TWO_RACKS.text(),
      "one of " + RackRule.names(), t -> RackRule.parse(t).isPresent()).unit("name").readBy("NameNode")
      .doc("Which racks a block's replicas span, for both policies: `two-racks` is HDFS's default rule (two "
          + "racks, fewest rack crossings), `spread` is HDFS's rack-fault-tolerant rule (as many racks as "
          + "replicas). `verifyBlockPlacement` and excess-replica deletion follow the same rule.");

  /**
   * Four, not two: under HDFS's two-rack rule the second replica's pick also sends the third into the same rack,
   * so a rack of few large nodes only gets a block when one of its nodes is among the draws. On the placement
   * paper's layout (two 558 GB nodes among seven outside the writer's rack) two draws miss them 48 % of the time,
   * fewer than their capacity share asks, and the small nodes end fuller (σ 1.88 % after the quick profile's load
   * at 2, docs/experiments/placement.md); four draws miss them 14 % of the time.
   */
  public static final ConfigKey<Long> BALANCED_CANDIDATES = ConfigKey.whole(PREFIX + "balanced.candidates", 4, 1,
      16).unit("nodes").readBy("NameNode")
      .doc("`balanced`: random DataNodes drawn per replica; the one with the lowest used percent takes it. Each "
          + "draw costs what HDFS's default pays for its one draw. More draws let racks of few large nodes win "
          + "their share of blocks (the second replica's rack also takes the third under the two-rack rule).");

  /** Half a point: the writer's rack keeps its locality while the cluster stays within about a point of even. */
  public static final ConfigKey<Double> WRITER_RACK_TOLERANCE = ConfigKey.number(
      PREFIX + "balanced.writer-rack.tolerance.pct", 0.5, 0, 100).unit("%").readBy("NameNode")
      .doc("`balanced`, writers that are not DataNodes: the first replica stays in the writer's rack while the "
          + "best candidate there is within this many percentage points of the best candidate outside it. Beyond "
          + "that it goes outside: to the emptier node when the writer's rack is fuller; and, under the two-rack "
          + "rule, also when it is emptier, so that the writer's rack takes the block's other two replicas. 100 "
          + "keeps HDFS's rule (always the writer's rack), 0 balances strictly.");

  public static final ConfigKey<Long> STATE_CANDIDATES = ConfigKey.whole(PREFIX + "state-aware.candidates", 2, 1,
      16).unit("nodes").readBy("NameNode")
      .doc("`state-aware`: random DataNodes drawn per replica; the least busy one takes it.");

  public static final ConfigKey<Double> WEIGHT_DISK = weight("disk", 4,
      "points of a volume busy 100 % of the time (the busiest volume of the requested storage type).");
  public static final ConfigKey<Double> WEIGHT_QUEUE = weight("queue", 2,
      "points of that volume's request queue at or above the queue reference.");
  public static final ConfigKey<Double> QUEUE_REFERENCE = ConfigKey.positive(PREFIX + "state-aware.queue.reference",
      4).unit("requests").readBy("NameNode")
      .doc("`state-aware`: average disk queue length that earns the full queue points.");
  public static final ConfigKey<Double> WEIGHT_CPU = weight("cpu", 1, "points of a fully busy CPU.");
  public static final ConfigKey<Double> WEIGHT_MEMORY = weight("memory", 0.5, "points of fully used memory.");
  public static final ConfigKey<Double> WEIGHT_XCEIVERS = weight("xceivers", 1,
      "points of the candidate with the most data transfer threads (HDFS's xceiver count); the others in "
          + "proportion.");
  /** An eighth of a busy disk: a node given eight blocks since its last report looks as busy as a saturated one. */
  public static final ConfigKey<Double> RECENT_PENALTY = ConfigKey.number(PREFIX + "state-aware.recent.penalty",
      0.5, 0, 100).unit("points").readBy("NameNode")
      .doc("`state-aware`: points a DataNode gains for each replica the policy put on it since its last heartbeat "
          + "or metrics sample, so a burst of writes spreads instead of piling onto the node that looked best. 0 "
          + "turns it off.");

  /** All keys, in the order docs/configuration.md lists them. */
  public static final ConfigKeys KEYS = ConfigKeys.of("placement-policies", PREFIX, "placement", List.of(
      RACK_RULE, BALANCED_CANDIDATES, WRITER_RACK_TOLERANCE, STATE_CANDIDATES, WEIGHT_DISK, WEIGHT_QUEUE,
      QUEUE_REFERENCE, WEIGHT_CPU, WEIGHT_MEMORY, WEIGHT_XCEIVERS, RECENT_PENALTY));

  /** What {@code balanced} reads. */
  public record Balanced(RackRule rackRule, int candidates, double writerRackTolerancePct, long blockBytes) {}

  /** What {@code state-aware} reads. */
  public record StateAware(RackRule rackRule, int candidates, LoadWeights weights) {}

  private PlacementConfig() {}

  /**
   * {@code balanced}'s settings.
   *
   * @throws IllegalArgumentException naming every key at fault when {@code conf} is invalid
   */
  public static Balanced balanced(Configuration conf) {
    KEYS.requireValid(conf);
    return new Balanced(rackRule(conf), BALANCED_CANDIDATES.get(conf).intValue(), WRITER_RACK_TOLERANCE.get(conf),
        Math.max(1, conf.getLongBytes(HDFS_BLOCK_SIZE_KEY, HDFS_BLOCK_SIZE_DEFAULT)));
  }

  /**
   * {@code state-aware}'s settings.
   *
   * @throws IllegalArgumentException naming every key at fault when {@code conf} is invalid
   */
  public static StateAware stateAware(Configuration conf) {
    KEYS.requireValid(conf);
    LoadWeights weights = new LoadWeights(WEIGHT_DISK.get(conf), WEIGHT_QUEUE.get(conf), QUEUE_REFERENCE.get(conf),
        WEIGHT_CPU.get(conf), WEIGHT_MEMORY.get(conf), WEIGHT_XCEIVERS.get(conf), RECENT_PENALTY.get(conf));
    return new StateAware(rackRule(conf), STATE_CANDIDATES.get(conf).intValue(), weights);
  }

  private static RackRule rackRule(Configuration conf) {
    return RackRule.parse(RACK_RULE.get(conf)).orElseThrow();
  }

  private static ConfigKey<Double> weight(String part, double def, String what) {
    return ConfigKey.number(PREFIX + "state-aware.weight." + part, def, 0, 100).unit("points").readBy("NameNode")
        .doc("`state-aware`: " + what);
  }
}
