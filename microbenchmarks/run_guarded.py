#!/usr/bin/env python3
"""Runs ReadOrderingBenchmark one (policy, replicas) trial at a time, guarded against other load on the machine.

On a small shared machine (2 cores here) another build or test run steals CPU from the benchmark JVM, its JIT
and its GC, and a trial's score says more about the neighbour than about the code. This runner measures the CPU
used by everything outside its own process tree (from /proc/stat, so short-lived processes and VM steal time
count) while each measurement iteration runs, waits for a quiet machine before each trial, and repeats a trial
whose measurement iterations saw more than --threshold cores of other load (up to --retries times, keeping the
quietest attempt). It writes one JMH JSON result for all trials, each entry with the other load it saw
("replicakitOtherLoadCores"), which jmh_table.py prints as a column.

  python3 microbenchmarks/run_guarded.py --out microbenchmarks/target/jmh/read-ordering.json \\
      -- -wi 5 -i 5 -prof gc

Everything after "--" goes to JMH unchanged (iterations, times, profilers, -jvmArgsAppend ...). Linux only.

The jar is copied to a temporary file first and every trial runs that copy: a build started meanwhile (any
`./mvnw package` or bin/replicakit in this work tree rebuilds the module) must not change the code under test
halfway through the matrix. The log records the jar's SHA-256.

Load inside this VM is not the only disturbance: on a shared host, another tenant's burst can slow one fork
by half while /proc/stat shows nothing (no steal time is reported here). With several forks (-f 3 or more),
the runner therefore also repeats a trial whose slowest fork's mean is more than --max-fork-spread times its
fastest fork's (the same code in the same setup; the forks differ only in what else ran), and keeps the
steadiest attempt. The rule is the same for every policy, HDFS's baseline included.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

POLICIES = ["hdfs", "network-distance", "storage-type", "wrr", "drr", "system-state", "combined"]
REPLICAS = ["3", "6", "12"]
BENCHMARK = "io.replicakit.jmh.ReadOrderingBenchmark"
HZ = os.sysconf("SC_CLK_TCK")


def busy_ticks():
    """All CPU time the machine spent not idle (user, nice, system, irq, softirq, steal), in ticks."""
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return user + nice + system + irq + softirq + steal


def tree_ticks(root):
    """CPU ticks used so far by the live processes descending from root (root included)."""
    procs = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                parts = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        procs[int(pid)] = (int(parts[1]), int(parts[11]) + int(parts[12]))
    children = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        if pid in procs:
            total += procs[pid][1]
        todo.extend(children.get(pid, []))
    return total


class LoadSampler(threading.Thread):
    """Every interval: (time, cores used by processes outside this runner's tree)."""

    def __init__(self, interval=0.5):
        super().__init__(daemon=True)
        self.interval = interval
        self.samples = []
        self.stopped = threading.Event()

    def run(self):
        me = os.getpid()
        last_t, last_busy, last_own = time.time(), busy_ticks(), tree_ticks(me)
        while not self.stopped.wait(self.interval):
            t, busy, own = time.time(), busy_ticks(), tree_ticks(me)
            dt = t - last_t
            # A process of ours that exited takes its ticks along: never count that as other load.
            other = max(0.0, ((busy - last_busy) - max(0, own - last_own)) / HZ / dt) if dt > 0 else 0.0
            self.samples.append((t, other))
            last_t, last_busy, last_own = t, busy, own

    def mean(self, start, end):
        values = [v for t, v in self.samples if start < t <= end + self.interval]
        return sum(values) / len(values) if values else 0.0


def wait_quiet(sampler, threshold, max_wait, log):
    """Waits (at most max_wait s) until the last 3 s saw less than threshold cores of other load."""
    deadline = time.time() + max_wait
    time.sleep(3)
    while True:
        now = time.time()
        load = sampler.mean(now - 3, now)
        if load < threshold or now >= deadline:
            if load >= threshold:
                log("  machine still busy (%.2f cores of other load); starting anyway" % load)
            return
        time.sleep(1)


def fork_spread(entry):
    """Slowest fork's mean over fastest fork's mean (1.0 with one fork)."""
    means = [sum(fork) / len(fork) for fork in entry["primaryMetric"]["rawData"] if fork]
    return max(means) / min(means) if len(means) > 1 and min(means) > 0 else 1.0


def run_trial(args, policy, replicas, sampler, logfile, log):
    """One JMH run of one parameter pair; returns (its JSON entries, mean other load over measured iterations)."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as tmp:
        result = tmp.name
    cmd = ["java", "-jar", args.jar, BENCHMARK, "-p", "policy=" + policy, "-p", "replicas=" + replicas,
           "-rf", "json", "-rff", result] + args.jmh
    logfile.write("%.2f $ %s\n" % (time.time(), " ".join(cmd)))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    windows, previous = [], time.time()
    for line in proc.stdout:
        now = time.time()
        logfile.write("%.2f %s" % (now, line))
        if re.match(r"Iteration\s+\d+: ", line):  # printed when a measured iteration ends
            windows.append((previous, now))
        previous = now
    if proc.wait() != 0:
        sys.exit("JMH failed for policy=%s replicas=%s; see %s" % (policy, replicas, args.log))
    time.sleep(sampler.interval * 2)
    loads = [sampler.mean(a, b) for a, b in windows]
    with open(result) as f:
        entries = json.load(f)
    os.unlink(result)
    return entries, (sum(loads) / len(loads) if loads else 0.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--jar", default="microbenchmarks/target/jmh/microbenchmarks.jar")
    parser.add_argument("--out", required=True, help="JMH JSON result of all trials")
    parser.add_argument("--log", help="JMH output with timestamps (default: OUT with .log)")
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--replicas", default=",".join(REPLICAS))
    parser.add_argument("--threshold", type=float, default=0.15, help="other load (cores) that spoils a trial")
    parser.add_argument("--retries", type=int, default=2)
    parser.add_argument("--max-wait", type=float, default=90, help="longest wait for a quiet machine, s")
    parser.add_argument("--max-fork-spread", type=float, default=1.25,
                        help="slowest over fastest fork mean that spoils a trial (with several forks)")
    parser.add_argument("jmh", nargs=argparse.REMAINDER, help="-- then JMH options")
    args = parser.parse_args()
    args.jmh = args.jmh[1:] if args.jmh[:1] == ["--"] else args.jmh
    args.log = args.log or re.sub(r"\.json$", "", args.out) + ".log"
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)

    snapshot = tempfile.NamedTemporaryFile(prefix="replicakit-jmh-", suffix=".jar", delete=False)
    snapshot.close()
    shutil.copyfile(args.jar, snapshot.name)
    with open(snapshot.name, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    built, args.jar = args.jar, snapshot.name

    sampler = LoadSampler()
    sampler.start()
    entries, started = [], time.time()
    with open(args.log, "w") as logfile:
        def log(message):
            print(message, flush=True)
            logfile.write("%.2f # runner: %s\n" % (time.time(), message))

        log("nproc %d; other load threshold %.2f cores; JMH options: %s"
            % (os.cpu_count(), args.threshold, " ".join(args.jmh) or "(the benchmark's defaults)"))
        log("jar %s (sha256 %s), run from the copy %s" % (built, digest, args.jar))
        for replicas in args.replicas.split(","):
            for policy in args.policies.split(","):
                best = None
                for attempt in range(1 + args.retries):
                    wait_quiet(sampler, args.threshold, args.max_wait, log)
                    result, load = run_trial(args, policy, replicas, sampler, logfile, log)
                    score = result[0]["primaryMetric"]
                    error = score["scoreError"] if isinstance(score["scoreError"], (int, float)) else float("nan")
                    spread = fork_spread(result[0])
                    quiet, steady = load < args.threshold, spread <= args.max_fork_spread
                    log("replicas=%-2s policy=%-16s %10.1f ± %7.1f ns/op   other load %.2f cores   fork spread %.2f%s"
                        % (replicas, policy, score["score"], error, load, spread,
                           "" if quiet and steady else "  (%s, attempt %d)" % (
                               "over the load threshold" if not quiet else "forks disagree", attempt + 1)))
                    # Quiet beats loud; among equally quiet attempts, the steadier one.
                    rank = (not quiet, spread)
                    if best is None or rank < best[2]:
                        best = (result, load, rank)
                    if quiet and steady:
                        break
                for entry in best[0]:
                    entry["replicakitOtherLoadCores"] = round(best[1], 3)
                    entry["replicakitForkSpread"] = round(fork_spread(entry), 3)
                    entries.append(entry)
        log("done in %.0f s" % (time.time() - started))
    sampler.stopped.set()
    os.unlink(args.jar)
    with open(args.out, "w") as f:
        json.dump(entries, f, indent=2)
    print("wrote %s and %s" % (args.out, args.log))


if __name__ == "__main__":
    main()
