/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.experiment;

import io.replicakit.bench.results.ExperimentResults;

/**
 * One experiment of {@code bin/replicakit experiment NAME}. An implementation declares its options as picocli
 * {@code @Option} fields (type, default, description), so that the command refuses an option the experiment
 * does not take and prints each one's documentation; the command parses the words into a fresh instance, checks
 * them by calling {@link #validate()}, then calls {@link #run}. {@code --out} is the command's, common to all.
 *
 * <p>Every experiment is listed once, in {@code io.replicakit.bench.cli.Experiments}.
 */
public interface Experiment {

  /** The name typed on the command line, e.g. {@code read-selection}. */
  String name();

  /** One line for the list of experiments. */
  String description();

  /** What the experiment does, for its {@code --help} after the options; empty for nothing more. */
  default String details() {
    return "";
  }

  /**
   * Checks the parsed options before anything starts (ranges, names of policies or profiles).
   *
   * @throws IllegalArgumentException naming the option at fault
   */
  default void validate() {}

  /** The profile the options chose, part of the default output directory's name; empty when there is none. */
  default String profile() {
    return "";
  }

  /** Runs with the parsed options, writing {@code results.json}, {@code report.md} and plots into the run's folder. */
  ExperimentResults run(ExperimentRun run) throws Exception;
}
