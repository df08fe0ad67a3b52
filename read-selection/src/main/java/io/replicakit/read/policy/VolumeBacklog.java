/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The reads the NameNode has sent to each volume, placed in time: each volume keeps a calendar of the next
 * {@link #SLOTS} slots, each a fraction of a block read (a quarter of a DISK read, {@link EarliestFinish}), holding how
 * much of it is booked. A read is booked from its release (when its reader will ask for it) in the first free time
 * of the volume, so a volume reads what it was sent one read after another at its speed and a read released later
 * can fill time left free before it. Slots whose time has passed are free again: the volume worked them off in real
 * time. The NameNode cannot see reads end; it orders every block any client reads, so this is the one place that
 * knows what every volume was handed, whatever the DataNodes last reported.
 *
 * <p>Why a calendar rather than one "idle at" time per volume: an HDFS client lists ten blocks at a time and reads
 * them one after another, so the tenth block of a listing is read seconds after it is ordered. Booked at once (the
 * fair-queueing virtual finish time this class kept until session 39), it makes its volume look busy now, while the
 * volume is idle, and free later, when that read arrives: the DISKs of the read paper's DFSIO run idled at times
 * with SSD reads queued (docs/experiments/read-selection.md). With the release known, the read is booked where it
 * will happen.
 *
 * <p>A queue longer than the calendar is kept in its last slot (over-full); as time moves on, booking moves what
 * did not fit into the slots after it. Lock-free on the read path: one {@link IdentityTable} probe per
 * volume, a short scan of its slots, one compare-and-set per slot booked. An estimate, not an account: two handlers
 * choosing at once may both pick the volume that looked idle.
 */
final class VolumeBacklog {

  /** Slots per volume: 1 KiB a volume; with {@link EarliestFinish}'s slots, a queue of 32 DISK block reads. */
  static final int SLOTS = 128;
  /** How often volumes whose every booking has passed are forgotten ({@link #pruneIfDue}): ten minutes. */
  static final long PRUNE_INTERVAL_MICROS = 600_000_000L;

  private final long slotMicros;
  private final Slots calendar;
  private final IdentityTable<Entry> volumes = new IdentityTable<>(e -> e.storageId);
  private volatile long nextPruneMicros = Long.MIN_VALUE;

  /** @param slotMicros the time a slot covers: a fraction of a block read, so that a read books one to a few */
  VolumeBacklog(long slotMicros) {
    if (slotMicros <= 0) {
      throw new IllegalArgumentException("slotMicros must be positive: " + slotMicros);
    }
    this.slotMicros = slotMicros;
    this.calendar = new Slots(slotMicros);
  }

  /**
   * One volume's calendar. Slot {@code s} (the clock's microseconds over the slot length) lives in element
   * {@code s mod SLOTS} as the slot's number (its low {@value #TAG_BITS} bits) above the microseconds booked in it
   * ({@value #BOOKED_BITS} bits: 12 days, so the calendar's last slot, the only one booked beyond its length, holds
   * any queue a NameNode could hand a volume); an element holding another slot's number is a slot whose time has
   * passed, free, unless it holds a slot at most {@link #LATER} slots after the one asked for: a later slot booked by
   * a handler whose clock read was newer.
   *
   * <p>Why the bound: slot numbers are kept modulo 2<sup>{@value #TAG_BITS}</sup>, so an element left untouched for
   * more than half that many slots (54 days of 128 MiB blocks on 60 MB/s DISKs, days with small blocks) reads as
   * ahead of any slot. Taken as a later slot's, it could be neither seen nor booked until another half cycle had
   * passed, and a volume idle that long would look idle however many reads it was sent. With the bound, an old
   * element reads as ahead only in the last {@code LATER} slots of each full cycle of its age (one slot of a
   * calendar, unbookable for that long), and reads as booked only at an exact multiple of the cycle (the old
   * booking, until that slot passes).
   */
  static final class Entry {

    static final int TAG_BITS = 24;
    static final int BOOKED_BITS = 64 - TAG_BITS;
    /**
     * How far ahead of a slot an element's slot may be and still be a later booking: a calendar's length and the
     * clock's advance while a handler books (thousands of slots: minutes of DISK reads), far below the tag's cycle.
     */
    static final long LATER = 1L << 12;
    private static final long TAG_MASK = (1L << TAG_BITS) - 1;
    private static final long MAX_BOOKED = (1L << BOOKED_BITS) - 1;

    /** Volatile reads and compare-and-sets of the slots: an {@code AtomicLongArray} without its object's read. */
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
    /** Compare-and-sets of {@link #lastSlot}. */
    private static final VarHandle LAST;

    static {
      try {
        LAST = MethodHandles.lookup().findVarHandle(Entry.class, "lastSlot", long.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    final String storageId;
    private final long[] slots = new long[SLOTS];
    /** Every slot from here back to now was exactly full when last booked: where scans start. */
    private volatile long fullBefore = Long.MIN_VALUE;
    /** The latest slot a booking ended in (a pile there may run past it); MIN_VALUE before any. */
    private volatile long lastSlot = Long.MIN_VALUE;

    Entry(String storageId) {
      this.storageId = storageId;
    }

    /**
     * Raises the latest booked slot to {@code s}, never lowers it: a compare-and-set loop, because a read then a
     * write let two handlers booking at once leave the earlier of their slots (the later written first, then
     * overwritten). The volume then read as idle once that earlier slot had passed, with reads still queued up to
     * the later one, and a prune forgot it (until session 52).
     */
    void noteLast(long s) {
      long last = lastSlot;
      while (s > last && !LAST.compareAndSet(this, last, s)) {
        last = lastSlot;
      }
    }

    /** Whether every booking has passed by {@code nowMicros}: the volume is as if it had never been sent a read. */
    boolean idleAt(long nowMicros, long slotMicros) {
      long last = lastSlot;
      return last == Long.MIN_VALUE || (last + 1) * slotMicros <= nowMicros
          && last * slotMicros + booked(last) <= nowMicros;
    }

    /** Microseconds booked in slot {@code s}; 0 for a slot never booked or whose element a later slot took. */
    long booked(long s) {
      return bookedIn(get(index(s)), s);
    }

    /**
     * Books a read released at {@code t} in slot {@code s}, as much of {@code left} as fits (all of it if
     * {@code open}: the calendar's last slot), in one compare-and-set.
     *
     * @return what the slot held before, from which the caller works out the read's start in it; -1 if the slot
     *     has passed (a later slot took its element)
     */
    long claim(long s, long t, long left, Slots calendar, boolean open) {
      int i = index(s);
      while (true) {
        long v = get(i);
        if (taken(v, s)) {
          return -1;
        }
        long had = bookedIn(v, s);
        long take = open ? left : Math.min(left, calendar.free(s, t, had));
        if (take <= 0) {
          return had;
        }
        if (cas(i, v, pack(s, had + take))) {
          return had;
        }
      }
    }

    /**
     * Moves what slot {@code s} (once the calendar's last) holds beyond a slot's length into slot {@code to}: a
     * queue that was longer than the calendar, now that time has moved on.
     */
    void spill(long s, long to, long slotMicros) {
      int i = index(s);
      while (true) {
        long v = get(i);
        long had = bookedIn(v, s);
        if (had <= slotMicros) {
          return;
        }
        if (cas(i, v, pack(s, slotMicros))) {
          long left = s * slotMicros + had - Math.max(to, s + 1) * slotMicros;
          if (left > 0) {
            add(to, left);
          }
          return;
        }
      }
    }

    private void add(long s, long micros) {
      int i = index(s);
      while (true) {
        long v = get(i);
        if (taken(v, s)) {
          return;
        }
        if (cas(i, v, pack(s, bookedIn(v, s) + micros))) {
          return;
        }
      }
    }

    private long get(int i) {
      return (long) SLOT.getVolatile(slots, i);
    }

    private boolean cas(int i, long expected, long value) {
      return SLOT.compareAndSet(slots, i, expected, value);
    }

    private static long pack(long s, long booked) {
      return (s & TAG_MASK) << BOOKED_BITS | Math.min(booked, MAX_BOOKED);
    }

    private static long bookedIn(long v, long s) {
      return v >>> BOOKED_BITS == (s & TAG_MASK) ? v & MAX_BOOKED : 0;
    }

    /**
     * Whether a later slot than {@code s}, at most {@link #LATER} slots on, holds the element (an empty element
     * belongs to no slot).
     */
    static boolean taken(long v, long s) {
      long ahead = ((v >>> BOOKED_BITS) - s) & TAG_MASK;
      return ahead != 0 && ahead <= LATER && (v & MAX_BOOKED) > 0;
    }

    private static int index(long s) {
      return (int) Math.floorMod(s, (long) SLOTS);
    }
  }

  /** The slot length, and how much of a slot a read released at {@code t} can still use. */
  private record Slots(long slotMicros) {

    /** A slot's booked time counts from its start; a read released inside it starts no earlier than then. */
    long start(long s, long t, long had) {
      return Math.max(t, s * slotMicros + had);
    }

    long free(long s, long t, long had) {
      return (s + 1) * slotMicros - start(s, t, had);
    }
  }

  /** The volume's entry, or null if nothing was ever sent to it. */
  Entry find(String storageId) {
    return volumes.get(storageId);
  }

  /**
   * When a read of {@code costMicros} in {@code window} would end on the volume, or {@code Long.MAX_VALUE} as soon
   * as the walk shows the read would start at or after {@code limit} (so it would end after it): a candidate that
   * cannot beat the best one so far stops walking the calendar. Books nothing.
   *
   * @param entry the volume's entry, null for a volume never sent anything
   */
  long finishMicros(Entry entry, Window window, long costMicros, long limit) {
    Scan scan = new Scan(entry, window);
    long t = scan.firstStart;
    long left = costMicros;
    long carry = scan.carry;
    for (long s = scan.first; ; s++) {
      long used = (entry == null ? 0 : entry.booked(s)) + carry;
      long start = calendar.start(s, t, used);
      if (start >= limit) {
        return Long.MAX_VALUE;
      }
      long free = (s + 1) * slotMicros - start;
      if (s == window.last || free >= left) {
        return start + left;
      }
      carry = Math.max(0, used - slotMicros);
      left -= Math.max(0, free);
      t = nextStart(s, window);
    }
  }

  /**
   * Books a read of {@code costMicros} in {@code window} on the volume.
   *
   * @param known the volume's entry if the caller has it, else null
   * @return when the read would end
   */
  long add(String storageId, Entry known, Window window, long costMicros) {
    Entry entry = known != null ? known : entryFor(storageId);
    Scan scan = new Scan(entry, window);
    if (scan.carry > 0) {
      entry.spill(scan.hint, window.nowSlot, slotMicros);
    }
    long t = scan.firstStart;
    long left = costMicros;
    long fullBefore = scan.fromHint ? scan.first : Long.MIN_VALUE;
    for (long s = scan.first; ; s++) {
      boolean open = s == window.last;
      if (!open) {
        entry.spill(s, s + 1, slotMicros);
      }
      long had = entry.claim(s, t, left, calendar, open);
      if (had < 0 && open) {
        entry.noteLast(s);
        return t + left; // the clock passed the whole calendar while this read waited to be booked
      }
      if (had >= 0) {
        long start = calendar.start(s, t, had);
        long take = open ? left : Math.min(left, Math.max(0, (s + 1) * slotMicros - start));
        boolean full = !open && fullBefore == s && had + take == slotMicros;
        if (take == left) {
          noteFull(entry, full ? s + 1 : fullBefore);
          entry.noteLast(s);
          return start + take;
        }
        left -= take;
        if (full) {
          fullBefore = s + 1; // exactly full: later scans may start after it
        }
      }
      t = nextStart(s, window);
    }
  }

  /**
   * The earliest start of the read in the slot after {@code s}: that slot's start, but never before the read's
   * release. A walk from the release's slot on only meets slots that start after the release; a walk through a
   * pile ({@link Scan}) starts before it, and until session 52 it forgot the release after its first slot, so a
   * read released after the pile drained was estimated and booked from where the pile ended, before its reader would
   * ask: a loaded volume then looked sooner free than an idle one.
   */
  private long nextStart(long s, Window window) {
    return Math.max(window.release, (s + 1) * slotMicros);
  }

  /**
   * A read's place in time, the same for every volume it is weighed against: the slot of the decision, the
   * calendar's last slot from there, and the read's release, in microseconds and as a slot. Worked out once per
   * block ({@link EarliestFinish}) and kept for its booking: one or two long divisions per block, where every
   * candidate's walk and the booking used to make two each.
   */
  record Window(long nowSlot, long last, long release, long releaseSlot) {}

  /** The window of a read released at {@code releaseMicros} (no earlier than now), decided at {@code nowMicros}. */
  Window window(long releaseMicros, long nowMicros) {
    long nowSlot = Math.floorDiv(nowMicros, slotMicros);
    long last = nowSlot + SLOTS - 1;
    long release = Math.min(Math.max(releaseMicros, nowMicros), last * slotMicros);
    long releaseSlot = release == nowMicros ? nowSlot : Math.floorDiv(release, slotMicros);
    return new Window(nowSlot, last, release, releaseSlot);
  }

  /**
   * Where a read's walk through a volume's slots starts: at its release, or later if the slots before are known to
   * be full, or earlier to take along a queue that was longer than the calendar.
   */
  private final class Scan {

    final long hint;
    final long first;
    final long firstStart;
    final boolean fromHint;
    /** What a queue longer than the calendar, piled in a slot whose time has passed, still holds at now. */
    final long carry;

    Scan(Entry entry, Window window) {
      long nowSlot = window.nowSlot;
      long from = nowSlot;
      long pile = 0;
      long releaseSlot = window.releaseSlot;
      hint = entry == null ? Long.MIN_VALUE : entry.fullBefore;
      if (entry != null) {
        if (hint >= nowSlot) {
          from = Math.min(hint, window.last);
          if (entry.booked(from) > slotMicros) {
            releaseSlot = from; // a pile: walk through it to carry what it holds beyond its slot
          }
        } else if (hint > nowSlot - SLOTS) {
          pile = Math.max(0, hint * slotMicros + entry.booked(hint) - nowSlot * slotMicros);
          releaseSlot = pile > 0 ? nowSlot : releaseSlot;
        }
      }
      carry = pile;
      fromHint = releaseSlot <= from;
      first = Math.max(releaseSlot, from);
      firstStart = Math.max(window.release, first * slotMicros);
    }
  }

  private static void noteFull(Entry entry, long fullBefore) {
    if (fullBefore > entry.fullBefore) {
      entry.fullBefore = fullBefore; // a hint: a lost race leaves an earlier start, never a later one
    }
  }

  /**
   * Forgets, at most every {@link #PRUNE_INTERVAL_MICROS}, the volumes whose every booking has passed: a volume
   * without an entry is read as idle, which is what such a volume is, so nothing is lost but memory (volumes come
   * and go: a replaced disk or a reformatted DataNode brings new storage IDs, and each entry holds a 1 KiB calendar).
   * A read booked on an entry while it is forgotten (the two race once a prune) is lost from the estimate, and so is
   * a queue piled past the calendar that a booking is just moving forward.
   *
   * @param nowMicros the policy clock, as for {@link #window}
   */
  void pruneIfDue(long nowMicros) {
    if (nowMicros >= nextPruneMicros) {
      prune(nowMicros);
    }
  }

  private synchronized void prune(long nowMicros) {
    if (nowMicros < nextPruneMicros) {
      return; // another thread pruned meanwhile
    }
    nextPruneMicros = nowMicros + PRUNE_INTERVAL_MICROS;
    volumes.retainIf(e -> !e.idleAt(nowMicros, slotMicros));
  }

  /** The volume's entry, made on first use (rare: once per volume the NameNode ever orders). */
  private synchronized Entry entryFor(String storageId) {
    Entry entry = volumes.get(storageId);
    if (entry == null) {
      entry = new Entry(storageId);
      volumes.put(entry);
    }
    return entry;
  }

  int size() {
    return volumes.size();
  }
}
