#!/usr/bin/env python3
# perf-summary.py PERF.DATA RUNS HZ [CATEGORIES]: (bench/scripts/perf-profile.sh runs it) CPU ms per run by thread group and symbol category (perf report -n, flat).
import sys, subprocess, re, collections
data, runs, hz = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
out = subprocess.run(['perf', 'report', '-i', data, '--no-children', '-g', 'none', '-n', '--sort', 'comm,dso,sym',
                      '--stdio'], capture_output=True, text=True).stdout
def tgroup(c):
    if re.search(r'worker', c): return 'workers'
    if re.search(r'handler|-ha', c): return 'handlers'
    if re.search(r'rank|node\d', c): return 'ranks'
    if re.search(r'GC|PSYoung|ParGC', c): return 'gc-threads'
    if re.search(r'C2|C1|Compiler', c): return 'jit-threads'
    return 'other:' + re.sub(r'\d+', '#', c)
def cat(dso, sym):
    if 'Kernel.multiply' in sym: return 'kernel multiply'
    if 'Kernel.' in sym or 'IntMatrices' in sym: return 'kernel other'
    if 'StubRoutines' in sym or 'memmove' in sym or 'memcpy' in sym: return 'copy (stubs, memmove)'
    if 'memset' in sym: return 'memset (zeroing)'
    if dso.startswith('[kernel'): 
        if re.search(r'futex|schedule|switch|wake|idle|sched|ttwu|enqueue|dequeue|pick_next|hrtimer|tick|irq|apic|ipi|call_function|update_curr|load_balance|newidle|select_task|raw_spin|rcu', sym): return 'kernel: sched/futex/irq'
        if re.search(r'fault|page|mm_|memcg|clear_page|lru', sym): return 'kernel: memory'
        return 'kernel: other'
    # generated code before the runtime: a JIT symbol carries the return type (execute() returns bamboo.runtime.Task$Outcome)
    if re.search(r'Annotated\w*\.\w+\(', sym): return 'generated task code'
    if sym.startswith('[.] ') and ('bamboo.runtime' in sym or 'org.agrona' in sym): return 'runtime (Java)'
    if 'bamboo.shim' in sym or ' mpi.' in sym: return 'shim (Java)'
    if 'Annotated' in sym: return 'generated task code'
    if 'Interpreter' in sym: return 'interpreter'
    if 'libjvm' in dso:
        if re.search(r'PS|Oop|ParCompaction|Mark|Compact|GC|Card|Scavenge|Adjust', sym): return 'jvm: gc'
        if re.search(r'Phase|IndexSet|LinearScan|Chaitin|Node::|Compile|Matcher|PhaseIdeal|C2|ciEnv|Type::|Parse|GraphKit|RegMask|LRG|Block', sym): return 'jvm: jit'
        if re.search(r'Park|Unpark|futex|Mutex|Monitor|SpinPause|Thread|os::', sym): return 'jvm: park/threads'
        return 'jvm: other'
    if 'libc' in dso:
        if re.search(r'futex|pthread|lll_|clock|syscall|sched', sym): return 'libc: park/clock'
        return 'libc: other'
    return 'other'
tab = collections.defaultdict(lambda: collections.Counter())
tops = collections.defaultdict(collections.Counter)
total = 0
for line in out.splitlines():
    m = re.match(r'\s*([\d.]+)%\s+(\d+)\s+(\S+)\s+(\S+(?: tid \d+)?|\[[^\]]+\])\s+(\[.\] .*)$', line)
    if not m: continue
    n = int(m.group(2)); comm = m.group(3); dso = m.group(4); sym = m.group(5)
    g = tgroup(comm); c = cat(dso, sym)
    tab[g][c] += n; total += n
    tops[c][sym[:100]] += n
ms = lambda n: 1000.0 * n / hz / runs
print(f'{data}: {total} samples, {ms(total):.1f} ms CPU per run in all (incl. between runs)')
for g in sorted(tab, key=lambda g: -sum(tab[g].values())):
    s = sum(tab[g].values())
    print(f'  {g:24s} {ms(s):8.1f} ms/run')
    for c, n in tab[g].most_common():
        if ms(n) >= 0.5: print(f'      {c:28s} {ms(n):8.1f}')
if len(sys.argv) > 4:
    for c in sys.argv[4].split(','):
        print('top of', c)
        for s, n in tops[c].most_common(12): print(f'   {ms(n):7.2f}  {s}')
