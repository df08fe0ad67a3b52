/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.secure;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A Kerberos realm for tests: Hadoop's {@link MiniKdc} with the HDFS service principal every embedded daemon logs
 * in as, and any number of further principals (an intruder, a user), each with its own keytab.
 *
 * <p>All daemons of an embedded cluster share one JVM, and Hadoop keeps one login user per JVM, so the NameNode
 * and the DataNodes use one service principal, {@code hdfs/192.0.2.1}, configured without {@code _HOST}. Its
 * instance is a documentation address (TEST-NET-1) on purpose: a Kerberos IPC client binds its socket to its
 * principal's host when that host is a local address, and the testbed has already bound every DataNode's
 * sockets to the DataNode's own loopback address, so a local host such as {@code localhost} would make every
 * DataNode's connection fail ("already bound"). A non-local literal is never bound to and needs no DNS.
 */
public final class KerberosRealm implements AutoCloseable {

  /** The instance of every principal made here. */
  public static final String HOST = "192.0.2.1";

  /** The instance of the SPNEGO principal: the web servers' host name. */
  private static final String WEB_HOST = "localhost";

  private final MiniKdc kdc;
  private final Path dir;
  private final Principal service;
  private final String spnego;

  /** A principal and the keytab holding its key. */
  public record Principal(String name, Path keytab) {}

  private KerberosRealm(MiniKdc kdc, Path dir, Principal service, String spnego) {
    this.kdc = kdc;
    this.dir = dir;
    this.service = service;
    this.spnego = spnego;
  }

  /** Starts a KDC working in {@code dir} (which it fills with its database, krb5.conf and keytabs). */
  public static KerberosRealm start(Path dir) throws Exception {
    Files.createDirectories(dir);
    Properties conf = MiniKdc.createConf();
    MiniKdc kdc = new MiniKdc(conf, dir.toFile());
    kdc.start();
    try {
      File keytab = dir.resolve("hdfs.keytab").toFile();
      kdc.createPrincipal(keytab, "hdfs/" + HOST, "HTTP/" + WEB_HOST);
      Principal service = new Principal("hdfs/" + HOST + "@" + kdc.getRealm(), keytab.toPath());
      return new KerberosRealm(kdc, dir, service, "HTTP/" + WEB_HOST + "@" + kdc.getRealm());
    } catch (Exception e) {
      kdc.stop();
      throw e;
    }
  }

  /** The principal of the NameNode and the DataNodes, with the keytab that also holds the SPNEGO key. */
  public Principal service() {
    return service;
  }

  /** The web (SPNEGO) principal, whose key is in {@link #service()}'s keytab. */
  public String spnegoPrincipal() {
    return spnego;
  }

  /** A new principal {@code name/192.0.2.1} with its own keytab. */
  public Principal newPrincipal(String name) throws Exception {
    File keytab = dir.resolve(name + ".keytab").toFile();
    kdc.createPrincipal(keytab, name + "/" + HOST);
    return new Principal(name + "/" + HOST + "@" + kdc.getRealm(), keytab.toPath());
  }

  /**
   * Logs {@code principal} in without touching the JVM's login user (the daemons'), for a test that acts as
   * someone else inside {@code doAs}.
   */
  public static UserGroupInformation login(Principal principal) throws IOException {
    return UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal.name(), principal.keytab().toString());
  }

  @Override
  public void close() {
    kdc.stop();
  }
}
