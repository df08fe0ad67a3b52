/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * Writes the JSON of results files with the Jackson that Hadoop ships (hadoop-common's jackson-databind, not a
 * version of our own): maps, lists, strings, numbers, booleans and null, indented two spaces, {@code "key": value}.
 * Two rules of the results format are Jackson's serializer for floating-point numbers here: a whole number is
 * written without a fraction ({@code 3}, not {@code 3.0}), and a non-finite one (a metric that could not be
 * measured) is null, which JSON can represent, where Jackson's default would write a non-standard {@code NaN}.
 */
public final class Json {

  private static final ObjectWriter WRITER = new ObjectMapper().registerModule(new SimpleModule("results-numbers")
      .addSerializer(Double.class, new Numbers<>(Double.class))
      .addSerializer(Float.class, new Numbers<>(Float.class))).writer(printer());

  private Json() {}

  public static String write(Object value) {
    try {
      return WRITER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** Every object and array on its own lines, two spaces per level; empty ones as {@code {}} and {@code []}. */
  private static DefaultPrettyPrinter printer() {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    DefaultPrettyPrinter printer = new DefaultPrettyPrinter(Separators.createDefaultInstance()
        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
        .withObjectEmptySeparator("")
        .withArrayEmptySeparator(""));
    printer.indentObjectsWith(indenter);
    printer.indentArraysWith(indenter);
    return printer;
  }

  /** Whole numbers without a fraction, non-finite ones as null. */
  private static final class Numbers<T extends Number> extends StdSerializer<T> {

    Numbers(Class<T> type) {
      super(type);
    }

    @Override
    public void serialize(T value, JsonGenerator out, SerializerProvider provider) throws IOException {
      double d = value.doubleValue();
      if (!Double.isFinite(d)) {
        out.writeNull();
      } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        out.writeNumber((long) d);
      } else if (value instanceof Float) {
        out.writeNumber(value.floatValue());
      } else {
        out.writeNumber(d);
      }
    }
  }
}
