/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import io.replicakit.common.rpc.OneConnectAttempt;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesRequestProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.retry.RetryPolicies;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;

/**
 * Client of one metrics server. It tries a connection once, no longer than a call may take, and fails fast: the
 * DataNode's reporter owns the retry schedule (exponential backoff), so Hadoop's own connect retries (ten a second
 * apart for a refused connection; 45 of 20 s for one that times out, as to a powered-off NameNode host, whatever
 * the retry policy: {@link OneConnectAttempt}) must not stall it. Calls run as the process's login user, which on
 * a secure DataNode is its Kerberos principal.
 */
public final class MetricsClient implements Closeable {

  private final InetSocketAddress address;
  private final DatanodeMetricsProtocolPB report;
  private final MetricsQueryProtocolPB query;

  private MetricsClient(InetSocketAddress address, DatanodeMetricsProtocolPB report, MetricsQueryProtocolPB query) {
    this.address = address;
    this.report = report;
    this.query = query;
  }

  /** Creates proxies (no connection yet: the first call connects). */
  public static MetricsClient connect(Configuration conf, InetSocketAddress address, int timeoutMs)
      throws IOException {
    Configuration rpcConf = OneConnectAttempt.of(conf, timeoutMs);
    RPC.setProtocolEngine(rpcConf, DatanodeMetricsProtocolPB.class, ProtobufRpcEngine2.class);
    RPC.setProtocolEngine(rpcConf, MetricsQueryProtocolPB.class, ProtobufRpcEngine2.class);
    UserGroupInformation user = UserGroupInformation.getCurrentUser();
    SocketFactory sockets = OneConnectAttempt.socketFactory(rpcConf);
    DatanodeMetricsProtocolPB report = RPC.getProtocolProxy(DatanodeMetricsProtocolPB.class,
        RPC.getProtocolVersion(DatanodeMetricsProtocolPB.class), address, user, rpcConf, sockets, timeoutMs,
        RetryPolicies.TRY_ONCE_THEN_FAIL).getProxy();
    MetricsQueryProtocolPB query = RPC.getProtocolProxy(MetricsQueryProtocolPB.class,
        RPC.getProtocolVersion(MetricsQueryProtocolPB.class), address, user, rpcConf, sockets, timeoutMs,
        RetryPolicies.TRY_ONCE_THEN_FAIL).getProxy();
    return new MetricsClient(address, report, query);
  }

  public ReportResponseProto report(DatanodeSystemMetricsProto sample) throws IOException {
    try {
      return report.report(null, sample);
    } catch (ServiceException e) {
      throw unwrap(e);
    }
  }

  public ListNodesResponseProto listNodes() throws IOException {
    try {
      return query.listNodes(null, ListNodesRequestProto.getDefaultInstance());
    } catch (ServiceException e) {
      throw unwrap(e);
    }
  }

  /** The RPC layer wraps the remote or connection failure in a ServiceException; callers want the cause. */
  private static IOException unwrap(ServiceException e) {
    Throwable cause = e.getCause();
    return cause instanceof IOException ? (IOException) cause : new IOException(e.getMessage(), e);
  }

  public InetSocketAddress address() {
    return address;
  }

  @Override
  public void close() {
    RPC.stopProxy(report);
    RPC.stopProxy(query);
  }
}
