#!/usr/bin/env python3
"""Prints ReadOrderingBenchmark's JMH JSON result (-rf json) as a Markdown table: per replica count and policy,
ns/op with JMH's 99.9 % error, and the ratio to HDFS's own sort (policy=hdfs) with its propagated error.
With -prof gc in the run, also bytes allocated per op; from run_guarded.py, the other load on the machine while
the trial was measured and how far apart its forks were (slowest fork's mean over fastest's). Marks ratios
above the target (default 2.0).

  python3 microbenchmarks/jmh_table.py microbenchmarks/target/jmh/read-ordering.json [--target 2.0]
"""
import argparse
import json
import math
import sys

ORDER = ["hdfs", "network-distance", "storage-type", "wrr", "drr", "system-state", "combined"]


def alloc_norm(result):
    for name, metric in result.get("secondaryMetrics", {}).items():
        if name.endswith("gc.alloc.rate.norm"):
            return metric["score"]
    return None


def arguments(description):
    """The command line both table scripts take: the JMH JSON file and the target ratio."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("json", help="JMH result file written with -rf json -rff FILE")
    parser.add_argument("--target", type=float, default=2.0, help="highest acceptable ratio to hdfs")
    return parser.parse_args()


def load_results(path, benchmark):
    """The results of {benchmark}.sortByDistance in a JMH JSON file; exits when there are none."""
    method = benchmark + ".sortByDistance"
    with open(path) as f:
        results = [r for r in json.load(f) if r["benchmark"].endswith(method)]
    if not results:
        sys.exit("no %s results in %s" % (method, path))
    return results


def main():
    args = arguments(__doc__.splitlines()[0])
    results = load_results(args.json, "ReadOrderingBenchmark")

    rows = {}
    for r in results:
        p = r["params"]
        m = r["primaryMetric"]
        if m["scoreUnit"] != "ns/op":
            sys.exit("expected ns/op, got " + m["scoreUnit"])
        error = m["scoreError"] if isinstance(m["scoreError"], (int, float)) and not math.isnan(m["scoreError"]) else 0.0
        policy = p["policy"]
        if p.get("metrics", "fresh") != "fresh":
            policy += " (metrics=%s)" % p["metrics"]
        rows[(int(p["replicas"]), policy)] = (m["score"], error, alloc_norm(r), r.get("replicakitOtherLoadCores"),
                                              r.get("replicakitForkSpread"))

    with_alloc = any(v[2] is not None for v in rows.values())
    with_load = any(v[3] is not None for v in rows.values())
    with_spread = any(v[4] is not None for v in rows.values())
    header = "| replicas | policy | ns/op | ± error (99.9 %) | ratio to hdfs |"
    rule = "|---:|---|---:|---:|---:|"
    if with_alloc:
        header += " B/op |"
        rule += "---:|"
    if with_load:
        header += " other load (cores) |"
        rule += "---:|"
    if with_spread:
        header += " fork spread |"
        rule += "---:|"
    print(header)
    print(rule)
    over = []
    for replicas in sorted({k[0] for k in rows}):
        base = rows.get((replicas, "hdfs")) or rows.get((replicas, "hdfs (metrics=none)"))

        def rank(name):
            plain = name.split(" ")[0]
            return (ORDER.index(plain) if plain in ORDER else len(ORDER), name)

        policies = sorted((k[1] for k in rows if k[0] == replicas), key=rank)
        for policy in policies:
            score, error, alloc, load, spread = rows[(replicas, policy)]
            if base is None:
                ratio = "n/a (no hdfs run)"
            elif rows[(replicas, policy)] is base:
                ratio = "1.00× (baseline)"
            else:
                value = score / base[0]
                rel = math.sqrt((error / score) ** 2 + (base[1] / base[0]) ** 2) if score and base[0] else 0.0
                mark = ""
                if value > args.target:
                    mark = " **over %.1f×**" % args.target
                    over.append((replicas, policy, value))
                ratio = "%.2f× ± %.2f%s" % (value, value * rel, mark)
            line = "| %d | %s | %.1f | %.1f | %s |" % (replicas, policy, score, error, ratio)
            if with_alloc:
                line += " %s |" % ("%.0f" % alloc if alloc is not None else "")
            if with_load:
                line += " %s |" % ("%.2f" % load if load is not None else "")
            if with_spread:
                line += " %s |" % ("%.2f" % spread if spread is not None else "")
            print(line)
    print()
    if over:
        print("Over the %.1f× target: %s" % (args.target, ", ".join(
            "%s at %d replicas (%.2f×)" % (p, n, v) for n, p, v in over)))
    else:
        print("Every policy within %.1f× of HDFS's own sort." % args.target)


if __name__ == "__main__":
    main()
