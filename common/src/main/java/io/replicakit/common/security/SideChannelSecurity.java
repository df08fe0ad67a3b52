/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.security;

import java.net.InetAddress;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.ipc.RPC;
import org.apache.hadoop.ipc.Server;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.UserGroupInformation.AuthenticationMethod;
import org.apache.hadoop.security.authorize.PolicyProvider;

/**
 * The Hadoop side of securing a ReplicaKit RPC server, shared by the metrics server and Pfimbi's Replication
 * Managers: turning on service ACLs and describing the caller of the current call for
 * {@link ServicePrincipals}, whose rule is plain Java in {@code common}.
 */
public final class SideChannelSecurity {

  private SideChannelSecurity() {}

  /**
   * Loads the server's service ACLs when {@code hadoop.security.authorization} is on. Without this call Hadoop
   * authorizes no protocol of the server at all (every call is refused), so every ReplicaKit server makes it.
   */
  public static void applyServiceAcls(RPC.Server server, Configuration conf, PolicyProvider policy) {
    if (conf.getBoolean(CommonConfigurationKeys.HADOOP_SECURITY_AUTHORIZATION, false)) {
      server.refreshServiceAcl(conf, policy);
    }
  }

  /** Room for Hadoop's own RPC headers around a request's message. */
  static final int RPC_HEADER_BYTES = 16 * 1024;
  /**
   * The least limit set: every frame counts against it, the SASL negotiation's too, and a Kerberos ticket with a
   * large authorization part (Active Directory's PAC) can take tens of kilobytes.
   */
  static final int MIN_REQUEST_BYTES = 256 * 1024;

  /**
   * Has the server refuse, before reading it, any request larger than {@code maxMessageBytes} (plus Hadoop's
   * headers), by lowering {@code ipc.maximum.data.length} (128 MB by default) in the server's own configuration.
   * Why: a caller may send a request of that default size before authentication has refused it, and the server
   * buffers and parses it before its own size check could; a side channel whose messages are small says so at
   * the door. A lower value already configured is kept.
   */
  public static void limitRequests(Configuration serverConf, int maxMessageBytes) {
    long limit = Math.max(MIN_REQUEST_BYTES, (long) maxMessageBytes + RPC_HEADER_BYTES);
    int configured = serverConf.getInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH,
        CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH_DEFAULT);
    serverConf.setInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH, (int) Math.min(limit, configured));
  }

  /** True when the cluster authenticates with Kerberos ({@code hadoop.security.authentication}). */
  public static boolean kerberos(Configuration conf) {
    return SecurityUtil.getAuthenticationMethod(conf) == AuthenticationMethod.KERBEROS;
  }

  /** The source address of the current RPC call, as text ({@code 10.1.2.3}); empty outside a call. */
  public static String callerIp() {
    InetAddress ip = Server.getRemoteIp();
    return ip == null ? "" : ip.getHostAddress();
  }

  /**
   * The caller of the current RPC call: its principal only if Kerberos authenticated it (a token or simple
   * caller has none), and its host name as Hadoop's service authorization resolves it for {@code _HOST}.
   */
  public static ServicePrincipals.Caller caller() {
    return caller(Server.getRemoteUser(), Server.getRemoteIp());
  }

  /**
   * The caller {@code user} connecting from {@code ip}. A proxy user (a doAs connection) has no principal: Kerberos
   * authenticated its real user, while its own name is only what that user claimed, and a service allowed to
   * impersonate (Oozie, Knox, HttpFS) could otherwise claim {@code dn/its-host@REALM} and pass as a daemon. HDFS's
   * daemons never call through doAs.
   */
  static ServicePrincipals.Caller caller(UserGroupInformation user, InetAddress ip) {
    boolean byKerberos = user != null && user.getRealUser() == null
        && user.getAuthenticationMethod() == AuthenticationMethod.KERBEROS;
    return new ServicePrincipals.Caller(byKerberos ? Optional.of(user.getUserName()) : Optional.empty(),
        () -> ip == null ? "" : ip.getCanonicalHostName());
  }
}
