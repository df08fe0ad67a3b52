package io.replicakit.common.sysstate;

/** Reads the host's CPU and memory counters. Called once per sampling interval from one thread. */
public interface HostSource extends AutoCloseable {

  HostCounters read();

  @Override
  default void close() {}
}
