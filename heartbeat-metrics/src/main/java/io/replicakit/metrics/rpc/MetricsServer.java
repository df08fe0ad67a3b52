/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.rpc;

import io.replicakit.common.security.ServicePrincipals;
import io.replicakit.common.security.SideChannelSecurity;
import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemSample;
import io.replicakit.metrics.config.RegistrySettings;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeMetricsService;
import io.replicakit.metrics.proto.SystemMetricsProtos.DatanodeSystemMetricsProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesRequestProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.MetricsQueryService;
import io.replicakit.metrics.proto.SystemMetricsProtos.NodeStateProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.ReportResponseProto;
import io.replicakit.metrics.registry.NodeDirectory;
import io.replicakit.metrics.registry.SenderCheck;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.metrics.wire.Decoded;
import io.replicakit.metrics.wire.MetricsCodec;
import io.replicakit.metrics.wire.Rejection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.thirdparty.protobuf.BlockingService;
import org.apache.hadoop.thirdparty.protobuf.RpcController;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameNode side of the side channel: a Hadoop IPC server (protobuf over {@link ProtobufRpcEngine2}) serving
 * the report and query protocols on {@code replicakit.metrics.server.address}.
 *
 * <p>Hadoop IPC rather than a plain socket, because it brings what a NameNode-facing service must have and a
 * custom listener would re-implement: SASL/Kerberos authentication and wire protection
 * ({@code hadoop.rpc.protection}) when security is on, per-protocol service ACLs, bounded call queues and
 * handler pools, and the NameNode operators' existing tooling for RPC metrics. A separate server rather than a
 * protocol added to the NameNode's own RPC server, so that a flood of reports queues behind our handlers and
 * never behind client or DataNode heartbeat calls.
 *
 * <p>A bad sample is answered with a rejection, not an exception: the DataNode counts it and carries on. So is a
 * sample from the wrong sender ({@link SenderCheck}: a report must come from the DataNode it names) and one
 * outside the registry's {@link io.replicakit.metrics.registry.SampleBounds}.
 */
