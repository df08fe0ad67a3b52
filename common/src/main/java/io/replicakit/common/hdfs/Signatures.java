/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import java.util.List;
import java.util.Map;

/** Type names in {@link InternalApi} lists, as written and as the JVM spells them. */
final class Signatures {

  private static final Map<String, String> PRIMITIVES = Map.of("boolean", "Z", "byte", "B", "char", "C",
      "short", "S", "int", "I", "long", "J", "float", "F", "double", "D", "void", "V");

  private Signatures() {}

  static String shortName(String binaryName) {
    return binaryName.substring(binaryName.lastIndexOf('.') + 1).replace('$', '.');
  }

  static InternalApi.Member parse(String text, Map<String, String> declared, String adaptor) {
    try {
      String s = text.strip();
      if (s.startsWith("new ")) {
        String rest = s.substring(4).strip();
        int paren = rest.indexOf('(');
        return new InternalApi.Member(false, binary(rest.substring(0, paren).strip(), declared), "<init>",
            params(rest, paren, declared) + "V", text);
      }
      int space = s.indexOf(' ');
      String type = descriptor(s.substring(0, space), declared);
      String rest = s.substring(space + 1).strip();
      int paren = rest.indexOf('(');
      String qualified = paren < 0 ? rest : rest.substring(0, paren).strip();
      int dot = qualified.lastIndexOf('.');
      String owner = binary(qualified.substring(0, dot), declared);
      String name = qualified.substring(dot + 1);
      return paren < 0 ? new InternalApi.Member(true, owner, name, type, text)
          : new InternalApi.Member(false, owner, name, params(rest, paren, declared) + type, text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(adaptor + ": cannot read the entry '" + text + "': " + e.getMessage(), e);
    }
  }

  private static String params(String rest, int paren, Map<String, String> declared) {
    String inside = rest.substring(paren + 1, rest.lastIndexOf(')')).strip();
    StringBuilder d = new StringBuilder("(");
    if (!inside.isEmpty()) {
      for (String p : inside.split(",")) {
        d.append(descriptor(p.strip(), declared));
      }
    }
    return d.append(')').toString();
  }

  static String descriptor(String type, Map<String, String> declared) {
    String base = type;
    StringBuilder d = new StringBuilder();
    while (base.endsWith("[]")) {
      d.append('[');
      base = base.substring(0, base.length() - 2).strip();
    }
    String primitive = PRIMITIVES.get(base);
    return d.append(primitive != null ? primitive : "L" + binary(base, declared).replace('.', '/') + ";")
        .toString();
  }

  /** A declared short name, a fully qualified binary name, or a JDK type of the common packages. */
  static String binary(String name, Map<String, String> declared) {
    String known = declared.get(name);
    if (known != null) {
      return known;
    }
    if (!name.isEmpty() && Character.isLowerCase(name.charAt(0)) && name.contains(".")) {
      return name;
    }
    for (String pkg : InternalApi.JDK_PACKAGES) {
      String candidate = pkg + name.replace('.', '$');
      try {
        Class.forName(candidate, false, null);
        return candidate;
      } catch (ClassNotFoundException e) {
        // try the next package
      }
    }
    throw new IllegalArgumentException("unknown type " + name + " (declare it in types(...))");
  }

  /** A reference as a list entry, with short names for Hadoop and common JDK types. */
  static String render(ClassReferences.Ref r) {
    List<String> parts = ClassReferences.typesOf(r.descriptor());
    if (r.field()) {
      return display(parts.get(0)) + " " + shortName(r.owner()) + "." + r.name();
    }
    boolean returnsVoid = r.descriptor().endsWith(")V");
    List<String> params = returnsVoid ? parts : parts.subList(0, parts.size() - 1);
    String args = String.join(", ", params.stream().map(Signatures::display).toList());
    if (r.name().equals("<init>")) {
      return "new " + shortName(r.owner()) + "(" + args + ")";
    }
    String ret = returnsVoid ? "void" : display(parts.get(parts.size() - 1));
    return ret + " " + shortName(r.owner()) + "." + r.name() + "(" + args + ")";
  }

  private static String display(String descriptor) {
    int dims = 0;
    while (descriptor.charAt(dims) == '[') {
      dims++;
    }
    String base = descriptor.substring(dims);
    String name = PRIMITIVES.entrySet().stream().filter(e -> e.getValue().equals(base)).map(Map.Entry::getKey)
        .findFirst().orElseGet(() -> {
          String binary = base.substring(1, base.length() - 1).replace('/', '.');
          String pkg = binary.substring(0, binary.lastIndexOf('.') + 1);
          boolean shortened = binary.startsWith(InternalApi.HADOOP) || InternalApi.JDK_PACKAGES.contains(pkg);
          return shortened ? shortName(binary) : binary;
        });
    return name + "[]".repeat(dims);
  }
}
