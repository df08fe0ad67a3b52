#!/usr/bin/env python3
"""Prints ReadOrderingPairedBenchmark's JMH JSON result (-rf json) as a Markdown table of paired ratios.

In that benchmark every iteration, warm-up included, sorts with the other of two topologies: even iterations
(counting from the first warm-up iteration, 0) with HDFS's own sort, odd ones with the policy's. Each policy
iteration is paired with the HDFS iterations on either side of it in the same fork (one side where the other is a
warm-up iteration or past the end), and its ratio is its ns/op over their mean. Per (replicas, threads, policy):
the medians of both sides' iterations, the number of pairs, the median ratio with its lowest and highest, and how
many pairs are above the target (default 2.0).

  python3 microbenchmarks/paired_table.py paired.json [--target 2.0]
"""
import statistics
import sys

import jmh_table  # beside this script


def pairs(result):
    """(policy ns/op, HDFS ns/op beside it) for every policy iteration of every fork."""
    warmup = result["warmupIterations"]
    out = []
    for fork in result["primaryMetric"]["rawData"]:
        for j, value in enumerate(fork):
            if (warmup + j) % 2 == 0:
                continue  # HDFS's iteration
            beside = [fork[k] for k in (j - 1, j + 1) if 0 <= k < len(fork)]
            out.append((value, statistics.mean(beside)))
    return out


def hdfs_iterations(result):
    warmup = result["warmupIterations"]
    return [v for fork in result["primaryMetric"]["rawData"] for j, v in enumerate(fork) if (warmup + j) % 2 == 0]


def main():
    args = jmh_table.arguments(__doc__.splitlines()[0])
    results = jmh_table.load_results(args.json, "ReadOrderingPairedBenchmark")
    for r in results:
        if r["primaryMetric"]["scoreUnit"] != "ns/op":
            sys.exit("expected ns/op, got " + r["primaryMetric"]["scoreUnit"])

    print("| replicas | threads | policy | HDFS's sort (ns/op, median) | policy (ns/op, median) | pairs "
          "| ratio (median) | lowest – highest | pairs over %.1f× |" % args.target)
    print("|---:|---:|---|---:|---:|---:|---:|---|---:|")
    over = []
    key = lambda r: (int(r["params"]["replicas"]), r["threads"], r["params"]["policy"])
    for r in sorted(results, key=key):
        p = pairs(r)
        ratios = [v / h for v, h in p]
        median = statistics.median(ratios)
        above = sum(1 for x in ratios if x > args.target)
        flag = " **over**" if median > args.target else ""
        print("| %s | %d | %s | %.1f | %.1f | %d | %.2f×%s | %.2f – %.2f | %d |" % (
            r["params"]["replicas"], r["threads"], r["params"]["policy"], statistics.median(hdfs_iterations(r)),
            statistics.median([v for v, _ in p]), len(p), median, flag, min(ratios), max(ratios), above))
        if median > args.target:
            over.append("%s at %s replicas, %d threads (%.2f×)" % (
                r["params"]["policy"], r["params"]["replicas"], r["threads"], median))
    print()
    print("Median ratio over the %.1f× target: %s" % (args.target, "; ".join(over) if over else "none"))


if __name__ == "__main__":
    main()
