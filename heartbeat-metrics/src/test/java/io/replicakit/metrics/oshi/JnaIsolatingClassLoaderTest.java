/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The private loader of the installable jar, over a folder laid out as the jar is: JNA's names come from the
 * prefix folder, the bridge class is defined anew, everything else is the parent's.
 */
class JnaIsolatingClassLoaderTest {

  private static final String PREFIX = "private/jna/";

  @TempDir
  Path root;

  /** A parent that records what it was asked for, over {@code root}. */
  private static final class Recording extends URLClassLoader {
    final List<String> asked = new ArrayList<>();

    Recording(Path root) throws IOException {
      super(new URL[] {root.toUri().toURL()}, JnaIsolatingClassLoaderTest.class.getClassLoader());
    }

    @Override
    public URL getResource(String name) {
      asked.add(name);
      return super.getResource(name);
    }
  }

  private void put(String path, byte[] bytes) throws IOException {
    Path file = root.resolve(path);
    Files.createDirectories(file.getParent());
    Files.write(file, bytes);
  }

  private static byte[] classBytes(Class<?> c) throws IOException {
    try (InputStream in = c.getClassLoader().getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
      return in.readAllBytes();
    }
  }

  @Test
  void jnaResourcesAndOshiPropertiesComeFromThePrefixFolder() throws IOException {
    put(PREFIX + "com/sun/jna/linux-x86-64/libjnidispatch.so", new byte[] {1});
    put(PREFIX + "oshi.properties", new byte[] {2});
    put("other.txt", new byte[] {3});
    try (Recording parent = new Recording(root)) {
      JnaIsolatingClassLoader loader = new JnaIsolatingClassLoader(parent, PREFIX, "x.Bridge");
      assertTrue(loader.getResource("com/sun/jna/linux-x86-64/libjnidispatch.so").toString()
          .endsWith(PREFIX + "com/sun/jna/linux-x86-64/libjnidispatch.so"));
      assertTrue(loader.getResource("/com/sun/jna/linux-x86-64/libjnidispatch.so").toString().endsWith(".so"),
          "JNA asks with a leading slash");
      assertTrue(loader.getResources("oshi.properties").hasMoreElements());
      assertTrue(loader.getResource("other.txt").toString().endsWith("/other.txt"));
      assertEquals(null, loader.getResource("oshiX.properties"));
      assertFalse(parent.asked.contains("com/sun/jna/linux-x86-64/libjnidispatch.so"), parent.asked.toString());
    }
  }

  @Test
  void bridgeIsDefinedByThePrivateLoaderAndOtherClassesComeFromTheParent() throws Exception {
    Class<?> bridge = Bridge.class;
    String path = bridge.getName().replace('.', '/') + ".class";
    put(path, classBytes(bridge));
    try (Recording parent = new Recording(root)) {
      JnaIsolatingClassLoader loader = new JnaIsolatingClassLoader(parent, PREFIX, bridge.getName());
      Class<?> defined = loader.loadClass(bridge.getName());
      assertNotSame(bridge, defined, "a class of its own");
      assertSame(loader, defined.getClassLoader());
      assertSame(defined, loader.loadClass(bridge.getName()), "defined once");
      // Its interface is the parent's, so the parent's code can use it.
      Object instance = defined.getConstructor().newInstance();
      assertTrue(instance instanceof Runnable);
      assertSame(OshiSystem.class, loader.loadClass(OshiSystem.class.getName()), "parent's classes are shared");
    }
  }

  @Test
  void jnaClassesMissingFromThePrefixFolderAreNotFoundElsewhere() throws IOException {
    try (Recording parent = new Recording(root)) {
      JnaIsolatingClassLoader loader = new JnaIsolatingClassLoader(parent, PREFIX, "x.Bridge");
      // Even though the test's class path may hold a com.sun.jna.Native, the loader never falls back to it.
      assertThrows(ClassNotFoundException.class, () -> loader.loadClass("com.sun.jna.Native"));
      assertTrue(parent.asked.contains(PREFIX + "com/sun/jna/Native.class"), parent.asked.toString());
    }
  }

  @Test
  void moduleBuildIsNotIsolated() {
    assertFalse(OshiRuntime.isolated(), "OSHI and JNA are plain jars on the module build's class path");
  }

  /** Stands in for RealOshiSystem. */
  public static final class Bridge implements Runnable {
    @Override
    public void run() {}
  }
}
