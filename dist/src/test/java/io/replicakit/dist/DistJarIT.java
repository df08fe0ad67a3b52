/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The installable jar ({@code replicakit-VERSION.jar}) after {@code package}: what is in it, and that its
 * plugins link and sample the machine with nothing but Hadoop's own jars beside it.
 */
class DistJarIT {

  /**
   * Our classes that must live in a Hadoop package: BlockPlacementPolicy.initialize takes a package-private type,
   * and the topology's read lock and root are package-private (the placement policies' one-walk leaf snapshot).
   */
  static final Set<String> HDFS_PACKAGE_CLASSES = Set.of(
      "org/apache/hadoop/net/ReplicaKitTopology.class",
      "org/apache/hadoop/hdfs/server/blockmanagement/PfimbiPlacementPolicy.class",
      "org/apache/hadoop/hdfs/server/blockmanagement/PfimbiBlocks.class",
      "org/apache/hadoop/hdfs/server/blockmanagement/PfimbiBlocks$Writes.class",
      "org/apache/hadoop/hdfs/server/blockmanagement/ReplicaKitPlacementPolicy.class");

  /** Entry points an operator names in hdfs-site.xml or on the command line. */
  static final List<String> ENTRY_CLASSES = List.of(
      "io.replicakit.pfimbi.namenode.PfimbiNameNodePlugin",
      "io.replicakit.pfimbi.datanode.ReplicationManagerPlugin",
      "io.replicakit.write.WriteModeFileSystem",
      "io.replicakit.write.relay.WriteRelayPlugin",
      "org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy",
      "io.replicakit.read.hdfs.ReplicaKitNetworkTopology",
      "io.replicakit.metrics.namenode.SystemStatePlugin",
      "io.replicakit.metrics.datanode.MetricsReporterPlugin",
      "io.replicakit.placement.analysis.PlacementPolicies",
      "io.replicakit.placement.policy.BalancedBlockPlacementPolicy",
      "io.replicakit.placement.policy.StateAwareBlockPlacementPolicy",
      "io.replicakit.placement.tools.PlacementReportTool",
      "io.replicakit.metrics.query.MetricsTool",
      "io.replicakit.pfimbi.tools.PfimbiCheck",
      "io.replicakit.balancer.BalancerTool",
      "io.replicakit.tools.ReplicaKitTools");

  /** Where our own module packages and the bundled libraries may be. */
  static final List<String> OWN_PREFIXES = List.of(
      "io/replicakit/common/", "io/replicakit/metrics/", "io/replicakit/read/", "io/replicakit/placement/",
      "io/replicakit/pfimbi/", "io/replicakit/write/", "io/replicakit/balancer/", "io/replicakit/tools/");
  static final String OSHI = "io/replicakit/shaded/oshi/";
  static final String JNA = "io/replicakit/shaded/jna/com/sun/jna/";

  static Path jar;
  static Set<String> entries;

  @TempDir
  Path tmp;

