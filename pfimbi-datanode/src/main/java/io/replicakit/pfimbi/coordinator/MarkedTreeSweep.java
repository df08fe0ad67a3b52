/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.client.InvalidPfimbiSpecException;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.coordinator.TreeListing.Dir;
import io.replicakit.pfimbi.coordinator.TreeListing.Entry;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * A depth-first walk of the namespace from given roots, in bounded steps, that yields every replicated file whose
 * Pfimbi request (its own attribute, else its nearest marked ancestor's) asks for more replicas than the file has
 * (an erasure-coded file has no replication to raise).
 *
 * <p>Why: the coordinator's state lives in memory. A NameNode restart or failover forgets the files in flight,
 * and a file that is never noted (renamed before it could be resolved, or dropped when too many writes waited)
 * would stay at its synchronous replication while fsck calls it healthy. The sweep is the backstop that finds
 * them from what the namespace itself records: the marks and the files' replication. Steps are bounded so that a
 * large namespace is walked a slice per coordinator round instead of in one long stall.
 *
 * <p>Not thread-safe; one walk at a time. Directories are followed by inode id, so a rename during the walk
 * neither loses nor repeats a subtree (a subtree moved to a part already walked is found by the next sweep).
 */
public final class MarkedTreeSweep {

  /** A file below its target. */
  public record Found(long inodeId, String path, short replication, PfimbiSpec spec) {}

  /** A directory to start from, with the request it inherits from its ancestors. */
  public record Root(Dir dir, Optional<PfimbiSpec> inherited) {}

  private static final class Frame {
    final Dir dir;
    final Optional<PfimbiSpec> inherited;
    String after = "";

    Frame(Dir dir, Optional<PfimbiSpec> inherited) {
      this.dir = dir;
      this.inherited = inherited;
    }
  }

  private final TreeListing listing;
  private final Deque<Frame> stack = new ArrayDeque<>();
  private long entriesSeen;
  private long badSpecs;

  public MarkedTreeSweep(TreeListing listing) {
    this.listing = listing;
  }

  /** Starts a new walk (dropping any walk in progress). */
  public void begin(List<Root> roots) {
    stack.clear();
    entriesSeen = 0;
    badSpecs = 0;
    for (int i = roots.size() - 1; i >= 0; i--) {
      stack.push(new Frame(roots.get(i).dir(), roots.get(i).inherited()));
    }
  }

  public boolean done() {
    return stack.isEmpty();
  }

  /** Entries looked at since {@link #begin}. */
  public long entriesSeen() {
    return entriesSeen;
  }

  /** Marks that could not be parsed since {@link #begin} (they are ignored, as the coordinator ignores them). */
  public long badSpecs() {
    return badSpecs;
  }

  /** Looks at up to {@code budget} entries and returns the files below target among them. */
  public List<Found> step(int budget) throws IOException {
    List<Found> found = new ArrayList<>();
    int left = budget;
    while (left > 0 && !stack.isEmpty()) {
      Frame frame = stack.peek();
      List<Entry> page = listing.children(frame.dir, frame.after, left);
      if (page.isEmpty()) {
        stack.pop();
        continue;
      }
      frame.after = page.get(page.size() - 1).name();
      left -= page.size();
      entriesSeen += page.size();
      visit(frame, page, found);
    }
    return found;
  }

  private void visit(Frame frame, List<Entry> page, List<Found> found) {
    List<Frame> subdirs = new ArrayList<>();
    for (Entry e : page) {
      Optional<PfimbiSpec> spec = own(e).or(() -> frame.inherited);
      String path = frame.dir.child(e.name());
      if (e.directory()) {
        subdirs.add(new Frame(new Dir(e.inodeId(), path), spec));
      } else if (!e.erasureCoded() && spec.isPresent() && spec.get().replication() > e.replication()) {
        found.add(new Found(e.inodeId(), path, e.replication(), spec.get()));
      }
    }
    for (int i = subdirs.size() - 1; i >= 0; i--) {
      stack.push(subdirs.get(i));
    }
  }

  private Optional<PfimbiSpec> own(Entry e) {
    if (e.specText().isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(PfimbiSpec.parse(e.specText().get()));
    } catch (InvalidPfimbiSpecException ex) {
      badSpecs++;
      return Optional.empty();
    }
  }
}