public final class MetricsServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(MetricsServer.class);

  private final RPC.Server server;

  private MetricsServer(RPC.Server server) {
    this.server = server;
  }

  /** Builds and starts the server; the registry receives every accepted sample. */
  public static MetricsServer start(Configuration conf, RegistrySettings settings, SystemStateRegistry registry,
      NodeDirectory directory) throws IOException {
    Configuration rpcConf = new Configuration(conf);
    RPC.setProtocolEngine(rpcConf, DatanodeMetricsProtocolPB.class, ProtobufRpcEngine2.class);
    RPC.setProtocolEngine(rpcConf, MetricsQueryProtocolPB.class, ProtobufRpcEngine2.class);
    SideChannelSecurity.limitRequests(rpcConf, settings.maxMessageBytes());
    Handler handler = new Handler(new MetricsCodec(settings.maxMessageBytes()), registry, directory,
        senderCheck(conf, directory), Superusers.of(conf));
    BlockingService report = DatanodeMetricsService.newReflectiveBlockingService(handler);
    BlockingService query = MetricsQueryService.newReflectiveBlockingService(handler);
    InetSocketAddress bind = settings.bindAddress();
    RPC.Server server = new RPC.Builder(rpcConf)
        .setProtocol(DatanodeMetricsProtocolPB.class)
        .setInstance(report)
        .setBindAddress(bind.getHostString())
        .setPort(bind.getPort())
        .setNumHandlers(settings.handlers())
        .setVerbose(false)
        .build();
    server.addProtocol(RPC.RpcKind.RPC_PROTOCOL_BUFFER, MetricsQueryProtocolPB.class, query);
    SideChannelSecurity.applyServiceAcls(server, rpcConf, new MetricsPolicyProvider());
    server.start();
    LOG.info("ReplicaKit metrics server listening on {}", server.getListenerAddress());
    return new MetricsServer(server);
  }

  /** With Kerberos, only the DataNode principal ({@code dfs.datanode.kerberos.principal}) may report. */
  static SenderCheck senderCheck(Configuration conf, NodeDirectory directory) {
    Optional<ServicePrincipals> principals = SideChannelSecurity.kerberos(conf)
        ? Optional.of(new ServicePrincipals(List.of(new ServicePrincipals.Named("DataNode",
            conf.getTrimmed(DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY, "")))))
        : Optional.empty();
    return new SenderCheck(directory::ipAddress, principals);
  }

  public InetSocketAddress address() {
    return server.getListenerAddress();
  }

  @Override
  public void close() {
    server.stop();
  }

  /** Both protocols' server-side translators: decode, validate, delegate to the registry. */
  private static final class Handler implements DatanodeMetricsProtocolPB, MetricsQueryProtocolPB {

    private final MetricsCodec codec;
    private final SystemStateRegistry registry;
    private final NodeDirectory directory;
    private final SenderCheck senderCheck;
    private final Superusers superusers;

    Handler(MetricsCodec codec, SystemStateRegistry registry, NodeDirectory directory, SenderCheck senderCheck,
        Superusers superusers) {
      this.codec = codec;
      this.registry = registry;
      this.directory = directory;
      this.senderCheck = senderCheck;
      this.superusers = superusers;
    }

    @Override
    public ReportResponseProto report(RpcController controller, DatanodeSystemMetricsProto request) {
      Decoded decoded = codec.fromProto(request);
      if (!decoded.isOk()) {
        return refused(decoded.rejection(), decoded.detail());
      }
      SystemSample sample = decoded.sample();
      Optional<SenderCheck.Refusal> wrongSender = senderCheck.refusal(sample.datanodeUuid(),
          SideChannelSecurity.callerIp(), SideChannelSecurity.caller());
      if (wrongSender.isPresent()) {
        LOG.debug("Refused a metrics report: {}", wrongSender.get().detail());
        return refused(wrongSender.get().reason(), wrongSender.get().detail());
      }
      Optional<String> outOfBounds = registry.bounds().problem(sample, registry.wallNowMs());
      if (outOfBounds.isPresent()) {
        return refused(Rejection.INVALID, outOfBounds.get());
      }
      Optional<Rejection> rejection = registry.offer(sample);
      return rejection.isEmpty() ? ReportResponseProto.newBuilder().setAccepted(true).build()
          : answer(rejection.get(), "");
    }

    /** Counts a refusal made before the registry and answers it. */
    private ReportResponseProto refused(Rejection reason, String detail) {
      registry.reject(reason);
      return answer(reason, detail);
    }

    private static ReportResponseProto answer(Rejection reason, String detail) {
      String text = detail.isEmpty() ? reason.toString() : reason + ": " + detail;
      return ReportResponseProto.newBuilder().setAccepted(false).setReason(text).build();
    }

    @Override
    public ListNodesResponseProto listNodes(RpcController controller, ListNodesRequestProto request)
        throws ServiceException {
      Optional<String> refusal = superusers.refusal(Server.getRemoteUser());
      if (refusal.isPresent()) {
        throw new ServiceException(new AccessControlException(refusal.get()));
      }
      ListNodesResponseProto.Builder b = ListNodesResponseProto.newBuilder()
          .setAccepted(registry.acceptedCount())
          .setRejected(registry.rejectedCount());
      registry.all().forEach(state -> b.addNodes(nodeProto(state)));
      return b.build();
    }

    private NodeStateProto nodeProto(NodeState state) {
      NodeStateProto.Builder b = NodeStateProto.newBuilder()
          .setSample(codec.toProto(state.sample()))
          .setReceivedTimeMs(registry.wallReceivedMs(state))
          .setAgeMs(state.ageMs())
          .setStale(state.stale());
      directory.address(state.datanodeUuid()).ifPresent(a -> b.setHostName(a.hostName())
          .setXferAddress(a.xferAddress()));
      return b.build();
    }
  }
}
