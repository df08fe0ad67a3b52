package io.replicakit.common.hdfs;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Looks a declared member up the way the JVM links a reference to it (JVMS §5.4.3): in the named class, its
 * superclasses, then its superinterfaces, at any access level (an adaptor in HDFS's own package calls
 * package-private members), matching name and full descriptor. Classes are loaded without being initialized, so
 * a check runs no Hadoop static initializer.
 */
final class Resolver {

  private Resolver() {}

  /** The class, or null when it cannot be loaded. */
  static Class<?> load(String binaryName, ClassLoader loader) {
    try {
      return Class.forName(binaryName, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /** Why {@code m} does not resolve, as its entry plus the reason; empty when it does. */
  static Optional<String> problem(InternalApi.Member m, ClassLoader loader) {
    Class<?> owner = load(m.owner(), loader);
    if (owner == null) {
      return Optional.of(m.text() + " (class " + m.owner() + " not found)");
    }
    try {
      boolean found = m.field() ? hasField(owner, m) : m.name().equals("<init>") ? hasConstructor(owner, m)
          : hasMethod(owner, m);
      return found ? Optional.empty() : Optional.of(m.text());
    } catch (LinkageError e) { // a type in the class's member signatures is itself missing
      return Optional.of(m.text() + " (" + e + ")");
    }
  }

  private static boolean hasConstructor(Class<?> owner, InternalApi.Member m) {
    for (Constructor<?> c : owner.getDeclaredConstructors()) {
      if (descriptor(c.getParameterTypes(), void.class).equals(m.descriptor())) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasMethod(Class<?> owner, InternalApi.Member m) {
    for (Class<?> c : lookupOrder(owner)) {
      for (Method method : c.getDeclaredMethods()) {
        if (method.getName().equals(m.name())
            && descriptor(method.getParameterTypes(), method.getReturnType()).equals(m.descriptor())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean hasField(Class<?> owner, InternalApi.Member m) {
    for (Class<?> c : lookupOrder(owner)) {
      for (Field f : c.getDeclaredFields()) {
        if (f.getName().equals(m.name()) && f.getType().descriptorString().equals(m.descriptor())) {
          return true;
        }
      }
    }
    return false;
  }

  /** The class, its superclasses, then every superinterface of any of them. */
  private static List<Class<?>> lookupOrder(Class<?> owner) {
    List<Class<?>> order = new ArrayList<>();
    for (Class<?> c = owner; c != null; c = c.getSuperclass()) {
      order.add(c);
    }
    Set<Class<?>> interfaces = new LinkedHashSet<>();
    Deque<Class<?>> todo = new ArrayDeque<>(order);
    while (!todo.isEmpty()) {
      for (Class<?> i : todo.poll().getInterfaces()) {
        if (interfaces.add(i)) {
          todo.add(i);
        }
      }
    }
    order.addAll(interfaces);
    return order;
  }

  private static String descriptor(Class<?>[] params, Class<?> returnType) {
    StringBuilder d = new StringBuilder("(");
    for (Class<?> p : params) {
      d.append(p.descriptorString());
    }
    return d.append(')').append(returnType.descriptorString()).toString();
  }
}
