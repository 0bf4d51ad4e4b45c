#!/usr/bin/env python3
"""Per-JVM summary of Cannon's multiply probe (docs/session11/place16.md).

Usage: scripts/multiply-probe-summary.py PASS...
  each PASS is a bench output directory (PASS/runs.csv) whose bench JVM ran with
  BAMBOO_JAVA_OPTS=-Dbamboo.cannon.probe=PASS.calls.csv (one CSV line per Kernel.multiply() on blocks of
  64+ rows: start_ns, wall_ns, cpu_ns, rows, thread).
The calls are split into runs at gaps of more than 20 ms and matched to runs.csv in order; for the timed
runs of each row it prints medians over runs of: the run's time, the multiply CPU per run, the per-call
CPU (median), ns of CPU per multiply-add, the time the workers were off their core inside multiplies
(wall - CPU) and the calls preempted (more than 200 us off their core).
"""
import csv
import statistics as st
import sys


def groups(d):
    calls = sorted((int(r['start_ns']), int(r['wall_ns']), int(r['cpu_ns']), int(r['rows']), int(r['thread']))
                   for r in csv.DictReader(open(d + '.calls.csv')))
    gs, cur, end = [], [], None
    for c in calls:
        if end is not None and c[0] - end > 20_000_000:
            gs.append(cur)
            cur = []
        cur.append(c)
        end = max(end or 0, c[0] + c[1])
    gs.append(cur)
    return gs


def main(passes):
    if not passes:
        sys.exit(__doc__)
    print("pass    row          run_s   mult_cpu_ms/run  us/call(med)  ns/FMA   off_ms/run  preempted/run")
    for d in passes:
        try:
            runs = list(csv.DictReader(open(d + '/runs.csv')))
            gs = groups(d)
        except FileNotFoundError as e:
            print(f"{d}: {e.strerror}: {e.filename}")
            continue
        if len(gs) != len(runs):
            print(f"{d}: {len(gs)} groups of calls but {len(runs)} runs in runs.csv: cannot match them")
            continue
        by = {}
        for g, r in zip(gs, runs):
            if r['run'].startswith('w'):
                continue
            by.setdefault(r['row'], []).append((float(r['seconds']), sum(c[2] for c in g) / 1e6,
                                                st.median(c[2] for c in g) / 1e3, sum(c[1] - c[2] for c in g) / 1e6,
                                                sum(1 for c in g if c[1] - c[2] > 200_000), g[0][3]))
        for row, v in by.items():
            rows = v[0][5]
            fma = rows ** 3   # one product of square blocks per call
            m = lambda i: st.median(x[i] for x in v)
            print(f"{d.split('/')[-1]:7s} {row:12s} {m(0):.4f}  {m(1):8.1f}  {m(2):10.0f}  {m(2) * 1e3 / fma:8.4f}"
                  f"  {m(3):8.1f}  {m(4):6.0f}")


if __name__ == '__main__':
    main(sys.argv[1:])
