/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.secure;

import io.replicakit.testbed.cluster.ClusterDirs;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.SpecParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.http.HttpConfig;
import org.apache.hadoop.security.SaslRpcServer.QualityOfProtection;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;

/**
 * The settings of a secure embedded cluster, in one place for every module's secure integration tests:
 * Kerberos for every daemon and client, block access tokens, SASL on the data-transfer protocol, service-level
 * authorization, and RPC privacy. A DataNode that is neither on privileged ports nor behind SASL data transfer
 * with HTTPS refuses to start in a Kerberos cluster, so the web servers run HTTPS-only with a throwaway key store
 * made by Hadoop's {@link KeyStoreTestUtil}, as Hadoop's own secure data-transfer tests do.
 */
public final class SecureHdfs {

  /** RPC protection of every Hadoop IPC connection in the cluster (including ReplicaKit's own servers). */
  public static final String RPC_PROTECTION = QualityOfProtection.PRIVACY.name().toLowerCase();
  /** SASL protection of block data between clients and DataNodes. */
  public static final String DATA_TRANSFER_PROTECTION = QualityOfProtection.INTEGRITY.name().toLowerCase();

  private SecureHdfs() {}

  /**
   * The {@code small} spec cut to {@code dataNodes} DataNodes, one per rack: a secure cluster starts slower, so
   * secure tests run on as few nodes as their claim needs.
   */
  public static ClusterSpec spec(int dataNodes) {
    Properties props = ClusterSpecs.properties("small");
    props.setProperty(SpecParser.NAME, "secure-" + dataNodes);
    props.setProperty(SpecParser.DATANODES, Integer.toString(dataNodes));
    props.setProperty(SpecParser.RACKS, Integer.toString(dataNodes));
    props.remove(SpecParser.RACK_SIZES);
    props.setProperty(SpecParser.CAPACITIES, "2g*" + dataNodes);
    return SpecParser.parse(props, "secure-" + dataNodes);
  }

  /**
   * {@code options} with the security settings added, and the JVM's Hadoop security set up for them (the key
   * stores written, Kerberos authentication on for this JVM's clients).
   *
   * @param classpathAnchor a class of the calling test: the SSL client and server files go to its class-path
   *     directory, because HDFS loads them as class-path resources
   */
  public static ClusterOptions secure(ClusterOptions options, KerberosRealm realm, Class<?> classpathAnchor)
      throws Exception {
    Configuration conf = new Configuration(false);
    settings(conf, realm);
    // The key stores go into the cluster's directory before the cluster starts: claim it first, or the start would
    // find it not empty and unmarked and refuse it.
    ClusterDirs.claim(options.baseDir());
    sslSettings(conf, options.baseDir().resolve("keystores"), classpathAnchor);
    ClusterOptions secured = options;
    for (java.util.Map.Entry<String, String> e : conf) {
      secured = secured.with(e.getKey(), e.getValue());
    }
    Configuration ugiConf = new Configuration();
    settings(ugiConf, realm);
    UserGroupInformation.setConfiguration(ugiConf);
    return secured;
  }

  /**
   * Stops a secure test's cluster, then its KDC (either may be null: a start that failed part-way), so that the
   * daemons never outlive the realm they authenticate against.
   */
  public static void stop(AutoCloseable cluster, KerberosRealm realm) throws Exception {
    try {
      if (cluster != null) {
        cluster.close();
      }
    } finally {
      if (realm != null) {
        realm.close();
      }
    }
  }

  private static void settings(Configuration conf, KerberosRealm realm) {
    String principal = realm.service().name();
    String keytab = realm.service().keytab().toString();
    conf.set(CommonConfigurationKeys.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
    conf.setBoolean(CommonConfigurationKeys.HADOOP_SECURITY_AUTHORIZATION, true);
    conf.set(CommonConfigurationKeys.HADOOP_RPC_PROTECTION, RPC_PROTECTION);
    conf.set(DFSConfigKeys.DFS_NAMENODE_KERBEROS_PRINCIPAL_KEY, principal);
    conf.set(DFSConfigKeys.DFS_NAMENODE_KEYTAB_FILE_KEY, keytab);
    conf.set(DFSConfigKeys.DFS_DATANODE_KERBEROS_PRINCIPAL_KEY, principal);
    conf.set(DFSConfigKeys.DFS_DATANODE_KEYTAB_FILE_KEY, keytab);
    conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_PRINCIPAL_KEY, realm.spnegoPrincipal());
    conf.set(DFSConfigKeys.DFS_WEB_AUTHENTICATION_KERBEROS_KEYTAB_KEY, keytab);
    conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
    conf.set(DFSConfigKeys.DFS_DATA_TRANSFER_PROTECTION_KEY, DATA_TRANSFER_PROTECTION);
    // Kerberos replay detection can refuse several daemons' first connections in one JVM; Hadoop's own secure
    // tests allow the same retries.
    conf.setInt(CommonConfigurationKeys.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SASL_KEY, 10);
  }

  private static void sslSettings(Configuration conf, Path keystores, Class<?> classpathAnchor) throws Exception {
    Files.createDirectories(keystores);
    conf.set(DFSConfigKeys.DFS_HTTP_POLICY_KEY, HttpConfig.Policy.HTTPS_ONLY.name());
    conf.set(DFSConfigKeys.DFS_NAMENODE_HTTPS_ADDRESS_KEY, "localhost:0");
    conf.set(DFSConfigKeys.DFS_DATANODE_HTTPS_ADDRESS_KEY, "localhost:0");
    String sslConfDir = KeyStoreTestUtil.getClasspathDir(classpathAnchor);
    KeyStoreTestUtil.setupSSLConfig(keystores.toString(), sslConfDir, conf, false);
    conf.set(DFSConfigKeys.DFS_CLIENT_HTTPS_KEYSTORE_RESOURCE_KEY, KeyStoreTestUtil.getClientSSLConfigFileName());
    conf.set(DFSConfigKeys.DFS_SERVER_HTTPS_KEYSTORE_RESOURCE_KEY, KeyStoreTestUtil.getServerSSLConfigFileName());
  }
}
