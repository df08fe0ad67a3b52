/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

/**
 * The registry's per-DataNode table over JMX ({@code Hadoop:service=NameNode,name=ReplicaKitSystemState}),
 * as a JSON string the way HDFS's own NameNodeInfo bean publishes its node lists.
 */
public interface SystemStateMXBean {

  /** One object per DataNode: UUID, age, staleness, host metrics and per-volume metrics. */
  String getNodes();

  int getNodeCount();

  int getFreshNodeCount();
}
