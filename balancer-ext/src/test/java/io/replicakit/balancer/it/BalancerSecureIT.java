/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.balancer.BalancerTool;
import io.replicakit.testbed.secure.KerberosRealm;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a Kerberos cluster the balancer logs in from its keytab when {@code dfs.balancer.keytab.enabled}, as HDFS's
 * Balancer does, instead of living on a ticket cache (its own JVM: Failsafe forks one per class).
 */
class BalancerSecureIT {

  @TempDir
  Path dir;

  @Test
  void keytabEnabled_logsInFromTheKeytab_asHdfsBalancerDoes() throws Exception {
    try (KerberosRealm realm = KerberosRealm.start(dir.resolve("kdc"))) {
      KerberosRealm.Principal balancer = realm.newPrincipal("balancer");
      Configuration conf = new Configuration();
      conf.set(CommonConfigurationKeysPublic.HADOOP_SECURITY_AUTHENTICATION, "kerberos");
      conf.setBoolean(DFSConfigKeys.DFS_BALANCER_KEYTAB_ENABLED_KEY, true);
      conf.set(DFSConfigKeys.DFS_BALANCER_KEYTAB_FILE_KEY, balancer.keytab().toString());
      conf.set(DFSConfigKeys.DFS_BALANCER_KERBEROS_PRINCIPAL_KEY, balancer.name());
      // no NameNode: the run ends after the login, at its first call, as HDFS's Balancer's would
      conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, "hdfs://localhost:1");
      conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      int code = ToolRunner.run(conf, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
          new String[] {"-threshold", "10"});

      assertEquals(-4, code, "IO_EXCEPTION without a NameNode: " + out);
      UserGroupInformation login = UserGroupInformation.getLoginUser();
      assertEquals(balancer.name(), login.getUserName());
      assertTrue(login.isFromKeytab(), "logged in from the keytab");
    }
  }
}
