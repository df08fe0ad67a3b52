/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import org.apache.hadoop.security.authorize.PolicyProvider;
import org.apache.hadoop.security.authorize.Service;

/**
 * Service-level authorization of the Replication Manager server ({@code hadoop.security.authorization=true}),
 * one ACL in {@code hadoop-policy.xml}, defaulting to everyone as Hadoop's own ACLs do. Without a policy the RPC
 * layer knows no ACL for the protocol and refuses every call once authorization is on.
 */
public final class PfimbiPolicyProvider extends PolicyProvider {

  /**
   * ACL of the Replication Manager protocol; its callers are the NameNode and the DataNodes, so restrict it to
   * their user (e.g. {@code hdfs}).
   */
  public static final String ACL_KEY = "security.replicakit.pfimbi.protocol.acl";

  private static final Service[] SERVICES = {new Service(ACL_KEY, ReplicationManagerProtocolPB.class)};

  @Override
  public Service[] getServices() {
    return SERVICES.clone();
  }
}
