/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A concurrent map from String keys to values that carry their own key, for the lookups read selection makes for
 * every replica of every block read. A lookup is one probe of an open-addressed array whose slots hold the
 * values themselves, where {@link java.util.concurrent.ConcurrentHashMap} goes through a node object: the memory
 * reads of that chain were the largest cost of scoring a replica. The NameNode hands out one String per volume,
 * so keys are compared by identity first, then by content.
 *
 * <p>Reads take no lock and see a slot's latest value (acquire/release on the slots). Writes are rare (a value
 * changes once per DataNode sample) and serialize on the table; the array doubles past a quarter full. Values are
 * removed only by {@link #retainIf}, which its owner calls now and then: volumes come and go (disks replaced,
 * DataNodes reformatted), and a table that only grew would keep every storage ID a NameNode ever saw.
 *
 * @param <V> the value, which knows its key
 */
final class IdentityTable<V> {

  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);
  private static final int INITIAL_CAPACITY = 64;
  /**
   * The table grows past a quarter full: a lookup that finds its key probes at most about 1.2 slots on average
   * at that load against 1.5 at half full (linear probing), and each probe of another key is a read from memory.
   * A slot costs a reference: 8,192 of them (32 KiB, 64 KiB on a heap without compressed references) for the 2,000
   * volumes of a 1,000-DataNode cluster.
   */
  private static final int LOAD_INVERSE = 4;

  private final Function<V, String> keyOf;
  private volatile Object[] slots = new Object[INITIAL_CAPACITY];
  private int size;

  /** @param keyOf the key a value carries */
  IdentityTable(Function<V, String> keyOf) {
    this.keyOf = keyOf;
  }

  /** The value for {@code key}, or null. */
  @SuppressWarnings("unchecked")
  V get(String key) {
    Object[] s = slots;
    int mask = s.length - 1;
    int hash = key.hashCode();
    for (int i = index(hash, mask); ; i = (i + 1) & mask) {
      V v = (V) SLOTS.getAcquire(s, i);
      if (v == null) {
        return null;
      }
      String k = keyOf.apply(v);
      // The cached hash first: another key's characters are one more object to read from memory.
      if (k == key || (k.hashCode() == hash && k.equals(key))) {
        return v;
      }
    }
  }

  /** Stores {@code value} under its key, replacing the value held for that key. */
  synchronized void put(V value) {
    String key = keyOf.apply(value);
    Object[] s = slots;
    int slot = find(s, key);
    if (s[slot] == null) {
      if (LOAD_INVERSE * (size + 1) > s.length) {
        s = grown(s);
        slot = find(s, key);
      }
      size++;
    }
    SLOTS.setRelease(s, slot, value);
    slots = s;
  }

  /** The slot holding {@code key} in {@code s}, or the empty slot where it goes. Under the lock. */
  @SuppressWarnings("unchecked")
  private int find(Object[] s, String key) {
    int mask = s.length - 1;
    int i = index(key.hashCode(), mask);
    while (s[i] != null && !keyOf.apply((V) s[i]).equals(key)) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** A copy twice as large, to be published whole; readers of the old array still find every value. */
  @SuppressWarnings("unchecked")
  private Object[] grown(Object[] s) {
    Object[] bigger = new Object[s.length * 2];
    for (Object v : s) {
      if (v != null) {
        bigger[find(bigger, keyOf.apply((V) v))] = v;
      }
    }
    return bigger;
  }

  /**
   * Keeps only the values {@code keep} accepts, in an array sized for them, published whole: a reader of the old
   * array still finds every value it held; a value removed while a caller uses it stays usable by that caller.
   *
   * @return how many values were removed
   */
  @SuppressWarnings("unchecked")
  synchronized int retainIf(Predicate<V> keep) {
    Object[] s = slots;
    List<V> kept = new ArrayList<>();
    for (Object v : s) {
      if (v != null && keep.test((V) v)) {
        kept.add((V) v);
      }
    }
    int removed = size - kept.size();
    if (removed == 0) {
      return 0;
    }
    int capacity = INITIAL_CAPACITY;
    while (LOAD_INVERSE * kept.size() > capacity) {
      capacity *= 2;
    }
    Object[] fresh = new Object[capacity];
    for (V v : kept) {
      fresh[find(fresh, keyOf.apply(v))] = v;
    }
    size = kept.size();
    slots = fresh;
    return removed;
  }

  /** The array's length, for tests. */
  synchronized int capacity() {
    return slots.length;
  }

  /** Spreads the String's cached hash: storage IDs end in random hex, but the low bits must vary. */
  private static int index(int h, int mask) {
    return (h ^ (h >>> 16)) & mask;
  }

  synchronized int size() {
    return size;
  }
}
