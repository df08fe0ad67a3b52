/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The code a run measured, for {@code results.json}: the checked-out commit and whether the sources had
 * uncommitted changes. Outside a git work tree, or without git, both are unknown (null): a results file should say
 * so rather than guess.
 *
 * <p>Read in the checkout the launcher runs from ({@code -Dreplicakit.root}, else the working directory), and once
 * per JVM: {@link io.replicakit.bench.experiment.ExperimentRun#start} asks first, so a commit made or a file edited
 * while a run measures does not change what it says it measured. Dirty means a tracked file differs from HEAD or an
 * untracked file would be built (under a {@code src/} folder, a {@code pom.xml}, the launcher); untracked results
 * and notes are left out.
 *
 * @param commit full hash of HEAD, or null
 * @param dirty whether the sources differ from HEAD, or null
 */
public record SourceState(String commit, Boolean dirty) {

  /** The checkout's root, as the launcher passes it. */
  public static final String ROOT_PROPERTY = "replicakit.root";
  private static final SourceState UNKNOWN = new SourceState(null, null);
  private static volatile SourceState first;

  /** The state of the checkout when this JVM first asked. */
  public static SourceState current() {
    SourceState s = first;
    if (s == null) {
      synchronized (SourceState.class) {
        if (first == null) {
          first = read();
        }
        s = first;
      }
    }
    return s;
  }

  private static SourceState read() {
    try {
      String head = git("rev-parse", "HEAD");
      if (head == null || head.isBlank()) {
        return UNKNOWN;
      }
      String status = git("status", "--porcelain", "--untracked-files=all");
      return new SourceState(head.trim(), status == null ? null : dirty(status));
    } catch (IOException e) {
      return UNKNOWN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return UNKNOWN;
    }
  }

  /** Whether {@code git status --porcelain} lists a changed tracked file or an untracked one that is built. */
  static boolean dirty(String porcelain) {
    return porcelain.lines().anyMatch(line -> !line.startsWith("?? ") || built(line.substring(3)));
  }

  private static boolean built(String path) {
    return path.contains("src/") || path.endsWith("pom.xml") || path.startsWith("bin/");
  }

  /** The command's standard output, or null when it failed or took more than ten seconds. */
  private static String git(String... args) throws IOException, InterruptedException {
    String[] command = new String[args.length + 3];
    command[0] = "git";
    command[1] = "-C";
    command[2] = System.getProperty(ROOT_PROPERTY, ".");
    System.arraycopy(args, 0, command, 3, args.length);
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return null;
    }
    return p.exitValue() == 0 ? out : null;
  }
}
