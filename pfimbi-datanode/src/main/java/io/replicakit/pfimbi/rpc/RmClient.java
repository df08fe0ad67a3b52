/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import io.replicakit.common.rpc.OneConnectAttempt;
import io.replicakit.pfimbi.proto.PfimbiProtos.BlockAvailableResponseProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusRequestProto;
import io.replicakit.pfimbi.proto.PfimbiProtos.StatusResponseProto;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.retry.RetryPolicies;
import org.apache.hadoop.ipc.ProtobufRpcEngine2;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.thirdparty.protobuf.ServiceException;
import org.apache.hadoop.util.Time;

/**
 * Calls Replication Managers: one proxy per DataNode, reached at its registered IP and the cluster-wide
 * Replication Manager port. Calls fail fast (one try): the caller decides what a failure means (§4.4: the
 * upstream node stops, the NameNode falls back to its own re-replication).
 */
public final class RmClient implements AutoCloseable {

  private final Configuration conf;
  private final int port;
  private final int timeoutMs;
  private final UserGroupInformation user;
  private final UnansweredHosts unanswered;
  private final Map<String, ReplicationManagerProtocolPB> proxies = new ConcurrentHashMap<>();

  /**
   * A client that calls as the current user at construction: the daemon's login user when a plugin builds it at
   * start. Fixed then, because the Replication Managers' threads are started inside an RPC call and would
   * otherwise call as that call's remote user, who has no Kerberos credentials in this process.
   */
  public RmClient(Configuration conf, int port, int timeoutMs) {
    this(conf, port, timeoutMs, new UnansweredHosts(UnansweredHosts.SKIP_MS, Time::monotonicNow));
  }

  RmClient(Configuration conf, int port, int timeoutMs, UnansweredHosts unanswered) {
    this.unanswered = unanswered;
    try {
      this.user = UserGroupInformation.getCurrentUser();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot determine the user to call Replication Managers as", e);
    }
    // One connection attempt, no longer than a call may take: else a powered-off DataNode would hold the
    // coordinator's round (or a relaying DataNode) about 15 minutes.
    this.conf = OneConnectAttempt.of(conf, timeoutMs);
    RPC.setProtocolEngine(this.conf, ReplicationManagerProtocolPB.class, ProtobufRpcEngine2.class);
    this.port = port;
    this.timeoutMs = timeoutMs;
  }

  /** Sends a notice to its receiver, the node with IP {@code ipAddr}; empty when it was accepted. */
  public Optional<String> notify(String ipAddr, BlockAvailable notice) throws IOException {
    return offer(ipAddr, notice).refusal();
  }

  /** Sends a notice to its receiver, the node with IP {@code ipAddr}: its answer, with the receiver's incarnation. */
  public ManagerAnswer offer(String ipAddr, BlockAvailable notice) throws IOException {
    BlockAvailableResponseProto response = call(ipAddr, p -> p.blockAvailable(null, NoticeCodec.toProto(notice)));
    return new ManagerAnswer(response.getAccepted() ? Optional.empty() : Optional.of(response.getReason()),
        response.getIncarnation());
  }

  public StatusResponseProto status(String ipAddr) throws IOException {
    return call(ipAddr, p -> p.status(null, StatusRequestProto.getDefaultInstance()));
  }

  /** One call on a proxy. */
  @FunctionalInterface
  private interface Call<T> {
    T on(ReplicationManagerProtocolPB proxy) throws ServiceException;
  }

