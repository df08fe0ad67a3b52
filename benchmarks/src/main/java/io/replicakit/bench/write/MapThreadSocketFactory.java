/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.net.SourceBoundSocketFactory;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * TestDFSIO's maps on the DataNodes in an embedded cluster, where the local job runner runs every map in this JVM:
 * {@code hadoop.rpc.socket.factory.class.default} that binds the sockets of a client made on map thread {@code #k}
 * ({@value #MAP_THREAD}) to the {@code k}-th address of {@code replicakit.testbed.map.bind.addresses} (round
 * robin), and any other thread's to {@code replicakit.testbed.bind.address}, as the testbed's own
 * {@code BoundSocketFactory} does.
 *
 * <p>Each map opens its file system in its own thread ({@code IOMapperBase.configure}); with the FileSystem cache off
 * that is a DFSClient of its own, whose NameNode proxy and data sockets are made by factories created there, so the
 * NameNode sees the map's file as written from that DataNode (the first replica local) and every byte the map sends
 * leaves from that node's address. A factory made on a thread that a map thread started (a writer's sender threads,
 * say) binds to that map's address too. Equality is by address, as Hadoop caches RPC clients per socket factory.
 */
public final class MapThreadSocketFactory extends SourceBoundSocketFactory {

  /** Comma-separated addresses, one per DataNode, for the map threads. */
  public static final String ADDRESSES_KEY = TestbedConfig.MAP_BIND_ADDRESSES.name();
  /** The local job runner's name of its map threads, numbered from 0 per job. */
  static final String MAP_THREAD = "LocalJobRunner Map Task Executor #";
  private static final Pattern MAP_THREAD_NUMBER = Pattern.compile(Pattern.quote(MAP_THREAD) + "(\\d+)");
  /** The address of the map thread this thread is, or was started by (threads inherit it when they start). */
  private static final InheritableThreadLocal<String> MAP_ADDRESS = new InheritableThreadLocal<>();

  @Override
  protected InetAddress bindAddressFor(Configuration conf) {
    Optional<String> mine = addressFor(Thread.currentThread().getName(), conf.getTrimmedStringCollection(
        TestbedConfig.MAP_BIND_ADDRESSES.name()).stream().toList());
    if (mine.isPresent()) {
      MAP_ADDRESS.set(mine.get());
    } else if (MAP_ADDRESS.get() != null && !conf.getTrimmedStringCollection(
        TestbedConfig.MAP_BIND_ADDRESSES.name()).isEmpty()) {
      mine = Optional.of(MAP_ADDRESS.get());
    }
    try {
      return mine.isPresent() ? InetAddress.getByName(mine.get()) : TestbedConfig.bindAddress(conf).orElse(null);
    } catch (java.net.UnknownHostException e) {
      throw new IllegalArgumentException("bad address in " + ADDRESSES_KEY + ": " + mine.get(), e);
    }
  }

  /** The address of a client made on {@code threadName}: the map thread's own, or empty for any other thread. */
  static Optional<String> addressFor(String threadName, List<String> addresses) {
    Matcher m = MAP_THREAD_NUMBER.matcher(threadName);
    if (addresses.isEmpty() || !m.matches()) {
      return Optional.empty();
    }
    return Optional.of(addresses.get(Integer.parseInt(m.group(1)) % addresses.size()));
  }
}
