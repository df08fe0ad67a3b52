/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static io.replicakit.bench.pfimbi.PfimbiVariant.HDFS_11_SETREP;
import static io.replicakit.bench.pfimbi.PfimbiVariant.HDFS_33;
import static io.replicakit.bench.pfimbi.PfimbiVariant.PFIMBI_31;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PfimbiExperimentTest {

  @Test
  void eachRepetition_startsWithTheNextVariant_soNoneAlwaysRunsFirst() {
    List<PfimbiVariant> given = List.of(HDFS_33, PFIMBI_31, HDFS_11_SETREP);
    assertEquals(given, PfimbiExperiment.runOrder(given, 1));
    assertEquals(List.of(PFIMBI_31, HDFS_11_SETREP, HDFS_33), PfimbiExperiment.runOrder(given, 2));
    assertEquals(List.of(HDFS_11_SETREP, HDFS_33, PFIMBI_31), PfimbiExperiment.runOrder(given, 3));
    assertEquals(given, PfimbiExperiment.runOrder(given, 4));
    assertEquals(List.of(PFIMBI_31), PfimbiExperiment.runOrder(List.of(PFIMBI_31), 2));
  }
}