  /**
   * Makes the call, once more on a fresh connection when the first failed on a dead one: after a DataNode
   * restarts, the connection cached to its previous process fails the next call with an end of file or a reset,
   * and without the second try that call alone would send a file back to HDFS's re-replication for nothing.
   * A refusal by the server, a refused connection or a timeout is final; after a timeout the host is not called
   * for a while ({@link UnansweredHosts}): such calls fail at once.
   */
  private <T> T call(String ipAddr, Call<T> call) throws IOException {
    Optional<String> skipped = unanswered.skipReason(ipAddr);
    if (skipped.isPresent()) {
      throw new IOException("not called: " + skipped.get());
    }
    try {
      T answer = callOnce(ipAddr, call);
      unanswered.answered(ipAddr);
      return answer;
    } catch (IOException failure) {
      unanswered.failed(ipAddr, failure);
      throw failure;
    }
  }

  private <T> T callOnce(String ipAddr, Call<T> call) throws IOException {
    try {
      return call.on(proxy(ipAddr));
    } catch (ServiceException e) {
      drop(ipAddr);
      IOException failure = unwrap(e);
      if (!staleConnection(failure)) {
        throw failure;
      }
    }
    try {
      return call.on(proxy(ipAddr));
    } catch (ServiceException e) {
      drop(ipAddr);
      throw unwrap(e);
    }
  }

  static boolean staleConnection(IOException e) {
    if (e instanceof RemoteException) {
      return false;
    }
    return e instanceof EOFException || (e instanceof SocketException && !(e instanceof ConnectException));
  }

  /**
   * The blocks of pool {@code blockPoolId} whose background copy recently failed on the DataNode at {@code ipAddr}:
   * block ID to reason (fetch failed, write failed such as a full disk, forward failed, manager disabled), oldest
   * first. A block the NameNode still waits for that appears here will not arrive from this node: fall back to
   * HDFS's re-replication at once. Another pool's failures are left out (federated namespaces share block IDs); one
   * with no pool (a DataNode of an earlier version) is kept. One status call; a DataNode without the list returns
   * an empty map.
   *
   * @throws IOException when the DataNode's Replication Manager cannot be reached
   */
  public Map<Long, String> failedBlocks(String ipAddr, String blockPoolId) throws IOException {
    return failureReport(ipAddr, blockPoolId).failed();
  }

  /** {@link #failedBlocks}, with the incarnation of the DataNode process that answered. */
  public FailureReport failureReport(String ipAddr, String blockPoolId) throws IOException {
    StatusResponseProto status = status(ipAddr);
    Map<Long, String> failed = new LinkedHashMap<>();
    status.getFailedBlocksList().stream()
        .filter(f -> f.getBlockPoolId().isEmpty() || f.getBlockPoolId().equals(blockPoolId))
        .forEach(f -> failed.put(f.getBlockId(), f.getReason()));
    return new FailureReport(status.getIncarnation(), failed);
  }

  private ReplicationManagerProtocolPB proxy(String ipAddr) throws IOException {
    ReplicationManagerProtocolPB p = proxies.get(ipAddr);
    if (p != null) {
      return p;
    }
    InetSocketAddress address = NetUtils.createSocketAddr(ipAddr, port);
    SocketFactory sockets = OneConnectAttempt.socketFactory(conf);
    p = RPC.getProtocolProxy(ReplicationManagerProtocolPB.class,
        RPC.getProtocolVersion(ReplicationManagerProtocolPB.class), address, user,
        conf, sockets, timeoutMs, RetryPolicies.TRY_ONCE_THEN_FAIL).getProxy();
    ReplicationManagerProtocolPB raced = proxies.putIfAbsent(ipAddr, p);
    if (raced != null) {
      RPC.stopProxy(p);
      return raced;
    }
    return p;
  }

  /** The server's IOException, or the call's failure (connection refused, timeout) as one. */
  private static IOException unwrap(ServiceException e) {
    return e.getCause() instanceof IOException io ? io : new IOException(e);
  }

  private void drop(String ipAddr) {
    ReplicationManagerProtocolPB p = proxies.remove(ipAddr);
    if (p != null) {
      RPC.stopProxy(p);
    }
  }

  @Override
  public void close() {
    proxies.values().forEach(RPC::stopProxy);
    proxies.clear();
  }
}
