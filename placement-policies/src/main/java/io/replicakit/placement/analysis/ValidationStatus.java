package io.replicakit.placement.analysis;

import java.util.List;

/** Outcome of validating input: either valid, or the list of problems, each one readable on its own. */
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

  /** One sentence per problem, for an exception message or the CLI. */
  public String reason() {
    return isValid() ? "valid" : String.join("; ", problems);
  }
}
