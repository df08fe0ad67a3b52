/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.client;

/**
 * A {@link PfimbiSpec} was malformed or out of range. The message names the field ({@code n}, {@code s},
 * {@code flow} or {@code weight}) and what it must be; {@link #field()} names it for programs.
 */
public final class InvalidPfimbiSpecException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String field;

  public InvalidPfimbiSpecException(String field, String message) {
    super(message);
    this.field = field;
  }

  /** The offending field, or {@code "spec"} when the text as a whole is malformed. */
  public String field() {
    return field;
  }
}
