/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Registers a metrics2 source and tells the name it really got. Hadoop may rename a source at registration: in
 * an embedded cluster (several daemons in one JVM) a name already known becomes {@code name-1}, {@code name-2},
 * ... A plugin that unregistered under the name it asked for would leave its source behind after {@code stop}
 * (and a restarted plugin would publish two). So the source is found again by identity.
 */
public final class MetricsRegistration {

  /** More daemons of one kind than any embedded cluster starts in one JVM. */
  private static final int MAX_SUFFIX = 10_000;

  private MetricsRegistration() {}

  /**
   * @return the name {@code source} is registered under; pass it to
   *     {@link MetricsSystem#unregisterSource(String)} on stop
   */
  public static String register(String name, String description, MetricsSource source) {
    MetricsSystem ms = DefaultMetricsSystem.instance();
    ms.register(name, description, source);
    for (int i = 0; i <= MAX_SUFFIX; i++) {
      String candidate = i == 0 ? name : name + "-" + i;
      if (ms.getSource(candidate) == source) {
        return candidate;
      }
    }
    throw new IllegalStateException("metrics source " + name + " was registered under a name not found again");
  }
}
