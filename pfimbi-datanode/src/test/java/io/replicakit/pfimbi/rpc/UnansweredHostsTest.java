/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.net.ConnectTimeoutException;
import org.junit.jupiter.api.Test;

class UnansweredHostsTest {

  private final AtomicLong now = new AtomicLong(1_000);
  private final UnansweredHosts hosts = new UnansweredHosts(30_000, now::get);

  @Test
  void timedOutHost_isSkippedUntilItsSkipEnds_thenTriedAgain() {
    hosts.failed("10.0.0.5", new ConnectTimeoutException("connect timed out"));
    now.addAndGet(29_999);
    Optional<String> reason = hosts.skipReason("10.0.0.5");
    assertTrue(reason.isPresent());
    assertTrue(reason.get().contains("10.0.0.5") && reason.get().contains("29999 ms ago"), reason.get());
    now.addAndGet(1);
    assertEquals(Optional.empty(), hosts.skipReason("10.0.0.5"));
  }

  @Test
  void onlyTheSilentHost_isSkipped() {
    hosts.failed("10.0.0.5", new SocketTimeoutException("call timed out"));
    assertEquals(Optional.empty(), hosts.skipReason("10.0.0.6"));
  }

  @Test
  void failuresThatCostNoWait_doNotMarkTheHost() {
    for (IOException quick : new IOException[] {new ConnectException("Connection refused"),
        new RemoteException("org.apache.hadoop.security.authorize.AuthorizationException", "denied"),
        new IOException("refused block 7")}) {
      hosts.failed("10.0.0.5", quick);
      assertEquals(Optional.empty(), hosts.skipReason("10.0.0.5"), quick.toString());
    }
  }

  @Test
  void noRouteToHost_marksTheHost() {
    hosts.failed("10.0.0.5", new NoRouteToHostException("No route to host"));
    assertTrue(hosts.skipReason("10.0.0.5").isPresent());
  }

  @Test
  void unreachable_isAConnectTimeoutOrNoRoute_notAReadTimeout() {
    assertTrue(UnansweredHosts.isUnreachable(new IOException("fetch", new ConnectTimeoutException("connect"))));
    assertTrue(UnansweredHosts.isUnreachable(new NoRouteToHostException("No route to host")));
    assertFalse(UnansweredHosts.isUnreachable(new SocketTimeoutException("Read timed out")));
    assertFalse(UnansweredHosts.isUnreachable(new ConnectException("Connection refused")));
  }

  @Test
  void aTimeoutWrappedByTheCaller_marksTheHost() {
    hosts.failed("10.0.0.5", new IOException("fetch failed", new ConnectTimeoutException("connect timed out")));
    assertTrue(hosts.skipReason("10.0.0.5").isPresent());
  }

  @Test
  void anAnswer_clearsTheHost() {
    hosts.failed("10.0.0.5", new SocketTimeoutException("call timed out"));
    hosts.answered("10.0.0.5");
    assertEquals(Optional.empty(), hosts.skipReason("10.0.0.5"));
  }

  @Test
  void aClockGoingBack_endsTheSkip_ratherThanStretchingIt() {
    hosts.failed("10.0.0.5", new SocketTimeoutException("call timed out"));
    now.addAndGet(-5_000);
    assertEquals(Optional.empty(), hosts.skipReason("10.0.0.5"));
  }

  @Test
  void zeroSkip_neverSkips() {
    UnansweredHosts never = new UnansweredHosts(0, now::get);
    never.failed("10.0.0.5", new SocketTimeoutException("call timed out"));
    assertFalse(never.skipReason("10.0.0.5").isPresent());
  }
}
