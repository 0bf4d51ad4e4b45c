#!/usr/bin/env python3
"""Per-JVM medians of Cannon's rows over several bench passes (docs/session11/place16.md).

Usage: scripts/cannon-passes.py LABEL DIR...   (each DIR a `bamboo bench apps --app cannon --out DIR` pass
with at least basic, bamboo k=4 and/or k=16, and nocomm). Prints one line per pass (one JVM): the rows'
medians, hidden = (basic - bamboo) / (basic - nocomm) with the faster bamboo k and with k=16, then the
median and range of each over the passes. Judge the target itself with `bamboo bench apps --targets-from`.
"""
import csv
import statistics as st
import sys


def main(label, dirs):
    rows = []
    for d in dirs:
        try:
            r = {(x['variant'], x['k']): float(x['median_s'])
                 for x in csv.DictReader(open(d + '/results.csv')) if x['app'] == 'cannon'}
        except FileNotFoundError:
            print(f"{label} {d}: no results.csv")
            continue
        basic, nocomm = r.get(('basic', '0')), r.get(('nocomm', '0'))
        b4, b16 = r.get(('bamboo', '4')), r.get(('bamboo', '16'))
        if None in (basic, nocomm, b4, b16):
            print(f"{label} {d}: needs basic, bamboo k=4 and k=16, nocomm")
            continue
        best = min(b4, b16)
        h, h16 = (basic - best) / (basic - nocomm) * 100, (basic - b16) / (basic - nocomm) * 100
        rows.append((basic, b4, b16, nocomm, h, h16))
        print(f"{label:6s} {d.split('/')[-1]:10s} basic {basic:.4f} k4 {b4:.4f} k16 {b16:.4f} nocomm {nocomm:.4f}"
              f" hidden(best k) {h:5.1f}% hidden(k16) {h16:5.1f}%")
    if rows:
        names = ['basic', 'k4', 'k16', 'nocomm', 'hidden', 'hidden16']
        print(f"{label:6s} {len(rows)} JVMs: " + "  ".join(
            f"{n} {st.median(c):.4f} [{min(c):.4f}, {max(c):.4f}]" for n, c in zip(names, zip(*rows))))


if __name__ == '__main__':
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2:])
