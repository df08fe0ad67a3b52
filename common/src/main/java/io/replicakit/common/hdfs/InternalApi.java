/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.util.VersionInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Hadoop classes, fields and methods one adaptor uses, declared next to it, and the start-up check that they
 * are all there. HDFS's internals change between releases without notice; an adaptor compiled against one
 * release and run on another fails only when a thread first reaches the changed call, with a
 * {@code NoSuchMethodError} in a DataNode thread. {@link #check()} resolves every declared member by reflection
 * when the plugin starts, so a mismatch stops the plugin's start with one message that names the adaptor, the
 * Hadoop version and every missing member; a version other than the one the adaptor was built and tested for is
 * only warned about, and the member check decides.
 *
 * <p>A list is written the way the members read in Java, with the declared types' short names (nested types as
 * {@code Outer.Inner}), JDK types of the common packages by simple name, anything else fully qualified:
 * <pre>
 *   InternalApi.builder("Pfimbi DataNode adaptor", DataNodeInternals.class)
 *       .types("org.apache.hadoop.hdfs.server.datanode.DataNode", "org.apache.hadoop.hdfs.protocol.DatanodeID")
 *       .members("DatanodeID DataNode.getDNRegistrationForBP(String)",   // a method: return type first
 *           "int PacketHeader.PKT_MAX_HEADER_LEN",                        // a field
 *           "new DatanodeID(String, String, String, int, int, int, int)") // a constructor
 *       .build();
 * </pre>
 * Return and field types are part of the check because the JVM links by full descriptor: a changed return type
 * is a {@code NoSuchMethodError} too. {@link #undeclared} compares the list with an adaptor's bytecode, which is
 * how each adaptor's unit test keeps the list complete.
 */
public final class InternalApi {

  /** The Hadoop release line every ReplicaKit adaptor is built and tested against. */
  public static final String TESTED_LINE = "3.5";

  private static final Logger LOG = LoggerFactory.getLogger(InternalApi.class);
  static final String HADOOP = "org.apache.hadoop.";
  static final List<String> JDK_PACKAGES = List.of("java.lang.", "java.util.", "java.util.function.",
      "java.util.concurrent.", "java.io.", "java.net.", "java.nio.");

  private final String adaptor;
  private final Class<?> anchor;
  private final Set<String> types;
  private final List<Member> members;
  private volatile boolean verified;

  private InternalApi(String adaptor, Class<?> anchor, Set<String> types, List<Member> members) {
    this.adaptor = adaptor;
    this.anchor = anchor;
    this.types = types;
    this.members = members;
  }

  /**
   * A list for {@code adaptor} (named in messages: "Pfimbi NameNode adaptor"), resolved with the class loader of
   * {@code anchor}, the class that declares the list.
   */
  public static Builder builder(String adaptor, Class<?> anchor) {
    return new Builder(adaptor, anchor);
  }

  public String adaptor() {
    return adaptor;
  }

  /**
   * Checks the running Hadoop (once per list and JVM when it passes).
   *
   * @throws UnsupportedHadoopException naming every declared type or member that does not resolve
   */
  public void check() {
    if (verified) {
      return;
    }
    check(VersionInfo.getVersion(), anchor.getClassLoader());
    verified = true;
  }

  /** {@link #check()} against a given version string and class loader (not remembered). */
  public void check(String hadoopVersion, ClassLoader loader) {
    List<String> missing = missing(loader);
    if (!missing.isEmpty()) {
      throw new UnsupportedHadoopException("ReplicaKit's " + adaptor + " does not fit Hadoop " + hadoopVersion
          + " (built and tested for " + TESTED_LINE + ".x): " + missing.size() + " of the "
          + (types.size() + members.size()) + " Hadoop types and members it uses are missing or changed: "
          + String.join("; ", missing));
    }
    versionWarning(hadoopVersion).ifPresent(LOG::warn);
  }

  /** The warning for a Hadoop version outside {@link #TESTED_LINE}, when the members resolved there. */
  public Optional<String> versionWarning(String hadoopVersion) {
    if (testedOn(hadoopVersion)) {
      return Optional.empty();
    }
    return Optional.of("ReplicaKit's " + adaptor + " was built and tested for Hadoop " + TESTED_LINE
        + ".x; this is Hadoop " + hadoopVersion + ". The " + (types.size() + members.size())
        + " Hadoop types and members it uses resolve, but their behaviour on this version is untested");
  }

  static boolean testedOn(String hadoopVersion) {
    return hadoopVersion != null
        && (hadoopVersion.equals(TESTED_LINE) || hadoopVersion.startsWith(TESTED_LINE + "."));
  }

  /** Every declared type and member that does not resolve with {@code loader}, as written in the list. */
  public List<String> missing(ClassLoader loader) {
    List<String> missing = new ArrayList<>();
    for (String type : types) {
      if (Resolver.load(type, loader) == null) {
        missing.add("class " + type);
      }
    }
    for (Member m : members) {
      Resolver.problem(m, loader).ifPresent(missing::add);
    }
    return missing;
  }

  /**
   * The Hadoop types and members that {@code classes} (and the classes nested in them) use but the list does not
   * declare, each written as a list entry: those their bytecode names, those they call through themselves but
   * inherit from a Hadoop class, and the Hadoop methods they override (a changed signature there would leave
   * Hadoop calling its own method instead). Empty when the list is complete for those classes.
   */
  public List<String> undeclared(Class<?>... classes) {
    Set<String> keys = new LinkedHashSet<>();
    members.forEach(m -> keys.add(m.key()));
    return BytecodeAudit.undeclared(types, keys, classes);
  }

  /** A declared field, method or constructor ({@code <init>}), in JVM terms, with the text it was declared as. */
  record Member(boolean field, String owner, String name, String descriptor, String text) {

    String key() {
      return key(owner, name, descriptor);
    }

    static String key(String owner, String name, String descriptor) {
      return owner + "#" + name + descriptor;
    }
  }

  /** Collects and parses a list; a malformed entry fails {@link #build()} naming it. */
  public static final class Builder {

    private final String adaptor;
    private final Class<?> anchor;
    private final Set<String> types = new LinkedHashSet<>();
    private final List<String> signatures = new ArrayList<>();

    private Builder(String adaptor, Class<?> anchor) {
      this.adaptor = adaptor;
      this.anchor = anchor;
    }

    /** Classes by binary name ({@code org.apache.hadoop.hdfs.server.namenode.FSDirectory$DirOp}). */
    public Builder types(String... binaryNames) {
      types.addAll(Arrays.asList(binaryNames));
      return this;
    }

    /** Fields, methods and constructors, in the form shown in the class comment. */
    public Builder members(String... declarations) {
      signatures.addAll(Arrays.asList(declarations));
      return this;
    }

    public InternalApi build() {
      Map<String, String> byShortName = new LinkedHashMap<>();
      for (String type : types) {
        String previous = byShortName.put(Signatures.shortName(type), type);
        if (previous != null) {
          throw new IllegalArgumentException(adaptor + ": " + previous + " and " + type + " have the same short "
              + "name; write one of them fully qualified in the members");
        }
      }
      List<Member> members = new ArrayList<>();
      for (String s : signatures) {
        members.add(Signatures.parse(s, byShortName, adaptor));
      }
      return new InternalApi(adaptor, anchor, Set.copyOf(types), List.copyOf(members));
    }
  }
}
