/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

class InternalApiTest {

  private static final ClassLoader LOADER = InternalApiTest.class.getClassLoader();

  private static InternalApi.Builder hadoopCommon() {
    return InternalApi.builder("test adaptor", InternalApiTest.class)
        .types("org.apache.hadoop.conf.Configuration", "org.apache.hadoop.util.Time",
            "org.apache.hadoop.util.VersionInfo", "org.apache.hadoop.conf.Configured");
  }

  @Test
  void declaredMembers_resolveOnTheHadoopOfTheClasspath() {
    InternalApi api = hadoopCommon().members(
        "long Time.monotonicNow()",
        "String VersionInfo.getVersion()",
        "new Configuration(boolean)",
        "String Configuration.get(String, String)",
        "Configuration Configured.getConf()",
        "java.util.Iterator Configuration.iterator()").build();
    assertEquals(List.of(), api.missing(LOADER));
    assertDoesNotThrow(() -> api.check(VersionInfo.getVersion(), LOADER));
  }

  @Test
  void inheritedAndInterfaceMembers_resolveThroughTheNamedClass() {
    InternalApi api = hadoopCommon().types("org.apache.hadoop.conf.Configurable").members(
        "void Configured.setConf(Configuration)",                  // declared in the class itself
        "String Configured.toString()",                            // from Object
        "Configuration Configurable.getConf()").build();           // an interface method
    assertEquals(List.of(), api.missing(LOADER));
  }

  @Test
  void aMemberResolves_evenWhenOtherMembersOfItsClassNameMissingTypes() {
    // ProtobufHelper also has getRemoteException(com.google.protobuf.ServiceException), and the unshaded protobuf
    // is not on this class path: the JVM links the one method an adaptor calls, and so must the check.
    InternalApi api = InternalApi.builder("test adaptor", InternalApiTest.class)
        .types("org.apache.hadoop.ipc.ProtobufHelper", "org.apache.hadoop.thirdparty.protobuf.ByteString")
        .members("ByteString ProtobufHelper.getByteString(byte[])").build();
    assertEquals(List.of(), api.missing(LOADER));
    InternalApi needsIt = InternalApi.builder("test adaptor", InternalApiTest.class)
        .types("org.apache.hadoop.ipc.ProtobufHelper")
        .members("java.io.IOException ProtobufHelper.getRemoteException(com.google.protobuf.ServiceException)")
        .build();
    assertEquals(1, needsIt.missing(LOADER).size(), needsIt.missing(LOADER).toString());
  }

  @Test
  void missingMembers_failTheCheckWithOneMessageNamingAdaptorVersionAndEachOne() {
    InternalApi api = hadoopCommon().types("org.apache.hadoop.util.NoSuchHelper").members(
        "long Time.monotonicNow()",
        "long Time.monotonicNowInDays()",        // no such method
        "int Time.now()",                        // exists, but returns long: the JVM would not link it
        "new Configuration(String)",             // no such constructor
        "long Time.NANOSECONDS_PER_MILLISECOND", // exists, as a field
        "int Time.NO_SUCH_FIELD",
        "void NoSuchHelper.help()").build();
    UnsupportedHadoopException e = assertThrows(UnsupportedHadoopException.class, () -> api.check("3.5.0", LOADER));
    String message = e.getMessage();
    assertTrue(message.startsWith("ReplicaKit's test adaptor does not fit Hadoop 3.5.0 (built and tested for 3.5.x)"),
        message);
    for (String missing : List.of("class org.apache.hadoop.util.NoSuchHelper", "long Time.monotonicNowInDays()",
        "int Time.now()", "new Configuration(String)", "int Time.NO_SUCH_FIELD", "void NoSuchHelper.help()")) {
      assertTrue(message.contains(missing), "names " + missing + ": " + message);
    }
    assertTrue(message.contains("6 of the 12 Hadoop types and members"), message);
    assertFalse(message.contains("long Time.monotonicNow();"), message);
    assertFalse(message.contains("NANOSECONDS_PER_MILLISECOND"), message);
  }

  @Test
  void otherHadoopVersion_isWarnedAboutAndTheMembersDecide() {
    InternalApi api = hadoopCommon().members("long Time.monotonicNow()").build();
    assertDoesNotThrow(() -> api.check("3.4.1", LOADER));
    String warning = api.versionWarning("3.4.1").orElseThrow();
    assertTrue(warning.contains("test adaptor") && warning.contains("Hadoop 3.4.1") && warning.contains("3.5.x"),
        warning);
    assertTrue(api.versionWarning("3.5.0").isEmpty());
    assertTrue(api.versionWarning("3.5.2-SNAPSHOT").isEmpty());
    assertTrue(api.versionWarning("3.50.0").isPresent());
    InternalApi broken = hadoopCommon().members("long Time.monotonicNowInDays()").build();
    UnsupportedHadoopException e = assertThrows(UnsupportedHadoopException.class,
        () -> broken.check("3.4.1", LOADER));
    assertTrue(e.getMessage().contains("Hadoop 3.4.1"), e.getMessage());
  }

  @Test
  void malformedEntry_failsTheListNamingIt() {
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> hadoopCommon().members("Token Time.monotonicNow()").build());
    assertTrue(unknown.getMessage().contains("'Token Time.monotonicNow()'")
        && unknown.getMessage().contains("unknown type Token"), unknown.getMessage());
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> hadoopCommon().types("org.apache.hadoop.fs.Path", "org.example.Path").build());
    assertTrue(twice.getMessage().contains("same short name"), twice.getMessage());
  }

  @Test
  void undeclared_namesEveryHadoopReferenceMissingFromTheList() {
    InternalApi partial = hadoopCommon().members("long Time.monotonicNow()", "new Configuration(boolean)").build();
    assertEquals(List.of("member \"String VersionInfo.getVersion()\"", "member \"long Time.now()\"",
        "member \"void Configuration.setInt(String, int)\""), partial.undeclared(InternalApiCaller.class));
    InternalApi complete = hadoopCommon().members("long Time.monotonicNow()", "new Configuration(boolean)",
        "String VersionInfo.getVersion()", "long Time.now()", "void Configuration.setInt(String, int)").build();
    assertEquals(List.of(), complete.undeclared(InternalApiCaller.class));
    InternalApi noTypes = InternalApi.builder("test adaptor", InternalApiTest.class).members(
        "long org.apache.hadoop.util.Time.monotonicNow()").build();
    assertTrue(noTypes.undeclared(InternalApiCaller.class).contains("type org.apache.hadoop.conf.Configuration"),
        noTypes.undeclared(InternalApiCaller.class).toString());
  }

  @Test
  void undeclared_namesInheritedMembersCalledOnItselfAndOverriddenMethods() {
    InternalApi types = InternalApi.builder("test adaptor", InternalApiTest.class)
        .types("org.apache.hadoop.conf.Configured", "org.apache.hadoop.conf.Configuration").build();
    assertEquals(List.of("member \"Configuration Configured.getConf()\"", "member \"new Configured()\"",
        "member \"void Configured.setConf(Configuration)\""), types.undeclared(InternalApiSubclass.class));
  }
}
