/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Where consumers in the NameNode find the registry. HDFS builds its plugins and its network topology
 * separately (from class names in configuration), so there is no object graph connecting them; the NameNode
 * plugin publishes its registry here when it starts. Without the plugin, the view is empty and every consumer
 * falls back to HDFS's own behaviour.
 *
 * <p>One registry per JVM: a production NameNode runs alone in its JVM. (In an embedded cluster with several
 * NameNodes in one JVM, the last one started publishes.)
 */
public final class SystemStates {

  /**
   * The NameNode plugin ({@code dfs.namenode.plugins}) that publishes the registry: heartbeat-metrics'. Named here,
   * not linked, so that a consumer can tell an operator it is missing without depending on that module.
   */
  public static final String NAMENODE_PLUGIN = "io.replicakit.metrics.namenode.SystemStatePlugin";

  private static final SystemStateView EMPTY = new SystemStateView() {
    @Override
    public Optional<NodeState> fresh(String datanodeUuid) {
      return Optional.empty();
    }

    @Override
    public List<NodeState> all() {
      return List.of();
    }
  };

  private static final AtomicReference<SystemStateView> CURRENT = new AtomicReference<>(EMPTY);

  private SystemStates() {}

  public static SystemStateView current() {
    return CURRENT.get();
  }

  /** Called by the NameNode plugin when it starts. */
  public static void publish(SystemStateView view) {
    CURRENT.set(view);
  }

  /** Called by the NameNode plugin when it stops; a no-op when another view was published since. */
  public static void withdraw(SystemStateView view) {
    CURRENT.compareAndSet(view, EMPTY);
  }
}
