/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import io.replicakit.pfimbi.proto.PfimbiProtos.ReplicationManagerService;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtocolInfo;
import org.apache.hadoop.security.KerberosInfo;

/**
 * The Replication Managers' protocol, served by DataNodes: the server principal is the DataNode's, so a caller
 * authenticates the DataNode it talks to. Its callers are the NameNode (first notice of a block) and upstream
 * DataNodes (the rest of the pipeline). {@code @KerberosInfo} can name only one client principal for Hadoop's
 * service authorization to enforce, and naming the DataNode's would refuse the NameNode; so no client principal
 * is declared here and {@link RmServer} checks the caller against both daemons' principals itself. The ACL is
 * {@link PfimbiPolicyProvider#ACL_KEY}; the protocol name is the class name, as service ACLs require.
 */
@KerberosInfo(serverPrincipal = DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY)
@ProtocolInfo(protocolName = "io.replicakit.pfimbi.rpc.ReplicationManagerProtocolPB", protocolVersion = 1)
public interface ReplicationManagerProtocolPB extends ReplicationManagerService.BlockingInterface {}
