/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares an adaptor's classes with its list ({@link InternalApi#undeclared}): what their bytecode names of
 * Hadoop, what they inherit from Hadoop and call on themselves, and which Hadoop methods they override.
 */
final class BytecodeAudit {

  private BytecodeAudit() {}

  static List<String> undeclared(Set<String> types, Set<String> keys, Class<?>... classes) {
    Map<String, Class<?>> own = new LinkedHashMap<>();
    for (Class<?> c : classes) {
      Arrays.stream(c.getNestHost().getNestMembers()).forEach(n -> own.put(n.getName(), n));
    }
    Set<String> lacking = new TreeSet<>();
    for (Class<?> c : own.values()) {
      ClassReferences.Refs refs = ClassReferences.of(c);
      refs.classes().stream().filter(t -> isHadoop(t) && !own.containsKey(t) && !types.contains(t))
          .forEach(t -> lacking.add("type " + t));
      List<ClassReferences.Ref> used = new ArrayList<>();
      for (ClassReferences.Ref r : refs.members()) {
        if (isHadoop(r.owner()) && !own.containsKey(r.owner())) {
          used.add(r);
        } else if (own.containsKey(r.owner())) {
          inherited(own.get(r.owner()), r, own).ifPresent(used::add);
        }
      }
      used.addAll(overridden(c, own));
      used.stream().filter(r -> !keys.contains(InternalApi.Member.key(r.owner(), r.name(), r.descriptor())))
          .forEach(r -> lacking.add("member \"" + Signatures.render(r) + "\""));
    }
    return new ArrayList<>(lacking);
  }

  private static boolean isHadoop(String binaryName) {
    return binaryName.startsWith(InternalApi.HADOOP);
  }

  /**
   * {@code r}, named through our class {@code owner}, as the nearest Hadoop superclass's member when {@code owner}
   * does not declare it but inherits it from Hadoop.
   */
  private static Optional<ClassReferences.Ref> inherited(Class<?> owner, ClassReferences.Ref r,
      Map<String, Class<?>> own) {
    Optional<Class<?>> hadoop = hadoopSuperclass(owner, own);
    if (hadoop.isEmpty() || declares(owner, r)) {
      return Optional.empty();
    }
    ClassReferences.Ref up = new ClassReferences.Ref(r.field(), hadoop.get().getName(), r.name(), r.descriptor());
    return resolves(up, owner.getClassLoader()) ? Optional.of(up) : Optional.empty();
  }

  /** The methods {@code c} declares that override a method of its Hadoop superclass or Hadoop interfaces. */
  private static List<ClassReferences.Ref> overridden(Class<?> c, Map<String, Class<?>> own) {
    Set<Class<?>> supers = new LinkedHashSet<>();
    hadoopSuperclass(c, own).ifPresent(supers::add);
    for (Class<?> k = c; k != null && own.containsKey(k.getName()); k = k.getSuperclass()) {
      Arrays.stream(k.getInterfaces()).filter(i -> isHadoop(i.getName())).forEach(supers::add);
    }
    List<ClassReferences.Ref> found = new ArrayList<>();
    for (Method m : c.getDeclaredMethods()) {
      if (Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) {
        continue;
      }
      for (Class<?> s : supers) {
        ClassReferences.Ref ref = new ClassReferences.Ref(false, s.getName(), m.getName(), descriptor(m));
        if (resolves(ref, c.getClassLoader())) {
          found.add(ref);
          break;
        }
      }
    }
    return found;
  }

  /** The first superclass of {@code c} that is not ours, when it is Hadoop's. */
  private static Optional<Class<?>> hadoopSuperclass(Class<?> c, Map<String, Class<?>> own) {
    Class<?> s = c.getSuperclass();
    while (s != null && own.containsKey(s.getName())) {
      s = s.getSuperclass();
    }
    return s != null && isHadoop(s.getName()) ? Optional.of(s) : Optional.empty();
  }

  private static boolean declares(Class<?> owner, ClassReferences.Ref r) {
    if (r.field()) {
      return Arrays.stream(owner.getDeclaredFields())
          .anyMatch(f -> f.getName().equals(r.name()) && f.getType().descriptorString().equals(r.descriptor()));
    }
    if (r.name().equals("<init>")) {
      return true; // a constructor is always the named class's own
    }
    return Arrays.stream(owner.getDeclaredMethods())
        .anyMatch(m -> m.getName().equals(r.name()) && descriptor(m).equals(r.descriptor()));
  }

  private static boolean resolves(ClassReferences.Ref r, ClassLoader loader) {
    InternalApi.Member m = new InternalApi.Member(r.field(), r.owner(), r.name(), r.descriptor(), r.name());
    return Resolver.problem(m, loader).isEmpty();
  }

  static String descriptor(Method m) {
    StringBuilder d = new StringBuilder("(");
    for (Class<?> p : m.getParameterTypes()) {
      d.append(p.descriptorString());
    }
    return d.append(')').append(m.getReturnType().descriptorString()).toString();
  }
}
