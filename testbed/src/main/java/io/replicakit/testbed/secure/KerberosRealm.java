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
 * and the DataNodes use one service principal, {@code hdfs/localhost}. It names {@code localhost} rather than
 * {@code _HOST} because the testbed gives every DataNode its own loopback address: with {@code _HOST}, each
 * address would need its own principal and reverse DNS entry.
 */
public final class KerberosRealm implements AutoCloseable {

  /** The instance of every principal made here. */
  public static final String HOST = "localhost";

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
      kdc.createPrincipal(keytab, "hdfs/" + HOST, "HTTP/" + HOST);
      Principal service = new Principal("hdfs/" + HOST + "@" + kdc.getRealm(), keytab.toPath());
      return new KerberosRealm(kdc, dir, service, "HTTP/" + HOST + "@" + kdc.getRealm());
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

  /** A new principal {@code name/localhost} with its own keytab. */
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
