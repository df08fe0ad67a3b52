/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.hdfs;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Optional;

/**
 * Looks a declared member up the way the JVM links a reference to it (JVMS §5.4.3): the JVM's own resolution,
 * through {@link MethodHandles.Lookup}, in the named class, its superclasses and superinterfaces, matching name and
 * full descriptor. Only the types of that one member are loaded: reflection ({@code getDeclaredMethods}) would load
 * the types of every method of the class and report a class as broken because of a method the adaptor never calls
 * (HDFS's {@code DFSUtil} names the unshaded protobuf, which a 3.5 daemon need not have). Classes are loaded without
 * being initialized, so a check runs no Hadoop static initializer.
 *
 * <p>A member found but not accessible to the lookup (a private member of a superclass) counts as present: the
 * check is about what a Hadoop release has, the compiler already checked access against the release it built with.
 */
final class Resolver {

  private static final MethodHandles.Lookup SELF = MethodHandles.lookup();

  private Resolver() {}

  /** The class, or null when it cannot be loaded. */
  static Class<?> load(String binaryName, ClassLoader loader) {
    try {
      return Class.forName(binaryName, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /** Why {@code m} does not resolve, as its entry plus the reason where there is one; empty when it does. */
  static Optional<String> problem(InternalApi.Member m, ClassLoader loader) {
    Class<?> owner = load(m.owner(), loader);
    if (owner == null) {
      return Optional.of(m.text() + " (class " + m.owner() + " not found)");
    }
    try {
      MethodHandles.Lookup in = MethodHandles.privateLookupIn(owner, SELF);
      boolean found = m.field() ? hasField(in, owner, m, loader)
          : m.name().equals("<init>") ? hasConstructor(in, owner, m, loader) : hasMethod(in, owner, m, loader);
      return found ? Optional.empty() : Optional.of(m.text());
    } catch (IllegalAccessException e) {
      return Optional.empty(); // the class is there but closed to reflection: nothing more to tell
    } catch (TypeNotPresentException | LinkageError e) { // a type of the member's own signature is missing
      return Optional.of(m.text() + " (" + e + ")");
    }
  }

  private static boolean hasConstructor(MethodHandles.Lookup in, Class<?> owner, InternalApi.Member m,
      ClassLoader loader) {
    MethodType type = MethodType.fromMethodDescriptorString(m.descriptor(), loader);
    try {
      in.findConstructor(owner, type);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    } catch (IllegalAccessException e) {
      return true; // present, e.g. the constructor of an abstract class
    }
  }

  /** Instance or static: present unless neither kind of lookup finds a member of that name and type. */
  private static boolean hasMethod(MethodHandles.Lookup in, Class<?> owner, InternalApi.Member m,
      ClassLoader loader) {
    MethodType type = MethodType.fromMethodDescriptorString(m.descriptor(), loader);
    try {
      in.findVirtual(owner, m.name(), type);
      return true;
    } catch (NoSuchMethodException | IllegalAccessException virtual) {
      try {
        in.findStatic(owner, m.name(), type);
        return true;
      } catch (NoSuchMethodException asStatic) {
        return virtual instanceof IllegalAccessException; // found as an instance method, but not accessible
      } catch (IllegalAccessException asStatic) {
        return true;
      }
    }
  }

  private static boolean hasField(MethodHandles.Lookup in, Class<?> owner, InternalApi.Member m,
      ClassLoader loader) {
    Class<?> type = MethodType.fromMethodDescriptorString("(" + m.descriptor() + ")V", loader).parameterType(0);
    try {
      in.findGetter(owner, m.name(), type);
      return true;
    } catch (NoSuchFieldException | IllegalAccessException instance) {
      try {
        in.findStaticGetter(owner, m.name(), type);
        return true;
      } catch (NoSuchFieldException asStatic) {
        return instance instanceof IllegalAccessException;
      } catch (IllegalAccessException asStatic) {
        return true;
      }
    }
  }
}
