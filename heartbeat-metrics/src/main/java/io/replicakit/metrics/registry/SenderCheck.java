/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import io.replicakit.common.security.ServicePrincipals;
import io.replicakit.metrics.wire.Rejection;
import java.util.Optional;
import java.util.function.Function;

/**
 * Ties a sample to its sender: a report for DataNode {@code U} is accepted only from the IP address the
 * NameNode registered for {@code U} and, with Kerberos, only from a DataNode principal (for that host). Without
 * this, any DataNode (or, with simple authentication, anyone who reaches the port) could report for every other
 * DataNode and steer read ordering away from or onto it.
 *
 * <p>The NameNode learns a DataNode's IP from the source address of its registration call, which is what this
 * compares with the source address of the report: a DataNode reports from the host it registered from. The
 * lookup is injected ({@link NodeDirectory#ipAddress}) so that the rule is tested without a NameNode.
 */
public final class SenderCheck {

  /** Why a report was refused: {@link Rejection#WRONG_SENDER}, or {@link Rejection#UNKNOWN_NODE} for a UUID the
   * NameNode has not registered (a DataNode's first reports may precede its registration). */
  public record Refusal(Rejection reason, String detail) {}

  private final Function<String, Optional<String>> registeredIp;
  private final Optional<ServicePrincipals> principals;

  /**
   * @param registeredIp the IP the NameNode registered for a DataNode UUID
   * @param principals who may report when security is on; empty with simple authentication
   */
  public SenderCheck(Function<String, Optional<String>> registeredIp, Optional<ServicePrincipals> principals) {
    this.registeredIp = registeredIp;
    this.principals = principals;
  }

  /**
   * Why the caller may not report for {@code datanodeUuid}, or empty.
   *
   * @param callerIp the report's source address as the RPC server saw it
   */
  public Optional<Refusal> refusal(String datanodeUuid, String callerIp, ServicePrincipals.Caller caller) {
    if (principals.isPresent()) {
      Optional<String> notDaemon = principals.get().refusal(caller, "metrics report");
      if (notDaemon.isPresent()) {
        return Optional.of(new Refusal(Rejection.WRONG_SENDER, notDaemon.get()));
      }
    }
    Optional<String> registered = registeredIp.apply(datanodeUuid);
    if (registered.isEmpty()) {
      return Optional.of(new Refusal(Rejection.UNKNOWN_NODE,
          "no DataNode " + datanodeUuid + " is registered with this NameNode"));
    }
    if (!registered.get().equals(callerIp)) {
      return Optional.of(new Refusal(Rejection.WRONG_SENDER, "a report for DataNode " + datanodeUuid
          + " must come from its registered address " + registered.get() + ", not " + callerIp));
    }
    return Optional.empty();
  }
}
