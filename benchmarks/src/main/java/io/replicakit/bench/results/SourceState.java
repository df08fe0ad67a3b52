/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The code a run measured, for {@code results.json}: the checked-out commit and whether tracked files had
 * uncommitted changes ({@code git status}, untracked files such as the results themselves left out). Outside a git
 * work tree, or without git, both are unknown (null): a results file should say so rather than guess.
 *
 * @param commit full hash of HEAD, or null
 * @param dirty whether tracked files differ from HEAD, or null
 */
public record SourceState(String commit, Boolean dirty) {

  private static final SourceState UNKNOWN = new SourceState(null, null);

  /** The state of the work tree the JVM was started in. */
  public static SourceState current() {
    try {
      String head = git("rev-parse", "HEAD");
      if (head == null || head.isBlank()) {
        return UNKNOWN;
      }
      String status = git("status", "--porcelain", "--untracked-files=no");
      return new SourceState(head.trim(), status == null ? null : !status.isBlank());
    } catch (IOException e) {
      return UNKNOWN;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return UNKNOWN;
    }
  }

  /** The command's standard output, or null when it failed or took more than ten seconds. */
  private static String git(String... args) throws IOException, InterruptedException {
    String[] command = new String[args.length + 1];
    command[0] = "git";
    System.arraycopy(args, 0, command, 1, args.length);
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return null;
    }
    return p.exitValue() == 0 ? out : null;
  }
}
