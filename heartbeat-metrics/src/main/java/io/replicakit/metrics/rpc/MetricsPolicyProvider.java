/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import org.apache.hadoop.security.authorize.PolicyProvider;
import org.apache.hadoop.security.authorize.Service;

/**
 * Service-level authorization of the metrics server ({@code hadoop.security.authorization=true}), with one ACL
 * per protocol in {@code hadoop-policy.xml}, defaulting to everyone as Hadoop's own ACLs do.
 */
public final class MetricsPolicyProvider extends PolicyProvider {

  /** ACL of the DataNode report protocol; restrict it to the DataNodes' user. */
  public static final String REPORT_ACL_KEY = "security.replicakit.metrics.report.protocol.acl";
  /** ACL of the query protocol used by tools. */
  public static final String QUERY_ACL_KEY = "security.replicakit.metrics.query.protocol.acl";

  private static final Service[] SERVICES = {
      new Service(REPORT_ACL_KEY, DatanodeMetricsProtocolPB.class),
      new Service(QUERY_ACL_KEY, MetricsQueryProtocolPB.class)
  };

  @Override
  public Service[] getServices() {
    return SERVICES.clone();
  }
}
