/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.security;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Which Kerberos principals may call a ReplicaKit side channel (the metrics report, the Pfimbi notices): the
 * principals of HDFS's own daemons, as configured in {@code dfs.namenode.kerberos.principal} and
 * {@code dfs.datanode.kerberos.principal}.
 *
 * <p>Why a check of our own: Hadoop's service authorization can name only one client principal per protocol
 * ({@code @KerberosInfo(clientPrincipal)}) and applies it only when {@code hadoop.security.authorization} is on,
 * whereas a Pfimbi notice comes from the NameNode or from a DataNode, and a side channel must not trust every
 * Kerberos user of the realm when authorization happens to be off. The rule is the one Hadoop applies to a
 * client principal: a configured principal's {@code _HOST} stands for the caller's own host name (lower case, as
 * Hadoop's {@code SecurityUtil} replaces it), and the caller's full principal must equal the result. A caller on
 * host {@code dn7.example.com} therefore passes {@code dn/_HOST@EXAMPLE.COM} only as
 * {@code dn/dn7.example.com@EXAMPLE.COM}: another DataNode's keytab does not let it pose as this host.
 *
 * <p>No Hadoop types here: the callers hand over the authenticated principal and the host name Hadoop resolved.
 */
public final class ServicePrincipals {

  private static final String HOST_PATTERN = "_HOST";

  private final List<Named> allowed;

  /** One configured principal pattern and the daemon it belongs to, for messages. */
  public record Named(String role, String pattern) {
    public Named {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(pattern, "pattern");
    }
  }

  /**
   * The caller as the RPC layer authenticated it; {@code principal} is empty unless Kerberos vouched for it. The
   * host name is looked up only when a pattern has {@code _HOST} (a reverse DNS lookup per call is not free).
   */
  public record Caller(Optional<String> principal, Supplier<String> hostName) {
    public Caller {
      Objects.requireNonNull(principal, "principal");
      Objects.requireNonNull(hostName, "hostName");
    }

    public Caller(Optional<String> principal, String hostName) {
      this(principal, () -> hostName);
    }
  }

  /** @param allowed the daemons' configured principals; blank patterns (unset keys) are ignored */
  public ServicePrincipals(List<Named> allowed) {
    this.allowed = allowed.stream().filter(n -> !n.pattern().isBlank()).toList();
  }

  /**
   * Why {@code caller} may not use the channel, or empty when it is one of the allowed daemons.
   *
   * @param what the channel, for the message ("metrics report")
   */
  public Optional<String> refusal(Caller caller, String what) {
    if (caller.principal().isEmpty()) {
      return Optional.of(what + " refused: the caller is not authenticated by Kerberos");
    }
    String principal = caller.principal().get();
    if (allowed.stream().anyMatch(n -> expected(n.pattern(), caller.hostName()).equals(principal))) {
      return Optional.empty();
    }
    return Optional.of(what + " refused: " + principal + " (from " + caller.hostName().get() + ") is not "
        + describeAllowed());
  }

  private String describeAllowed() {
    if (allowed.isEmpty()) {
      return "a configured HDFS daemon principal (none is configured)";
    }
    return String.join(" or ", allowed.stream().map(n -> "the " + n.role() + " principal " + n.pattern()).toList());
  }

  /**
   * {@code pattern} with a {@code _HOST} instance replaced by {@code hostName} in lower case; a pattern without
   * {@code _HOST} is used as written.
   */
  static String expected(String pattern, String hostName) {
    return expected(pattern, () -> hostName);
  }

  private static String expected(String pattern, Supplier<String> hostName) {
    int slash = pattern.indexOf('/');
    int at = pattern.indexOf('@', Math.max(slash, 0));
    if (slash < 0) {
      return pattern;
    }
    String instance = at < 0 ? pattern.substring(slash + 1) : pattern.substring(slash + 1, at);
    if (!instance.equals(HOST_PATTERN)) {
      return pattern;
    }
    String realm = at < 0 ? "" : pattern.substring(at);
    return pattern.substring(0, slash + 1) + hostName.get().toLowerCase(Locale.ENGLISH) + realm;
  }
}
