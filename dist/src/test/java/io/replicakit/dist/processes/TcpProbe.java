/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Locale;

/**
 * A raw TCP transfer between two hosts of a shaped network, each end started in its host's namespace:
 * {@code server PORT} receives one connection and prints {@code received BYTES SECONDS} (timed from the first byte
 * to the end, so connection set-up does not count); {@code client HOST PORT SECONDS} sends for that long.
 */
public final class TcpProbe {

  private TcpProbe() {}

  public static void main(String[] args) throws Exception {
    if (args[0].equals("server")) {
      serve(Integer.parseInt(args[1]));
    } else {
      send(args[1], Integer.parseInt(args[2]), Double.parseDouble(args[3]));
    }
  }

  private static void serve(int port) throws Exception {
    try (ServerSocket server = new ServerSocket()) {
      server.bind(new InetSocketAddress(port));
      System.out.println("listening");
      System.out.flush();
      try (Socket socket = server.accept(); InputStream in = socket.getInputStream()) {
        byte[] buffer = new byte[1 << 16];
        int n = in.read(buffer);
        long start = System.nanoTime();
        long bytes = 0;
        while ((n = in.read(buffer)) > 0) {
          bytes += n;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.println(String.format(Locale.ROOT, "received %d %.4f", bytes, seconds));
      }
    }
  }

  private static void send(String host, int port, double seconds) throws Exception {
    byte[] buffer = new byte[1 << 16];
    long end = System.nanoTime() + (long) (seconds * 1e9);
    try (Socket socket = new Socket(host, port); OutputStream out = socket.getOutputStream()) {
      while (System.nanoTime() < end) {
        out.write(buffer);
      }
    }
  }
}
