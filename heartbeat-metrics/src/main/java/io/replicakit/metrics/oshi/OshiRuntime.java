/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import java.lang.reflect.InvocationTargetException;
import java.net.URL;

/**
 * Where {@link RealOshiSystem} comes from. In the module build (tests, {@code bin/replicakit}, embedded
 * clusters) OSHI and JNA are ordinary class-path jars and it is constructed directly. In the installable jar
 * ({@code dist/}, {@code replicakit-VERSION.jar}) OSHI is relocated to {@code io.replicakit.shaded.oshi} and JNA
 * is stored, unchanged, under {@value #JNA_PREFIX}: JNA's native library binds its JNI functions to the class
 * names {@code com.sun.jna.*} and looks those classes up by name, so JNA cannot be renamed. It is instead loaded
 * by a {@link JnaIsolatingClassLoader} of its own, together with the relocated OSHI and this module's one class
 * that names OSHI types, so that a JNA already on a daemon's class path (Hadoop ships JNA 5.2.0 for the
 * NodeManager) is neither seen by OSHI nor shadowed by ours.
 */
public final class OshiRuntime {

  /** The jar folder holding JNA's classes and resources, at their usual paths below it. */
  public static final String JNA_PREFIX = "io/replicakit/shaded/jna/";

  /** A class that exists only in the installable jar's JNA folder. */
  static final String MARKER = JNA_PREFIX + "com/sun/jna/Native.class";

  private static final String REAL = "io.replicakit.metrics.oshi.RealOshiSystem";

  private static volatile JnaIsolatingClassLoader isolated;

  private OshiRuntime() {}

  /** True when this code runs from the installable jar (JNA in its private folder). */
  public static boolean isolated() {
    return marker() != null;
  }

  /** A new handle on this machine's hardware, from whichever place OSHI lives in. */
  public static OshiSystem open() {
    if (!isolated()) {
      return new RealOshiSystem();
    }
    try {
      ClassLoader loader = isolatedLoader();
      Class<?> real = Class.forName(REAL, true, loader);
      Thread thread = Thread.currentThread();
      ClassLoader before = thread.getContextClassLoader();
      // OSHI reads its oshi*.properties through the context class loader, among others.
      thread.setContextClassLoader(loader);
      try {
        return (OshiSystem) real.getConstructor().newInstance();
      } finally {
        thread.setContextClassLoader(before);
      }
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("OSHI could not start", cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("the installable jar's OSHI runtime is incomplete: " + e, e);
    }
  }

  /** One loader per JVM: a native library may be loaded by one class loader only. */
  static JnaIsolatingClassLoader isolatedLoader() {
    JnaIsolatingClassLoader loader = isolated;
    if (loader == null) {
      synchronized (OshiRuntime.class) {
        loader = isolated;
        if (loader == null) {
          loader = new JnaIsolatingClassLoader(OshiRuntime.class.getClassLoader(), JNA_PREFIX, REAL);
          isolated = loader;
        }
      }
    }
    return loader;
  }

  private static URL marker() {
    ClassLoader own = OshiRuntime.class.getClassLoader();
    return own == null ? null : own.getResource(MARKER);
  }
}
