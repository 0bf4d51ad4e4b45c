#!/usr/bin/env python3
"""Per bench pass with a compilation log: Cannon's bamboo rows' medians next to what C2 inlined into the
translated task's execute() (docs/benchmarks.md, "Why Cannon's bamboo depended on what ran before it in the JVM (session 12, jit17)").

usage: cannon-jit-rows.py DIR...   (each DIR an --out folder, DIR.jitlog the -XX:LogFile of its JVM)

The tier-4 compilations of Annotated_BambooTask.execute() come in row order of their invocation rate:
the first is k=16's class, the second k=9's (k=4's class stays at tier 3 in 13 runs; checked against the
JIT-ms spikes in runs.csv). For each: whether Kernel.multiply() at the loop's call site was inlined (or
the reason it was not), the bytes inlined in all, and how many of the loop's calls were cut by the
inlining budget (size > DesiredMethodLimit).
"""
import sys, re, subprocess, os
here = os.path.dirname(os.path.abspath(__file__))
for d in sys.argv[1:]:
    med = {}
    for line in open(os.path.join(d, 'results.txt')) if os.path.exists(os.path.join(d, 'results.txt')) else []:
        m = re.match(r'cannon\s+(bamboo k=\d+|basic|nocomm)\s+\d+\s+\d+\s+([\d.]+)', line)
        if m:
            med[m.group(1)] = float(m.group(2))
    out = subprocess.run([sys.executable, os.path.join(here, 'jitlog-summary.py'), d + '.jitlog', '--inline',
                          'Annotated_BambooTask.execute'], capture_output=True, text=True).stdout
    trees = re.split(r'\n# inlining of compile id ', out)[1:]
    rows = []
    for t in trees:
        head = t.split('\n', 1)[0]
        if ' L4 ' not in head and ' LNone ' not in head and 'L4' not in head.split()[2:3][0] if len(head.split()) > 2 else True:
            pass
        if not re.search(r' L4 ', head):
            continue
        mul = re.search(r'^  Annotated_BambooTask\.execute\[\d+\] @(\d+) -> Kernel\.multiply\[\d+\] : (\w+) ([^(]*)', t, re.M)
        clipped = len(re.findall(r'^  \S+ @\d+ -> .*size > DesiredMethodLimit', t, re.M))
        inl = re.search(r'inl=(\d+)', head)
        rows.append((mul.group(2) + ' ' + mul.group(3).strip() if mul else '?', clipped))
    names = ['k=16', 'k=9']
    parts = []
    for i, (mul, clipped) in enumerate(rows[:2]):
        parts.append('%s: multiply %s, %d calls clipped' % (names[i], mul, clipped))
    print('%-28s basic %.4f  k=4 %.4f  k=9 %.4f  k=16 %.4f  nocomm %.4f | %s' % (
        os.path.basename(d), med.get('basic', 0), med.get('bamboo k=4', 0), med.get('bamboo k=9', 0),
        med.get('bamboo k=16', 0), med.get('nocomm', 0), '; '.join(parts)))
