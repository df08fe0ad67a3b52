/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;

/**
 * Free TCP ports for servers that must be told their port before they start: a plugin's own server (the metrics
 * side channel, Pfimbi's Replication Managers) in an embedded cluster, a daemon of a multi-process cluster. A port is
 * picked by binding it and releasing it at once; the server binds it moments later.
 */
public final class Ports {

  private Ports() {}

  /** Where the kernel's own choices come from (Linux); read on each {@link #free} call. */
  private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  /** The lowest port {@link #free} picks from below the kernel's range. */
  static final int LOWEST = 10_000;
  private static final int ATTEMPTS = 50;

  /**
   * A port free right now, below the kernel's ephemeral range when it is known. A port the kernel handed out for
   * port 0 and got back can be handed out again to the next server that binds port 0 (a MiniDFSCluster's NameNode
   * and DataNodes all do) before the plugin told to use it binds it; a port the kernel never hands out for port 0
   * cannot. Falls back to the kernel's choice when the range is unknown or nothing below it is free.
   */
  public static int free() {
    return free(null);
  }

  /** {@link #free}, checked by binding {@code at} (null: every address). */
  private static int free(InetAddress at) {
    OptionalInt below = belowEphemeral(ephemeralLow(), at);
    if (below.isPresent()) {
      return below.getAsInt();
    }
    try (ServerSocket socket = new ServerSocket(0, 1, at)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free TCP port" + (at == null ? "" : " on " + at.getHostAddress()), e);
    }
  }

  /**
   * A free port in [{@link #LOWEST}, {@code low}) at {@code at} (null: every address), tried at random; empty if none
   * of a few tries binds.
   */
  static OptionalInt belowEphemeral(int low, InetAddress at) {
    if (low - LOWEST < ATTEMPTS) {
      return OptionalInt.empty();
    }
    for (int i = 0; i < ATTEMPTS; i++) {
      int port = ThreadLocalRandom.current().nextInt(LOWEST, low);
      try (ServerSocket socket = new ServerSocket(port, 1, at)) {
        return OptionalInt.of(socket.getLocalPort());
      } catch (IOException e) {
        // taken: try another
      }
    }
    return OptionalInt.empty();
  }

  /**
   * The first port of the kernel's ephemeral range; 0 when not known (not Linux, or unreadable). Read as a line:
   * {@code Files.readString} sizes its buffer from the file's size, which procfs reports as 0, and returned only
   * the first byte here ("3" for "32768 60999"), so every pick fell back to the kernel's range.
   */
  static int ephemeralLow() {
    try (BufferedReader in = Files.newBufferedReader(EPHEMERAL_RANGE)) {
      String line = in.readLine();
      return line == null ? 0 : Integer.parseInt(line.trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /**
   * A port free at {@code address}, for a daemon that must be told its port before it starts (the NameNode, which
   * DataNodes must find; a JMX agent), below the kernel's ephemeral range as {@link #free}'s: the daemon's JVM
   * takes seconds to bind it, and a port from the range could meanwhile be the local end of any outgoing
   * connection (measured: a process cluster's NameNode failed with "Address already in use" on a port 0 pick in a
   * full verify). Another server could still take it in between; the daemon then fails to start with that message
   * in its log, which start-up reports. An address that is not this namespace's (a host in a network namespace of
   * its own) gets a port free on every address here: that namespace runs only its host's few daemons.
   */
  public static int freeOn(String address) {
    try {
      InetAddress at = InetAddress.getByName(address);
      boolean local = at.isLoopbackAddress() || NetworkInterface.getByInetAddress(at) != null;
      return free(local ? at : null);
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + address, e);
    }
  }

  /**
   * A port free at {@code address} that is none of {@code taken}: ports already chosen for servers that have not
   * bound them yet (a NameNode's RPC and web ports while its JMX port is chosen), which look as free as any other
   * until then, so that picking one by one could hand the same port to two servers.
   */
  public static int freeOn(String address, Set<Integer> taken) {
    return other(() -> freeOn(address), taken);
  }

  /** {@code count} distinct ports free at {@code address}, for servers told their ports before any binds one. */
  public static List<Integer> freeOn(String address, int count) {
    return distinct(count, () -> freeOn(address));
  }

  /** {@code count} distinct values of {@code pick}, each drawn with {@link #other} against those before it. */
  static List<Integer> distinct(int count, IntSupplier pick) {
    Set<Integer> chosen = new LinkedHashSet<>();
    while (chosen.size() < count) {
      chosen.add(other(pick, chosen));
    }
    return List.copyOf(chosen);
  }

  /** A value of {@code pick} not in {@code taken}; fails after a few draws that all were. */
  static int other(IntSupplier pick, Set<Integer> taken) {
    for (int i = 0; i < ATTEMPTS; i++) {
      int port = pick.getAsInt();
      if (!taken.contains(port)) {
        return port;
      }
    }
    throw new UncheckedIOException(new IOException("no free port other than " + taken + " in " + ATTEMPTS
        + " tries"));
  }
}
