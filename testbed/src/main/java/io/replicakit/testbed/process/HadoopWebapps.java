/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The NameNode's and DataNode's web UI files ({@code webapps/hdfs}, {@code webapps/datanode}, {@code webapps/static}).
 * Both daemons refuse to start without them on their class path. A Hadoop distribution ships them in
 * {@code share/hadoop/hdfs/webapps}; from Maven they come only inside hadoop-hdfs's tests jar, which must not go on
 * a daemon's class path whole. So they are copied out of whichever jar on this JVM's class path holds them, into a
 * folder that plays {@code share/hadoop/hdfs}.
 */
public final class HadoopWebapps {

  static final String MARKER = "webapps/hdfs/WEB-INF/web.xml";

  private HadoopWebapps() {}

  /** Copies every {@code webapps/} entry into {@code home}, which then goes on the daemons' class path. */
  public static void copyTo(Path home) throws IOException {
    URL marker = HadoopWebapps.class.getClassLoader().getResource(MARKER);
    if (marker == null) {
      throw new IOException("Hadoop's web UI files (" + MARKER + ") are not on this JVM's class path; they ship in"
          + " the hadoop-hdfs tests jar (org.apache.hadoop:hadoop-hdfs:test-jar), which the testbed depends on");
    }
    if (!(marker.openConnection() instanceof JarURLConnection jar)) {
      throw new IOException("expected " + MARKER + " inside a jar, found " + marker);
    }
    try (JarFile file = new JarFile(jar.getJarFileURL().getPath())) {
      Enumeration<JarEntry> entries = file.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        if (entry.getName().startsWith("webapps/") && !entry.isDirectory()) {
          Path target = home.resolve(entry.getName()).normalize();
          if (!target.startsWith(home)) {
            continue;
          }
          Files.createDirectories(target.getParent());
          try (InputStream in = file.getInputStream(entry)) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
          }
        }
      }
    }
  }
}
