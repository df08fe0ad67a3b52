/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import io.replicakit.metrics.proto.SystemMetricsProtos.MetricsQueryService;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtocolInfo;
import org.apache.hadoop.security.KerberosInfo;

/** Tools (e.g. {@code bin/replicakit metrics}) read the registry through this protocol. */
@KerberosInfo(serverPrincipal = DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY)
@ProtocolInfo(protocolName = "io.replicakit.metrics.rpc.MetricsQueryProtocolPB", protocolVersion = 1)
public interface MetricsQueryProtocolPB extends MetricsQueryService.BlockingInterface {}
