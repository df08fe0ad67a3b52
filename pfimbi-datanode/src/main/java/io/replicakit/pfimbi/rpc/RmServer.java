/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import io.replicakit.common.security.ServicePrincipals;
import io.replicakit.common.security.SideChannelSecurity;
import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableResponseProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.ReplicationManagerService;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusRequestProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusResponseProto;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.thirdparty.protobuf.BlockingService;
import org.apache.hadoop.thirdparty.protobuf.RpcController;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A DataNode's Replication Manager endpoint (thesis §4.7, "Communication Manager"): Hadoop IPC with protobuf, as
 * HDFS's own DataNode-to-DataNode calls, so that SASL/Kerberos and service ACLs apply when security is on. A
 * notice is small; the block data moves over HDFS's data-transfer protocol when the receiver pulls it.
 *
 * <p>Who may send a notice: with {@code hadoop.security.authorization} the ACL
 * {@link PfimbiPolicyProvider#ACL_KEY}; with Kerberos, only the NameNode's and the DataNodes' principals
 * ({@code dfs.namenode.kerberos.principal}, {@code dfs.datanode.kerberos.principal}, {@code _HOST} being the
 * caller's host), checked here because a protocol can name only one client principal for Hadoop to enforce. A
 * refused notice is answered with the reason, never thrown, so that the sender falls back at once.
 */
public final class RmServer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(RmServer.class);

  private final RPC.Server server;

  /**
   * Far above any request (a notice names at most {@link NoticeCodec#MAX_PIPELINE} DataNodes and a flow of at most
   * {@link NoticeCodec#MAX_FLOW_LENGTH} characters: a few kilobytes), far below Hadoop's default of 128 MB.
   */
  static final int MAX_REQUEST_BYTES = 256 * 1024;

  private RmServer(RPC.Server server) {
    this.server = server;
  }

  public static RmServer start(Configuration conf, InetSocketAddress bind, int handlers, NoticeHandler handler)
      throws IOException {
    Configuration rpcConf = new Configuration(conf);
    RPC.setProtocolEngine(rpcConf, ReplicationManagerProtocolPB.class, ProtobufRpcEngine2.class);
    SideChannelSecurity.limitRequests(rpcConf, MAX_REQUEST_BYTES);
    BlockingService service = ReplicationManagerService.newReflectiveBlockingService(
        new Translator(handler, allowedCallers(conf)));
    RPC.Server server = new RPC.Builder(rpcConf)
        .setProtocol(ReplicationManagerProtocolPB.class)
        .setInstance(service)
        .setBindAddress(bind.getHostString())
        .setPort(bind.getPort())
        .setNumHandlers(handlers)
        .setVerbose(false)
        .build();
    SideChannelSecurity.applyServiceAcls(server, rpcConf, new PfimbiPolicyProvider());
    server.start();
    return new RmServer(server);
  }

  /** With Kerberos, the HDFS daemons' principals; empty (anyone the ACL lets in) with simple authentication. */
  static Optional<ServicePrincipals> allowedCallers(Configuration conf) {
    if (!SideChannelSecurity.kerberos(conf)) {
      return Optional.empty();
    }
    return Optional.of(new ServicePrincipals(List.of(
        new ServicePrincipals.Named("NameNode", conf.getTrimmed(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, "")),
        new ServicePrincipals.Named("DataNode",
            conf.getTrimmed(DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY, "")))));
  }

  public InetSocketAddress address() {
    return server.getListenerAddress();
  }

  @Override
  public void close() {
    server.stop();
  }

  /** Server-side translator: decode, validate, delegate; a bad notice is refused, never thrown. */
  private static final class Translator implements ReplicationManagerProtocolPB {

    private final NoticeHandler handler;
    private final Optional<ServicePrincipals> callers;

    Translator(NoticeHandler handler, Optional<ServicePrincipals> callers) {
      this.handler = handler;
      this.callers = callers;
    }

    @Override
    public BlockAvailableResponseProto blockAvailable(RpcController controller, BlockAvailableProto request) {
      Optional<String> refusal = callerRefusal();
      if (refusal.isEmpty()) {
        NoticeCodec.Decoded decoded = NoticeCodec.fromProto(request);
        refusal = decoded.notice().isPresent() ? handler.accept(decoded.notice().get())
            : Optional.of(decoded.problem());
      }
      refusal.ifPresent(r -> LOG.debug("Refused a Pfimbi notice from {}: {}", SideChannelSecurity.callerIp(), r));
      BlockAvailableResponseProto.Builder b = BlockAvailableResponseProto.newBuilder()
          .setAccepted(refusal.isEmpty()).setIncarnation(handler.incarnation());
      refusal.ifPresent(b::setReason);
      return b.build();
    }

    private Optional<String> callerRefusal() {
      return callers.flatMap(p -> p.refusal(SideChannelSecurity.caller(), "Pfimbi notice"));
    }

    /**
     * The managers' state and recent failures, for the same callers as notices (the NameNode, the DataNodes): the
     * failures name blocks, which no other principal is shown.
     */
    @Override
    public StatusResponseProto status(RpcController controller, StatusRequestProto request)
        throws ServiceException {
      Optional<String> refusal = callers.flatMap(p -> p.refusal(SideChannelSecurity.caller(), "Pfimbi status"));
      if (refusal.isPresent()) {
        throw new ServiceException(new AccessControlException(refusal.get()));
      }
      return StatusResponseProto.newBuilder().addAllManagers(handler.status())
          .addAllFailedBlocks(handler.failedBlocks()).setIncarnation(handler.incarnation()).build();
    }
  }
}
