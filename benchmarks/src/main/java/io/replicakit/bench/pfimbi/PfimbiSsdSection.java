/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report's comparison of the split layouts, thesis §5.1, Figs. 5.2 and 5.3: per variant and repetition, the
 * primary writes and the work span with primaries on SSD against primaries on HDD. The thesis's point is the
 * difference between the two variants: HDFS(3,3)'s pipeline waits for the replicas' disks whatever the primary's
 * device, Pfimbi's primary writes do not.
 */
final class PfimbiSsdSection {

  private PfimbiSsdSection() {}

  static String write(ExperimentResults results, PfimbiExperiment.Setup setup) {
    StringBuilder md = new StringBuilder("## Primaries on SSD against HDD (thesis §5.1, Figs. 5.2, 5.3)\n\n");
    md.append("The same jobs on split nodes: primaries on the first rack's nodes, replicas on the other racks' DISKs. "
        + "`ssd ÷ hdd` below 1 means the run gained from writing its primaries to SSD. The last column checks the "
        + "split from the NameNode's block locations in layout `ssd`: the share of all replicas on the primaries' "
        + "rack (33 % when every block has one copy there) and, of those, the share on SSD (100 % when every "
        + "primary went to SSD).\n\n");
    md.append(Md.header(List.of("repetition", "variant", "primary hdd (s)", "primary ssd (s)", "primary ssd ÷ hdd",
        "span hdd (s)", "span ssd (s)", "span ssd ÷ hdd", "ssd layout: on primary rack / of those on SSD (%)")));
    List<Gain> gains = new ArrayList<>();
    for (int rep = 1; rep <= setup.repeat(); rep++) {
      for (PfimbiVariant variant : setup.variants()) {
        Optional<RunResult> hdd = results.run(variant.id(), setup.stage(PrimaryLayout.HDD, rep));
        Optional<RunResult> ssd = results.run(variant.id(), setup.stage(PrimaryLayout.SSD, rep));
        if (hdd.isEmpty() || ssd.isEmpty()) {
          continue;
        }
        Gain gain = new Gain(variant, ratio(ssd.get(), hdd.get(), "primary_write_s"),
            ratio(ssd.get(), hdd.get(), "all_replicas_s"));
        gains.add(gain);
        md.append(Md.row(List.of("rep" + rep, "`" + variant.id() + "`",
            Md.num(hdd.get().metric("primary_write_s")), Md.num(ssd.get().metric("primary_write_s")),
            Md.num(gain.primary()) + "×", Md.num(hdd.get().metric("all_replicas_s")),
            Md.num(ssd.get().metric("all_replicas_s")), Md.num(gain.span()) + "×",
            Md.num(ssd.get().metric("primary_rack_replicas_pct")) + " / "
                + Md.num(ssd.get().metric("primary_rack_ssd_pct")))));
      }
    }
    return md.append('\n').append(checks(gains, setup.repeat())).append('\n').toString();
  }

  /** The thesis's two observations, checked in every repetition. */
  private static String checks(List<Gain> gains, int repeat) {
    List<Gain> hdfs = of(gains, PfimbiVariant.HDFS_33);
    List<Gain> pfimbi = of(gains, PfimbiVariant.PFIMBI_31);
    if (hdfs.size() != repeat || pfimbi.size() != repeat) {
      return "The comparison needs `hdfs(3,3)` and `pfimbi(3,1)` in both layouts.\n";
    }
    boolean pfimbiGains = pfimbi.stream().allMatch(g -> g.primary() < 1);
    boolean pfimbiGainsMore = true;
    for (int i = 0; i < repeat; i++) {
      pfimbiGainsMore &= pfimbi.get(i).primary() < hdfs.get(i).primary();
    }
    return "- `pfimbi(3,1)`'s primary writes finish sooner on SSD in every repetition: "
        + PfimbiReport.verdict(pfimbiGains) + " (ssd ÷ hdd " + spread(pfimbi) + ")\n"
        + "- and gain more from it than `hdfs(3,3)`'s in every repetition: " + PfimbiReport.verdict(pfimbiGainsMore)
        + " (`hdfs(3,3)` ssd ÷ hdd " + spread(hdfs) + "; the thesis: no gain)\n";
  }

  private static String spread(List<Gain> gains) {
    return PfimbiReport.spread(gains.stream().map(g -> new double[] {g.primary()}).toList(), 0);
  }

  private static List<Gain> of(List<Gain> gains, PfimbiVariant variant) {
    return gains.stream().filter(g -> g.variant() == variant).toList();
  }

  private static double ratio(RunResult ssd, RunResult hdd, String metric) {
    return ssd.metric(metric) / hdd.metric(metric);
  }

  /** One variant's ssd ÷ hdd ratios in one repetition. */
  private record Gain(PfimbiVariant variant, double primary, double span) {}
}
