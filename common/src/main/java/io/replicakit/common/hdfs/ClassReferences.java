/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The classes, fields and methods a compiled class names in its constant pool: exactly what the JVM resolves
 * when the class runs, and so what can fail with {@code NoClassDefFoundError} or {@code NoSuchMethodError}.
 * {@link InternalApi#undeclared} compares an adaptor's bytecode with its declared list, so a member the adaptor
 * starts to call cannot be left out of the start-up check.
 *
 * <p>Reads the class file format (JVMS §4.4) directly: only the constant pool is needed, and Hadoop brings no
 * class-file library a production module may rely on.
 */
final class ClassReferences {

  /** A field or method reference: owner and name in binary form ({@code a.b.C$D}), JVM descriptor. */
  record Ref(boolean field, String owner, String name, String descriptor) {}

  /** What one class file names. */
  record Refs(Set<String> classes, Set<Ref> members) {}

  private static final int UTF8 = 1;
  private static final int INTEGER = 3;
  private static final int FLOAT = 4;
  private static final int LONG = 5;
  private static final int DOUBLE = 6;
  private static final int CLASS = 7;
  private static final int STRING = 8;
  private static final int FIELD_REF = 9;
  private static final int METHOD_REF = 10;
  private static final int INTERFACE_METHOD_REF = 11;
  private static final int NAME_AND_TYPE = 12;
  private static final int METHOD_HANDLE = 15;
  private static final int METHOD_TYPE = 16;
  private static final int DYNAMIC = 17;
  private static final int INVOKE_DYNAMIC = 18;
  private static final int MODULE = 19;
  private static final int PACKAGE = 20;

  private ClassReferences() {}

  /** The references of {@code type}'s own class file (not those of its nested classes). */
  static Refs of(Class<?> type) {
    String resource = type.getName().replace('.', '/') + ".class";
    ClassLoader loader = type.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : type.getClassLoader();
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no class file for " + type.getName());
      }
      return read(new DataInputStream(in));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the class file of " + type.getName(), e);
    }
  }

  static Refs read(DataInputStream in) throws IOException {
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor version
    in.readUnsignedShort(); // major version
    int count = in.readUnsignedShort();
    int[] tags = new int[count];
    String[] utf8 = new String[count];
    int[] first = new int[count];
    int[] second = new int[count];
    for (int i = 1; i < count; i++) {
      tags[i] = in.readUnsignedByte();
      switch (tags[i]) {
        case UTF8 -> utf8[i] = in.readUTF();
        case INTEGER, FLOAT -> in.readInt();
        case LONG, DOUBLE -> {
          in.readLong();
          i++; // eight-byte constants take two slots
        }
        case CLASS, STRING, METHOD_TYPE, MODULE, PACKAGE -> first[i] = in.readUnsignedShort();
        case FIELD_REF, METHOD_REF, INTERFACE_METHOD_REF, NAME_AND_TYPE, DYNAMIC, INVOKE_DYNAMIC -> {
          first[i] = in.readUnsignedShort();
          second[i] = in.readUnsignedShort();
        }
        case METHOD_HANDLE -> {
          in.readUnsignedByte();
          first[i] = in.readUnsignedShort();
        }
        default -> throw new IOException("unknown constant pool tag " + tags[i] + " at " + i);
      }
    }
    return collect(tags, utf8, first, second);
  }

  private static Refs collect(int[] tags, String[] utf8, int[] first, int[] second) {
    Set<String> classes = new LinkedHashSet<>();
    Set<Ref> members = new LinkedHashSet<>();
    for (int i = 1; i < tags.length; i++) {
      if (tags[i] == CLASS) {
        elementClass(utf8[first[i]]).ifPresent(classes::add);
      } else if (tags[i] == FIELD_REF || tags[i] == METHOD_REF || tags[i] == INTERFACE_METHOD_REF) {
        boolean field = tags[i] == FIELD_REF;
        int nameAndType = second[i];
        String name = utf8[first[nameAndType]];
        String descriptor = utf8[second[nameAndType]];
        elementClass(utf8[first[first[i]]]).ifPresent(o -> members.add(new Ref(field, o, name, descriptor)));
      }
    }
    return new Refs(classes, members);
  }

  /** The class an internal name or array descriptor stands for, in binary form; empty for primitive arrays. */
  private static Optional<String> elementClass(String internal) {
    String name = internal;
    if (name.startsWith("[")) {
      name = name.replaceFirst("^\\[+", "");
      if (!name.startsWith("L")) {
        return Optional.empty();
      }
      name = name.substring(1, name.length() - 1);
    }
    return Optional.of(name.replace('/', '.'));
  }

  /** The binary names of the types in a method or field descriptor, return type last (void omitted). */
  static List<String> typesOf(String descriptor) {
    List<String> types = new ArrayList<>();
    int i = 0;
    while (i < descriptor.length()) {
      char c = descriptor.charAt(i);
      if (c == '(' || c == ')' || c == 'V') {
        i++;
        continue;
      }
      int start = i;
      while (descriptor.charAt(i) == '[') {
        i++;
      }
      int end = descriptor.charAt(i) == 'L' ? descriptor.indexOf(';', i) + 1 : i + 1;
      types.add(descriptor.substring(start, end));
      i = end;
    }
    return types;
  }
}
