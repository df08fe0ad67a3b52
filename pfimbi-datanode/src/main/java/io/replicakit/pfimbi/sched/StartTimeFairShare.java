/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Start-time fair queuing among keys (flows, or pipeline positions), the WFQ approximation of thesis §4.7. Each
 * backlogged key carries the virtual start time of its head block; the key with the earliest start is served, and
 * serving a block of cost {@code l / w} gives it the finish time {@code f = s + l / w}.
 *
 * <p>Start times. A key that becomes backlogged (first block, or first after it ran empty) starts at
 * {@code max(v, f_prev)}, where the system virtual time {@code v} is the midpoint of the smallest and largest start
 * among the other backlogged keys: an idle key earns no credit for the time it did not use, and cannot start
 * ahead of the others by more than half their spread. A key that stays backlogged starts its next block at its
 * previous finish. Applying {@code max(v, f_prev)} there too would let the midpoint, which runs ahead of
 * heavily-weighted keys, erase their lead, and shares would no longer follow the weights (e.g. 1:2:4 would become
 * about 1:2:2). This is SFQ's own rule, which tags a block on arrival, when its backlogged key's previous finish
 * is already at or past the virtual time.
 *
 * <p>{@code v} never decreases; while nothing is backlogged it is the largest finish time served, so a key that
 * arrives after an idle period starts where service stopped. Keys with no blocks are forgotten once their finish
 * is behind {@code v} (they would start at {@code v} anyway). Ties go to the key tagged first. Not thread-safe.
 */
final class StartTimeFairShare<K> {

  private record Tag<K>(double start, long order, K key, double previousFinish) {}

  private final TreeSet<Tag<K>> heads = new TreeSet<>(
      Comparator.<Tag<K>>comparingDouble(Tag::start).thenComparingLong(Tag::order));
  private final Map<K, Tag<K>> backlogged = new HashMap<>();
  private final Map<K, Double> idleFinish = new HashMap<>();
  private double virtualTime;
  private double maxFinish;
  private long nextOrder;

  boolean isBacklogged(K key) {
    return backlogged.containsKey(key);
  }

  /** {@code key} has a block waiting again (no-op if it already had). */
  void activate(K key) {
    if (backlogged.containsKey(key)) {
      return;
    }
    advanceVirtualTime();
    Double previous = idleFinish.remove(key);
    double previousFinish = previous == null ? Double.NEGATIVE_INFINITY : previous;
    tag(key, Math.max(virtualTime, previousFinish), previousFinish);
  }

  /** The backlogged key whose head block has the earliest start time. */
  Optional<K> earliest() {
    return heads.isEmpty() ? Optional.empty() : Optional.of(heads.first().key());
  }

  /**
   * {@code key}'s head block was served at {@code cost} (length over weight).
   *
   * @param stillBacklogged whether {@code key} has another block waiting
   */
  void served(K key, double cost, boolean stillBacklogged) {
    Tag<K> served = untag(key);
    double finish = served.start() + cost;
    maxFinish = Math.max(maxFinish, finish);
    if (stillBacklogged) {
      tag(key, finish, finish);
    } else {
      rememberIdle(key, finish);
    }
  }

  /** {@code key} ran out of blocks without being served (its waiting blocks were cancelled). */
  void deactivate(K key) {
    if (backlogged.containsKey(key)) {
      rememberIdle(key, untag(key).previousFinish());
    }
  }

  /** The system virtual time, for tests and monitoring. */
  double virtualTime() {
    return virtualTime;
  }

  private void advanceVirtualTime() {
    double now = heads.isEmpty() ? maxFinish : (heads.first().start() + heads.last().start()) / 2;
    virtualTime = Math.max(virtualTime, now);
    for (Iterator<Double> it = idleFinish.values().iterator(); it.hasNext(); ) {
      if (it.next() <= virtualTime) {
        it.remove();
      }
    }
  }

  private void tag(K key, double start, double previousFinish) {
    Tag<K> tag = new Tag<>(start, nextOrder++, key, previousFinish);
    backlogged.put(key, tag);
    heads.add(tag);
  }

  private Tag<K> untag(K key) {
    Tag<K> tag = backlogged.remove(key);
    if (tag == null) {
      throw new IllegalStateException("not backlogged: " + key);
    }
    heads.remove(tag);
    return tag;
  }

  private void rememberIdle(K key, double finish) {
    if (finish > virtualTime) {
      idleFinish.put(key, finish);
    }
  }
}
