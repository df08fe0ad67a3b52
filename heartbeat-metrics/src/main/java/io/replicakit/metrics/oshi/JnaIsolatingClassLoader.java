/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.Enumeration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Defines JNA ({@code com.sun.jna.*}), the relocated OSHI ({@code io.replicakit.shaded.oshi.*}) and one bridge
 * class itself, child-first, from the installable jar; everything else (our interfaces, SLF4J, the JDK) comes
 * from the parent. JNA's classes and resources (its {@code libjnidispatch} per platform) are read from a folder
 * of the jar, {@code prefix}, so the application class loader never sees a {@code com.sun.jna} package of ours,
 * and a JNA on the parent's class path never reaches OSHI. JNA then loads its native library the usual way,
 * through {@code Native.class.getClassLoader().getResource("com/sun/jna/<platform>/libjnidispatch.so")}, which
 * this loader answers from the folder; the library is bound to this loader.
 */
final class JnaIsolatingClassLoader extends ClassLoader {

  static {
    registerAsParallelCapable();
  }

  private static final String JNA_PACKAGE = "com.sun.jna.";
  private static final String JNA_PATH = "com/sun/jna/";
  private static final String OSHI_PACKAGE = "io.replicakit.shaded.oshi.";

  private final ClassLoader parent;
  private final String prefix;
  private final String bridge;
  private final Map<URL, ProtectionDomain> domains = new ConcurrentHashMap<>();

  JnaIsolatingClassLoader(ClassLoader parent, String prefix, String bridge) {
    super("replicakit-jna", parent);
    this.parent = parent;
    this.prefix = prefix;
    this.bridge = bridge;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        String path = classPath(name);
        c = path == null ? parent.loadClass(name) : define(name, path);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  /** The jar path of a class this loader defines itself, or null for the parent's classes. */
  private String classPath(String name) {
    String file = name.replace('.', '/') + ".class";
    if (name.startsWith(JNA_PACKAGE)) {
      return prefix + file;
    }
    if (name.startsWith(OSHI_PACKAGE) || name.equals(bridge) || name.startsWith(bridge + "$")) {
      return file;
    }
    return null;
  }

  private Class<?> define(String name, String path) throws ClassNotFoundException {
    URL url = parent.getResource(path);
    if (url == null) {
      throw new ClassNotFoundException(name + " (not in " + path + ")");
    }
    byte[] bytes;
    try (InputStream in = url.openStream()) {
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new ClassNotFoundException(name, e);
    }
    return defineClass(name, bytes, 0, bytes.length, domain(url));
  }

  private ProtectionDomain domain(URL classUrl) {
    URL location = codeLocation(classUrl);
    return domains.computeIfAbsent(location,
        l -> new ProtectionDomain(new CodeSource(l, (Certificate[]) null), null, this, null));
  }

  private static URL codeLocation(URL classUrl) {
    try {
      URLConnection connection = classUrl.openConnection();
      if (connection instanceof JarURLConnection jar) {
        return jar.getJarFileURL();
      }
    } catch (IOException e) {
      // fall through: the class's own URL is as good a code location as any
    }
    return classUrl;
  }

  @Override
  public URL getResource(String name) {
    return parent.getResource(resourcePath(name));
  }

  @Override
  public Enumeration<URL> getResources(String name) throws IOException {
    return parent.getResources(resourcePath(name));
  }

  @Override
  public InputStream getResourceAsStream(String name) {
    return parent.getResourceAsStream(resourcePath(name));
  }

  /**
   * {@code oshi.properties}, {@code oshi.architecture.properties}, ... Written without the literal "oshi" plus
   * dot: the jar's build rewrites string constants starting with OSHI's package name to the relocated one.
   */
  private static boolean isOshiProperties(String n) {
    return n.startsWith("oshi") && n.length() > 4 && n.charAt(4) == '.' && n.endsWith(".properties");
  }

  /** JNA's resources and OSHI's property files come from the JNA folder; the rest from the parent. */
  private String resourcePath(String name) {
    String n = name.startsWith("/") ? name.substring(1) : name;
    if (n.startsWith(JNA_PATH) || isOshiProperties(n)) {
      return prefix + n;
    }
    return n;
  }
}
