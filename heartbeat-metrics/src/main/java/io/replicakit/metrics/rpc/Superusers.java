/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * HDFS's superuser rule, as its {@code FSPermissionChecker} applies it: the user the NameNode runs as, or a member
 * of {@code dfs.permissions.superusergroup}; anyone when {@code dfs.permissions.enabled} is false.
 *
 * <p>Why: listing every DataNode's address and load is what HDFS's own {@code datanodeReport}
 * ({@code hdfs dfsadmin -report}) gives, and that is for superusers only; the metrics server's listing follows the
 * same rule rather than the service ACL alone (whose default lets every authenticated user in).
 */
final class Superusers {

  private final boolean enforced;
  private final String superuser;
  private final String supergroup;

  private Superusers(boolean enforced, String superuser, String supergroup) {
    this.enforced = enforced;
    this.superuser = superuser;
    this.supergroup = supergroup;
  }

  /** The rule of a NameNode with {@code conf}, whose process runs as the current user. */
  static Superusers of(Configuration conf) throws IOException {
    return new Superusers(
        conf.getBoolean(DFSConfigKeys.DFS_PERMISSIONS_ENABLED_KEY, DFSConfigKeys.DFS_PERMISSIONS_ENABLED_DEFAULT),
        UserGroupInformation.getCurrentUser().getShortUserName(),
        conf.get(DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_KEY,
            DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_DEFAULT));
  }

  /** Why {@code caller} may not, or empty when it may ({@code null}: not inside an RPC call, the process itself). */
  Optional<String> refusal(UserGroupInformation caller) {
    if (!enforced || caller == null) {
      return Optional.empty();
    }
    String name = caller.getShortUserName();
    if (name.equals(superuser) || caller.getGroupsSet().contains(supergroup)) {
      return Optional.empty();
    }
    return Optional.of("Access denied for user " + name + ". Superuser privilege is required (the NameNode's user "
        + superuser + " or group " + supergroup + ", as for hdfs dfsadmin -report)");
  }
}
