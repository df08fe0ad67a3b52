/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.Progress;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * {@code bin/replicakit experiment NAME}: the papers' experiments, reproduced. The experiments come from
 * {@link Experiments}; each one's options are its picocli fields plus {@code --out}, common to all.
 */
public final class ExperimentCommand implements Command {

  /** The option every experiment takes. */
  static final class Output {
    @Option(names = "--out", paramLabel = "DIR",
        description = "output directory; default results/NAME-PROFILE-TIMESTAMP")
    Path dir;
  }

  @Override
  public String name() {
    return "experiment";
  }

  @Override
  public String summary() {
    return "run an experiment (" + Experiments.names() + ") and write report.md, results.json and plots";
  }

  @Override
  public String usage() {
    StringBuilder sb = new StringBuilder("Usage: bin/replicakit experiment NAME [OPTIONS]\n\nExperiments:\n");
    for (Experiment e : Experiments.all()) {
      sb.append(String.format("  %-18s %s%n", e.name(), e.description()));
    }
    sb.append("\nbin/replicakit experiment NAME --help lists an experiment's options. Each writes results.json"
        + " (shared/experiment-results.md),\nreport.md and PNG plots into --out DIR.\n");
    sb.append("\nEvery experiment that starts clusters (all but metrics-overhead and placement-scale) also takes"
        + " --processes:\neach cluster's NameNode and DataNodes run as JVMs of their own from the installable jar"
        + " (docs/testbed.md)\ninstead of all in this JVM; results.json records it as cluster.mode.\n");
    return sb.toString();
  }

  /** The named experiment's own options and details; the list of experiments when none is named. */
  @Override
  public String usage(List<String> args) {
    return Experiments.named(experimentName(args)).map(ExperimentCommand::usageOf).orElseGet(this::usage);
  }

  static String usageOf(Experiment experiment) {
    CommandSpec spec = spec(experiment, new Output());
    spec.usageMessage().description(experiment.description() + ".");
    return Cli.usage(spec, experiment.details().isEmpty() ? "" : "\n" + experiment.details() + "\n");
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    String name = experimentName(argv);
    Experiment experiment = Experiments.named(name).orElseThrow(() -> new IllegalArgumentException(
        "name one experiment: " + Experiments.names() + " (got '" + name + "')"));
    Output output = new Output();
    List<String> rest = new ArrayList<>(argv);
    rest.remove(experimentIndex(argv));
    CommandSpec spec = spec(experiment, output);
    try {
      Cli.parse(spec, rest);
    } catch (IllegalArgumentException e) {
      if (e.getMessage().startsWith("unexpected argument")) {
        List<String> names = positional(argv).stream().map(argv::get).toList();
        throw new IllegalArgumentException("name exactly one experiment, got " + names, e);
      }
      throw e;
    }
    experiment.validate();
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    String label = experiment.profile().isEmpty() ? name : name + "-" + experiment.profile();
    Path outDir = output.dir != null ? output.dir : Path.of("results", label + "-" + stamp);
    String command = "bin/replicakit experiment " + String.join(" ", argv);
    experiment.run(ExperimentRun.start(outDir, command, new Progress(out)));
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  /** The experiment's options with {@code --out}, named as the user types them. */
  private static CommandSpec spec(Experiment experiment, Output output) {
    CommandSpec spec = Cli.spec("bin/replicakit experiment " + experiment.name(), experiment);
    spec.addMixin("output", CommandSpec.forAnnotatedObject(output));
    return spec;
  }

  /**
   * The experiment named on the command line: the first word that is neither an option nor the value of one.
   * An option without {@code =} takes the next word as its value when some experiment declares it with one (an
   * option none declares, such as {@code --help}, takes none; parsing refuses it later if it is not help).
   */
  static String experimentName(List<String> argv) {
    int index = experimentIndex(argv);
    return index < 0 ? "" : argv.get(index);
  }

  private static int experimentIndex(List<String> argv) {
    List<Integer> words = positional(argv);
    return words.isEmpty() ? -1 : words.get(0);
  }

  private static boolean takesValue(String option) {
    for (Experiment e : Experiments.all()) {
      OptionSpec declared = spec(e, new Output()).findOption(option);
      if (declared != null) {
        return declared.arity().min() > 0;
      }
    }
    return false;
  }

  /** Where the words that are neither options nor their values are. */
  private static List<Integer> positional(List<String> argv) {
    List<Integer> words = new ArrayList<>();
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      if (!arg.startsWith("-")) {
        words.add(i);
      } else if (!arg.contains("=") && takesValue(arg)) {
        i++;
      }
    }
    return words;
  }
}
