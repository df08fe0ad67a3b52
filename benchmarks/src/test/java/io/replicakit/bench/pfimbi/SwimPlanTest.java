/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SwimPlanTest {

  private static final List<SwimTrace.Job> TRACE = SwimTrace.parse("""
      job0\t49\t49\t740773\t2339561\t627471
      job1\t101\t52\t736346\t1700537\t432269
      job2\t122\t21\t0\t0\t127
      job3\t208\t86\t3623279\t0\t98380620
      """);

  @Test
  void theShippedTrace_isTheThesissHundredJobs_aboutThreeHundredGbOfOutput() throws Exception {
    List<SwimTrace.Job> jobs = SwimTrace.fb2009First100();
    assertEquals(100, jobs.size());
    assertEquals("job0", jobs.get(0).name());
    assertEquals("job99", jobs.get(99).name());
    // Thesis §5: "roughly 900GB" written with three copies.
    long output = jobs.stream().mapToLong(SwimTrace.Job::outputBytes).sum();
    assertEquals(324_672, output / 1_000_000);
  }

  @Test
  void jobs_startAtTheirCompressedSubmissionTimes_fromTheFirst() {
    List<SwimPlan.ReplayJob> jobs = new SwimPlan(1, 1, 4, 1 << 20, 6).jobs(TRACE);
    assertEquals(List.of(0L, 13_000L, 18_250L, 39_750L), jobs.stream().map(SwimPlan.ReplayJob::startMs).toList());
  }

  @Test
  void sizes_areMultipliedByTheScale_andDividedByTheDivisor_withSwimsOneKibFloorForOutput() {
    List<SwimPlan.ReplayJob> jobs = new SwimPlan(4, 1000, 1, 1 << 20, 6).jobs(TRACE);
    assertEquals(2963, jobs.get(0).inputBytes());
    assertEquals(2510, jobs.get(0).outputBytes());
    assertEquals(1024, jobs.get(2).outputBytes(), "127 bytes x 4 / 1000 is below SWIM's floor");
    assertEquals(0, jobs.get(2).inputBytes());
    assertEquals(393_522, jobs.get(3).outputBytes());
    assertEquals(98_380_620, jobs.get(3).rawOutputBytes());
  }

  @Test
  void writers_oneFilePerWriterBytes_capped() {
    List<SwimPlan.ReplayJob> jobs = new SwimPlan(1, 1, 1, 1 << 20, 6).jobs(TRACE);
    assertEquals(1, jobs.get(0).writers());
    assertEquals(6, jobs.get(3).writers(), "94 MiB in 1 MiB files, at most 6");
    assertEquals(1, jobs.get(2).writers());
  }

  @Test
  void badTraceLinesAndPlans_areRejectedSayingWhy() {
    IllegalArgumentException line = assertThrows(IllegalArgumentException.class,
        () -> SwimTrace.parse("job0\t1\t1\t1\t1\n"));
    assertTrue(line.getMessage().contains("line 1"), line.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SwimTrace.parse("job0\t1\t1\t-5\t1\t1\n"));
    assertThrows(IllegalArgumentException.class, () -> new SwimPlan(0, 1, 1, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new SwimPlan(1, 1, Double.NaN, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new SwimPlan(1, 1, 1, 0, 1));
  }

  @Test
  void runtimes_areSummarisedOverAllSmallAndLargeJobs() {
    SwimPlan.ReplayJob small = new SwimPlan.ReplayJob(0, "a", 0, 0, 1024, 1, 500_000_000L);
    SwimPlan.ReplayJob large = new SwimPlan.ReplayJob(1, "b", 0, 0, 1 << 20, 1, 80_000_000_000L);
    SwimPlan.ReplayJob middle = new SwimPlan.ReplayJob(2, "c", 0, 0, 1 << 20, 1, 5_000_000_000L);
    var m = SwimExperiment.metrics(List.of(new SwimReplay.Outcome(small, 1, 2), new SwimReplay.Outcome(large, 0, 9),
        new SwimReplay.Outcome(middle, 2, 5)), 9);
    assertEquals(13.0 / 3, m.get("mean_job_s"), 1e-9);
    assertEquals(3.0, m.get("median_job_s"));
    assertEquals(1.0, m.get("mean_small_job_s"));
    assertEquals(9.0, m.get("mean_large_job_s"));
    assertEquals(9.0, m.get("primary_write_s"));
  }
}
