/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceProviderTest {

  /** A provider that loads. */
  public static final class Working implements SourceProvider {
    @Override
    public String name() {
      return "working";
    }
  }

  /** A provider whose constructor fails. */
  public static final class Failing implements SourceProvider {
    public Failing() {
      throw new IllegalStateException("no counters here");
    }

    @Override
    public String name() {
      return "failing";
    }
  }

  /**
   * A service file naming a missing class and a provider that cannot be constructed: both skipped (ServiceLoader
   * throws an Error for each), the provider that loads still found.
   */
  @Test
  void brokenProviders_areSkipped_andTheWorkingOneIsFound(@TempDir Path dir) throws IOException {
    Path services = dir.resolve("META-INF/services");
    Files.createDirectories(services);
    Files.writeString(services.resolve(SourceProvider.class.getName()), "no.such.Provider\n"
        + Failing.class.getName() + "\n" + Working.class.getName() + "\n");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
        SourceProviderTest.class.getClassLoader())) {
      List<String> names = SourceProvider.all(loader).stream().map(SourceProvider::name).toList();
      assertEquals(List.of("working"), names.stream().filter(n -> !n.equals("testbed") && !n.equals("oshi"))
          .toList());
    }
  }
}
