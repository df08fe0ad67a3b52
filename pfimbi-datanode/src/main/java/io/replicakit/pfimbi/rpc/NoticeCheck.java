/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import java.net.InetAddress;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What a receiving DataNode can check of a notice before it queues the block, so that a notice cannot make it pull
 * from anywhere or hold its Replication Manager hostage:
 * <ul>
 *   <li>the block pool is one this DataNode serves (a notice for a foreign pool would store a foreign block);</li>
 *   <li>the block is one a Replication Manager can hold in memory (checked before it is queued rather than
 *       when its turn comes);</li>
 *   <li>source and targets are given by IP address (no name for DNS to redirect), this DataNode is the receiver,
 *       not the source or a later target, and no target appears twice.</li>
 * </ul>
 * What a DataNode cannot check here: that source and targets are registered DataNodes of the pool (only the
 * NameNode knows its DataNodes). The source is vouched for later, when the pull happens: with
 * {@code dfs.data.transfer.protection} the data-transfer handshake and the block-token-authenticated length query
 * succeed only against a DataNode holding the pool's block keys, and the length the source reports must equal
 * the notice's ({@link #lengthProblem}).
 */
public final class NoticeCheck {

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");

  private final Function<String, Optional<String>> selfUuid;
  private final long maxBlockBytes;

  /**
   * @param selfUuid this DataNode's UUID as registered for a block pool, empty for a pool it does not serve
   * @param maxBlockBytes the largest block a Replication Manager can hold
   */
  public NoticeCheck(Function<String, Optional<String>> selfUuid, long maxBlockBytes) {
    this.selfUuid = selfUuid;
    this.maxBlockBytes = maxBlockBytes;
  }

  /** Why this DataNode refuses {@code notice}, or empty. */
  public Optional<String> refusal(BlockAvailable notice) {
    Optional<String> self = selfUuid.apply(notice.blockPoolId());
    if (self.isEmpty()) {
      return Optional.of("block pool " + notice.blockPoolId() + " is not served by this DataNode");
    }
    if (notice.numBytes() > maxBlockBytes) {
      return Optional.of("block " + notice.blockId() + " has " + notice.numBytes() + " bytes, more than a "
          + "Replication Manager can hold (" + maxBlockBytes + ")");
    }
    return pipelineProblem(notice, self.get());
  }

  private static Optional<String> pipelineProblem(BlockAvailable notice, String self) {
    Set<String> seen = new HashSet<>();
    seen.add(self);
    if (!seen.add(notice.source().datanodeUuid())) {
      return Optional.of("the source of block " + notice.blockId() + " is this DataNode itself");
    }
    if (!isIpLiteral(notice.source().ipAddr())) {
      return Optional.of("source address " + notice.source().ipAddr() + " is not an IP address");
    }
    for (NodeRef target : notice.downstream()) {
      if (!seen.add(target.datanodeUuid())) {
        return Optional.of("DataNode " + target.datanodeUuid() + " appears twice in the pipeline of block "
            + notice.blockId());
      }
      if (!isIpLiteral(target.ipAddr())) {
        return Optional.of("target address " + target.ipAddr() + " is not an IP address");
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the length the source DataNode reports for its replica matches the notice. A shorter claim would
   * store a truncated prefix as a finalized replica, a longer one fails the read anyway.
   */
  public static Optional<String> lengthProblem(BlockAvailable notice, long sourceLength) {
    if (sourceLength == notice.numBytes()) {
      return Optional.empty();
    }
    return Optional.of("the source " + notice.source() + " holds " + sourceLength + " bytes of block "
        + notice.blockId() + ", the notice says " + notice.numBytes() + ": copy dropped");
  }

  /** True for an IPv4 dotted quad or an IPv6 literal; never asks DNS. */
  static boolean isIpLiteral(String address) {
    if (IPV4.matcher(address).matches()) {
      return address.chars().filter(c -> c == '.').count() == 3
          && java.util.Arrays.stream(address.split("\\.")).allMatch(octet -> Integer.parseInt(octet) <= 255);
    }
    if (address.indexOf(':') < 0 || !IPV6_CHARS.matcher(address).matches()) {
      return false;
    }
    try {
      InetAddress.getByName(address); // a string with ':' is parsed as an IPv6 literal, no lookup
      return true;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }
}
