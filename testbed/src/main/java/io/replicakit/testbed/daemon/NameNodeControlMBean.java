/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

/** What the harness asks of a NameNode in its own process, over JMX ({@value NameNodeControlPlugin#OBJECT_NAME}). */
public interface NameNodeControlMBean {

  /**
   * Declares the DataNodes registered from {@code ipAddress} dead now, as after their heartbeats expired.
   *
   * @return how many were declared dead
   */
  int declareDead(String ipAddress) throws java.io.IOException;
}
