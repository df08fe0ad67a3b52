/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeMetricsService;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtocolInfo;
import org.apache.hadoop.security.KerberosInfo;

/**
 * DataNodes report samples through this protocol. With Kerberos, {@link KerberosInfo} makes the RPC layer accept
 * only clients authenticated as the DataNode principal ({@code dfs.datanode.kerberos.principal}) when service
 * authorization is on, exactly as HDFS guards its own DataNode protocol.
 *
 * <p>The protocol name must be this interface's class name: Hadoop's service authorization loads the class
 * by the name the client sends to find its ACL and Kerberos principals.
 */
@KerberosInfo(
    serverPrincipal = DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY,
    clientPrincipal = DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY)
@ProtocolInfo(protocolName = "io.replicakit.metrics.rpc.DatanodeMetricsProtocolPB", protocolVersion = 1)
public interface DatanodeMetricsProtocolPB extends DatanodeMetricsService.BlockingInterface {}
