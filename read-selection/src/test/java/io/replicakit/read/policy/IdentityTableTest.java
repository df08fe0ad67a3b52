/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class IdentityTableTest {

  /** A value that carries its key, as the scorer's volume entries do. */
  private record Entry(String key, int version) {}

  private final IdentityTable<Entry> table = new IdentityTable<>(Entry::key);

  private static String id(int i) {
    return "DS-" + Integer.toHexString(i) + "-volume";
  }

  @Test
  void get_findsWhatWasPut_byIdentity_andByAnEqualString() {
    String key = id(7);
    Entry entry = new Entry(key, 1);
    table.put(entry);

    assertSame(entry, table.get(key));
    assertSame(entry, table.get(new String(key)), "an equal String from elsewhere finds the value too");
    assertNull(table.get(id(8)));
  }

  @Test
  void put_ofAKeyAgain_replacesItsValue_withoutGrowing() {
    String key = id(1);
    table.put(new Entry(key, 1));
    Entry second = new Entry(new String(key), 2);
    table.put(second);

    assertSame(second, table.get(key));
    assertEquals(1, table.size());
  }

  @Test
  void manyKeys_allStayFindable_acrossGrowth() {
    List<Entry> entries = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      Entry e = new Entry(id(i), i);
      entries.add(e);
      table.put(e);
    }
    for (Entry e : entries) {
      assertSame(e, table.get(e.key()), e.key());
    }
    assertEquals(5_000, table.size());
  }

  @Test
  void retainIf_keepsOnlyTheAcceptedValues_inAnArraySizedForThem() {
    for (int i = 0; i < 5_000; i++) {
      table.put(new Entry(id(i), i));
    }
    int grownTo = table.capacity();

    assertEquals(4_990, table.retainIf(e -> e.version() % 500 == 0));

    assertEquals(10, table.size());
    assertEquals(64, table.capacity(), "from " + grownTo + " slots back to the initial 64");
    for (int i = 0; i < 5_000; i++) {
      assertEquals(i % 500 == 0, table.get(id(i)) != null, id(i));
    }
    table.put(new Entry(id(1), 1));
    assertEquals(11, table.size(), "puts go on after a prune");
    assertEquals(0, table.retainIf(e -> true));
  }

  /**
   * Readers never lock: while writers insert new keys (growing the array) and replace values, a reader that
   * finds a key must get a value for that key, and once a key was found it stays findable.
   */
  @Test
  void concurrentReadersAndWriters_readersOnlySeeValuesOfTheirKey_andKeysNeverVanish() throws Exception {
    int keys = 4_000;
    String[] ids = new String[keys];
    for (int i = 0; i < keys; i++) {
      ids[i] = id(i);
    }
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread writer = new Thread(() -> {
      for (int round = 0; round < 5; round++) {
        for (int i = 0; i < keys; i++) {
          table.put(new Entry(ids[i], round));
        }
      }
    });
    Thread reader = new Thread(() -> {
      boolean[] seen = new boolean[keys];
      try {
        for (int pass = 0; pass < 200; pass++) {
          for (int i = 0; i < keys; i++) {
            Entry e = table.get(ids[i]);
            if (e == null) {
              assertTrue(!seen[i], ids[i] + " vanished after it was found");
            } else {
              assertSame(ids[i], e.key(), "value of another key");
              seen[i] = true;
            }
          }
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    writer.start();
    reader.start();
    writer.join();
    reader.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    for (int i = 0; i < keys; i++) {
      assertEquals(4, table.get(ids[i]).version(), "the last round's value");
    }
  }
}