  @BeforeAll
  static void openJar() throws IOException {
    jar = Path.of(System.getProperty("distjarit.jar"));
    assertTrue(Files.isRegularFile(jar), "package builds " + jar);
    entries = new TreeSet<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      file.stream().map(JarEntry::getName).forEach(entries::add);
    }
  }

  @Test
  void holdsEveryClassOfEveryDaemonModule() throws IOException {
    List<String> missing = new ArrayList<>();
    int seen = 0;
    for (String module : System.getProperty("distjarit.modules").split(",")) {
      Path classes = Path.of(module.trim());
      assertTrue(Files.isDirectory(classes), "module classes at " + classes);
      try (Stream<Path> files = Files.walk(classes)) {
        for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
          seen++;
          String name = classes.relativize(f).toString().replace(File.separatorChar, '/');
          if (!entries.contains(name)) {
            missing.add(name);
          }
        }
      }
    }
    assertTrue(seen > 300, "found the modules' classes (" + seen + ")");
    assertEquals(List.of(), missing, "module classes missing from the jar");
    for (String entry : ENTRY_CLASSES) {
      assertTrue(entries.contains(entry.replace('.', '/') + ".class"), entry);
    }
  }

  @Test
  void everyClassIsOursRelocatedOrAListedHdfsPackageClass() {
    List<String> foreign = new ArrayList<>();
    int oshi = 0;
    int jna = 0;
    for (String e : entries) {
      if (!e.endsWith(".class")) {
        continue;
      }
      if (e.startsWith(OSHI)) {
        oshi++;
      } else if (e.startsWith(JNA)) {
        jna++;
      } else if (OWN_PREFIXES.stream().noneMatch(e::startsWith) && !HDFS_PACKAGE_CLASSES.contains(e)) {
        foreign.add(e);
      }
    }
    assertEquals(List.of(), foreign, "classes neither ours, nor relocated, nor listed");
    assertTrue(oshi > 300, "OSHI relocated under " + OSHI + " (" + oshi + " classes)");
    assertTrue(jna > 300, "JNA and jna-platform in the private folder (" + jna + " classes)");
    assertTrue(entries.contains(OSHI + "SystemInfo.class"));
    assertTrue(entries.contains(JNA + "Native.class"));
    assertTrue(entries.contains(JNA + "platform/linux/Udev.class"), "jna-platform, which OSHI needs on Linux");
  }

  /**
   * Relocated OSHI refers to com.sun.jna, so it links only in the private JNA loader. Of our classes, only the
   * bridge {@code RealOshiSystem} (defined by that loader) may name OSHI's types; any other class naming them
   * would load OSHI in the daemon's loader, away from its JNA.
   */
  @Test
  void onlyTheBridgeClassNamesOshiTypes() throws IOException {
    byte[] needle = "io/replicakit/shaded/oshi/".getBytes(StandardCharsets.UTF_8);
    List<String> naming = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (String e : entries) {
        if (e.endsWith(".class") && OWN_PREFIXES.stream().anyMatch(e::startsWith)
            && contains(file.getInputStream(file.getEntry(e)).readAllBytes(), needle)) {
          naming.add(e);
        }
      }
    }
    assertEquals(List.of("io/replicakit/metrics/oshi/RealOshiSystem.class"), naming);
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Test
  void nothingOfHadoopsOrOtherLibrariesInside() {
    for (String e : entries) {
      assertFalse(e.startsWith("org/apache/hadoop/") && !HDFS_PACKAGE_CLASSES.contains(e)
          && !e.endsWith("/"), e);
      for (String banned : List.of("com/google/protobuf", "org/slf4j", "org/apache/log4j", "org/apache/logging",
          "io/replicakit/testbed", "io/replicakit/bench", "org/junit", "com/google/common")) {
        assertFalse(e.contains(banned), "no " + banned + ": " + e);
      }
      // Top-level third-party resources would clash with other jars on the daemon's class path; the key
      // reference is ours, named for ReplicaKit (DefaultXmlIT).
      assertTrue(e.startsWith("io/") || e.startsWith("META-INF/") || e.startsWith("org/")
          || e.equals("replicakit-default.xml"), e);
    }
  }

  @Test
  void servicesNameClassesInsideAndNoTestbedProvider() throws IOException {
    String services = "META-INF/services/io.replicakit.common.sysstate.SourceProvider";
    assertTrue(entries.contains(services));
    try (JarFile file = new JarFile(jar.toFile())) {
      for (String e : entries) {
        if (!e.startsWith("META-INF/services/") || e.endsWith("/")) {
          continue;
        }
        String text = new String(file.getInputStream(file.getEntry(e)).readAllBytes(), StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
          String provider = line.replaceAll("#.*", "").trim();
          if (!provider.isEmpty()) {
            assertTrue(entries.contains(provider.replace('.', '/') + ".class"), e + " names " + provider);
            assertFalse(provider.startsWith("io.replicakit.testbed"), provider);
          }
        }
      }
      assertEquals("io.replicakit.tools.ReplicaKitTools",
          file.getManifest().getMainAttributes().getValue("Main-Class"));
    }
  }

  @Test
  void keepsTheBundledLibrariesLicenses() {
    for (String license : List.of("io/replicakit/shaded/jna/META-INF/LICENSE",
        "io/replicakit/shaded/jna/META-INF/AL2.0",
        "io/replicakit/shaded/jna/META-INF/LGPL2.1", "META-INF/licenses/oshi/LICENSE", "META-INF/NOTICE")) {
      assertTrue(entries.contains(license), license);
    }
  }

  /**
   * A daemon's view: one class loader holding Hadoop's jars (this module's provided class path), the JNA 5.2.0
   * Hadoop ships for the NodeManager, and the jar, as {@code share/hadoop/hdfs/lib} or {@code HADOOP_CLASSPATH}
   * put it; nothing of the test's class path. The placement wrapper must share that loader with hadoop-hdfs: it
   * calls {@code BlockPlacementPolicy}'s protected methods from HDFS's package, which a child loader would make a
   * different runtime package.
   */
  @Test
  void pluginsLinkAndOshiSamplesWithOnlyHadoopBeside() throws Exception {
    List<URL> hadoop = new ArrayList<>();
    String hadoopClasspath = Files.readString(Path.of(System.getProperty("distjarit.hadoop.classpath"))).trim();
    for (String p : hadoopClasspath.split(File.pathSeparator)) {
      assertFalse(p.contains("oshi") || p.contains("/jna/") || p.contains("replicakit"), "Hadoop alone: " + p);
      hadoop.add(Path.of(p).toUri().toURL());
    }
    URL hadoopJna = Path.of(System.getProperty("distjarit.hadoop.jna")).toUri().toURL();
    hadoop.add(hadoopJna);
    ClassLoader platform = ClassLoader.getPlatformClassLoader();
    List<URL> daemonPath = new ArrayList<>(hadoop);
    daemonPath.add(jar.toUri().toURL());
    try (URLClassLoader daemon = new URLClassLoader("daemon", daemonPath.toArray(URL[]::new), platform)) {
      for (String entry : ENTRY_CLASSES) {
        Class<?> c = Class.forName(entry, true, daemon);
        assertEquals(jar.toUri().toURL(), c.getProtectionDomain().getCodeSource().getLocation(), entry);
      }
      Class<?> hadoopsJna = Class.forName("com.sun.jna.Native", false, daemon);
      assertEquals(hadoopJna, hadoopsJna.getProtectionDomain().getCodeSource().getLocation(),
          "the daemon's own com.sun.jna is Hadoop's 5.2.0");

      Class<?> providerType = Class.forName("io.replicakit.common.sysstate.SourceProvider", false, daemon);
      Object oshi = null;
      for (Object p : ServiceLoader.load(providerType, daemon)) {
        if ("oshi".equals(providerType.getMethod("name").invoke(p))) {
          oshi = p;
        }
      }
      assertNotNull(oshi, "the oshi source provider is registered under its unrelocated name");
      Object host = ((Optional<?>) providerType.getMethod("openHost",
          Class.forName("io.replicakit.common.sysstate.SourceSettings", false, daemon)).invoke(oshi, (Object) null))
          .orElseThrow();
      Method read = host.getClass().getMethod("read");
      read.setAccessible(true);
      Object first = read.invoke(host);
      Thread.sleep(300);
      Object second = read.invoke(host);
      long total1 = (long) first.getClass().getMethod("cpuTotalTicks").invoke(first);
      long total2 = (long) second.getClass().getMethod("cpuTotalTicks").invoke(second);
      long memory = (long) second.getClass().getMethod("memoryTotalBytes").invoke(second);
      assertTrue(total1 > 0 && total2 >= total1, "CPU ticks " + total1 + " then " + total2);
      assertTrue(memory > 0, "memory " + memory);

      // JNA as OSHI uses it: our 5.15 in its own loader, native library loaded from the jar's private folder.
      Class<?> runtime = Class.forName("io.replicakit.metrics.oshi.OshiRuntime", false, daemon);
      assertTrue((boolean) runtime.getMethod("isolated").invoke(null));
      Method loaderOf = runtime.getDeclaredMethod("isolatedLoader");
      loaderOf.setAccessible(true);
      ClassLoader jnaLoader = (ClassLoader) loaderOf.invoke(null);
      Class<?> ourJna = Class.forName("com.sun.jna.Native", true, jnaLoader);
      assertNotSame(hadoopsJna, ourJna);
      java.lang.reflect.Field version = ourJna.getField("VERSION");
      version.setAccessible(true);
      assertEquals("5.15.0", version.get(null), "the JNA OSHI is built against");
      Class<?> memoryClass = Class.forName("com.sun.jna.Memory", true, jnaLoader);
      Object block = memoryClass.getConstructor(long.class).newInstance(16L);
      memoryClass.getMethod("setLong", long.class, long.class).invoke(block, 8L, 0x5EEDL);
      assertEquals(0x5EEDL, memoryClass.getMethod("getLong", long.class).invoke(block, 8L), "native memory via JNA");
      Class<?> systemInfo = Class.forName("io.replicakit.shaded.oshi.SystemInfo", false, jnaLoader);
      assertEquals(jnaLoader, systemInfo.getClassLoader());

      // A volume on a real directory maps to its device (or is reported without I/O on tmpfs/overlay).
      Path volumeDir = Files.createDirectories(tmp.resolve("volume"));
      Object volumes = ((Optional<?>) providerType.getMethod("openVolumes",
          Class.forName("io.replicakit.common.sysstate.SourceSettings", false, daemon)).invoke(oshi, (Object) null))
          .orElseThrow();
      Class<?> refType = Class.forName("io.replicakit.common.sysstate.VolumeRef", false, daemon);
      Object ref = refType.getConstructor(String.class, String.class, String.class)
          .newInstance("DS-dist-it", "DISK", volumeDir.toString());
      Method readVolumes = volumes.getClass().getMethod("read", List.class);
      readVolumes.setAccessible(true);
      List<?> counters = (List<?>) readVolumes.invoke(volumes, List.of(ref));
      assertEquals(1, counters.size(), String.valueOf(counters));
    }
  }

  /** Why installation means the daemon's class path: from a child class loader the placement wrapper cannot link. */
  @Test
  void placementWrapperNeedsTheDaemonsOwnClassLoader() throws Exception {
    List<URL> hadoop = new ArrayList<>();
    String hadoopClasspath = Files.readString(Path.of(System.getProperty("distjarit.hadoop.classpath"))).trim();
    for (String p : hadoopClasspath.split(File.pathSeparator)) {
      hadoop.add(Path.of(p).toUri().toURL());
    }
    try (URLClassLoader hadoopLoader = new URLClassLoader("hadoop", hadoop.toArray(URL[]::new),
             ClassLoader.getPlatformClassLoader());
         URLClassLoader child = new URLClassLoader("child", new URL[] {jar.toUri().toURL()}, hadoopLoader)) {
      assertThrows(VerifyError.class, () -> Class.forName(
          "org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy", true, child));
      // The other plugins do not reach into HDFS's packages and link either way.
      Class.forName("io.replicakit.read.hdfs.ReplicaKitNetworkTopology", true, child);
      Class.forName("io.replicakit.metrics.datanode.MetricsReporterPlugin", true, child);
      // The balancer (run by `hadoop jar`, a child loader) reaches the dispatcher's package-private members by
      // reflection, which a child loader allows; a class in HDFS's package would fail with IllegalAccessError.
      java.lang.reflect.Method open = Class.forName("io.replicakit.balancer.hdfs.DispatcherAccess", true, child)
          .getDeclaredMethod("open");
      open.setAccessible(true);
      assertNotNull(open.invoke(null));
    }
  }
}
