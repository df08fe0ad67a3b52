/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.rpc;

import org.apache.hadoop.ipc.CallerContext;

/**
 * Marks the NameNode calls of ReplicaKit's own namespace clients (Pfimbi's coordinator, the placement report) with a
 * caller context, so that read selection does not take their block listings for reads.
 *
 * <p>Why: the read-selection policies that keep a record of reads (DRR's volume calendars, round-robin turns,
 * system-state's blocks put first since a sample) book the first blocks of every {@code getBlockLocations} call as
 * reads. Pfimbi's coordinator lists each tracked file's blocks every round (500 ms) through a client of the
 * NameNode itself: on a NameNode running both, a few dozen tracked files became a thousand phantom reads a second,
 * steering real reads away from the volumes those files live on for as long as they were tracked. Hadoop's IPC
 * client sends the calling thread's {@link CallerContext} in every request header and the NameNode's handler makes
 * it current while serving the call, where the read-selection topology reads it. A client that sends the mark
 * without being ReplicaKit only keeps its own listings out of the record.
 *
 * <p>The context also names the component in the NameNode's audit log when {@code hadoop.caller.context.enabled}
 * is set.
 */
public final class OwnLookups {

  /** What every context of a ReplicaKit lookup starts with. */
  public static final String PREFIX = "replicakit:";

  private OwnLookups() {}

  /**
   * Marks the calls this thread makes from now on, and those of threads it starts (Hadoop keeps the context in an
   * inheritable thread local), as lookups of {@code component}.
   */
  public static void markThisThread(String component) {
    CallerContext.setCurrent(new CallerContext.Builder(PREFIX + component).build());
  }

  /**
   * Marks this thread's calls as lookups of {@code component} until the answer is closed, which puts back the
   * context the thread had: for a lookup made on a thread that goes on to do other work.
   */
  public static Marked mark(String component) {
    CallerContext previous = CallerContext.getCurrent();
    markThisThread(component);
    return () -> CallerContext.setCurrent(previous);
  }

  /** A thread's mark, taken back by {@link #close}. */
  @FunctionalInterface
  public interface Marked extends AutoCloseable {
    @Override
    void close();
  }

  /** Whether the call this thread serves (or the calls it makes) carry a ReplicaKit lookup's mark. */
  public static boolean servingOwnLookup() {
    return isOwnLookup(CallerContext.getCurrent());
  }

  static boolean isOwnLookup(CallerContext context) {
    return context != null && context.getContext() != null && context.getContext().startsWith(PREFIX);
  }
}
