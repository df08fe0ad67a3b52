/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.MetricsRegistration;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * One policy's metrics2 source ({@code ReplicaKitPlacementBalanced}, {@code ReplicaKitPlacementStateAware}; hence
 * JMX): choices made, choices left to HDFS after a fault, the writer-rack decisions and the replicas picked for
 * deletion. Registered after the first decision, not at construction: tools build policies only to ask
 * {@code verifyBlockPlacement}, and would otherwise leave a source behind for each.
 */
public final class PlacementMetrics implements MetricsSource {

  private static final MetricsInfo CHOICES = Interns.info("ChoicesMade", "Targets chosen by the policy");
  private static final MetricsInfo FALLBACKS = Interns.info("Fallbacks", "Decisions left to HDFS after a fault");
  private static final MetricsInfo KEPT = Interns.info("WriterRackKept",
      "First replicas of off-cluster writers kept in the writer's rack");
  private static final MetricsInfo TRADED = Interns.info("WriterRackTraded",
      "First replicas of off-cluster writers sent to a less full rack");
  private static final MetricsInfo DELETIONS = Interns.info("ReplicasToDeleteChosen",
      "Excess replicas chosen for deletion by the policy");

  private final MetricsInfo record;
  private final LongAdder choices = new LongAdder();
  private final LongAdder fallbacks = new LongAdder();
  private final LongAdder kept = new LongAdder();
  private final LongAdder traded = new LongAdder();
  private final LongAdder deletions = new LongAdder();
  private volatile boolean registered;
  /** The name the source got, once registered. */
  private volatile String registeredAs;

  /** @param name the source's name, e.g. {@code ReplicaKitPlacementBalanced} */
  public PlacementMetrics(String name, String description) {
    this.record = Interns.info(name, description);
  }

  void choice() {
    register();
    choices.increment();
  }

  void fallback() {
    register();
    fallbacks.increment();
  }

  void writerRack(boolean keep) {
    (keep ? kept : traded).increment();
  }

  void deletion() {
    register();
    deletions.increment();
  }

  public long choices() {
    return choices.sum();
  }

  public long fallbacks() {
    return fallbacks.sum();
  }

  public long writerRackTraded() {
    return traded.sum();
  }

  private void register() {
    if (!registered) {
      synchronized (this) {
        if (!registered) {
          registered = true;
          try {
            Thread t = new Thread(this::registerNow, "replicakit-placement-metrics-" + record.name());
            t.setDaemon(true);
            t.start();
          } catch (RuntimeException | Error e) {
            // no thread to be had (memory): the source stays unregistered, and the decision goes on
          }
        }
      }
    }
  }

  /**
   * Registers the source, on a thread of its own: a decision may run under the namesystem's write lock (excess
   * replicas chosen at a lease recovery, with the lease manager's monitor held too), and registering takes the
   * metrics system's monitor, which its timer holds while it samples the NameNode's own sources (some of which
   * take the lease manager's monitor): registering from the decision could deadlock the NameNode. A source of
   * the same name left by an earlier policy (the NameNode reconfigured {@code dfs.block.replicator.classname},
   * which builds a new policy) is replaced, so that JMX shows the policy that decides; in mini-cluster mode
   * (several NameNodes in one JVM) Hadoop gives the new source a name of its own instead.
   */
  private void registerNow() {
    try {
      MetricsSystem ms = DefaultMetricsSystem.instance();
      if (!DefaultMetricsSystem.inMiniClusterMode() && ms.getSource(record.name()) instanceof PlacementMetrics) {
        ms.unregisterSource(record.name()); // in mini-cluster mode Hadoop renames instead: several NameNodes, one JVM
      }
      registeredAs = MetricsRegistration.register(record.name(), record.description(), this);
    } catch (RuntimeException | LinkageError e) {
      // no metrics system in this process (a tool), or one this Hadoop cannot link: the counters still count
    }
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    collector.addRecord(record).setContext("dfs")
        .addCounter(CHOICES, choices.sum())
        .addCounter(FALLBACKS, fallbacks.sum())
        .addCounter(KEPT, kept.sum())
        .addCounter(TRADED, traded.sum())
        .addCounter(DELETIONS, deletions.sum());
  }

  /** The name the source is registered under (shortly after the first decision), or null. */
  String registeredAs() {
    return registeredAs;
  }
}
