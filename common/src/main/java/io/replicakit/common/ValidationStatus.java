/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import java.util.List;

/**
 * Outcome of validating input: either valid, or the list of problems, each one readable on its own and naming
 * the field or key it concerns. Shared by every module, so choosing and validating stay separate everywhere.
 */
public record ValidationStatus(List<String> problems) {

  public ValidationStatus {
    problems = List.copyOf(problems);
  }

  public static ValidationStatus valid() {
    return new ValidationStatus(List.of());
  }

  public boolean isValid() {
    return problems.isEmpty();
  }

  /** One readable sentence per problem, for an exception message or the CLI. */
  public String reason() {
    return isValid() ? "valid" : String.join("; ", problems);
  }
}
