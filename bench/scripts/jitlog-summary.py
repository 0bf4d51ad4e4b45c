#!/usr/bin/env python3
"""Summarise a HotSpot -XX:+LogCompilation file for the methods of given packages.

usage: jitlog-summary.py LOG [--prefix bamboo/runtime/,bamboo/examples/cannon/] [--after SECONDS]
                             [--inline METHOD_SUBSTRING ...]

Prints, per method whose holder starts with a prefix: every compilation (id, tier, stamp, bytecode
size, code size, OSR), its end (made not entrant, with the stamp) and the runtime deoptimizations
(uncommon traps taken in compiled code: reason, action, bci), and, for the methods named with
--inline, the inlining decisions of their last compilation (callee, bci, success or the reason).
"""
import sys, re, argparse, collections
import xml.etree.ElementTree as ET

ap = argparse.ArgumentParser()
ap.add_argument('log')
ap.add_argument('--prefix', default='bamboo.runtime.,bamboo.examples.cannon.')
ap.add_argument('--after', type=float, default=0.0)
ap.add_argument('--inline', nargs='*', default=[])
ap.add_argument('--all-inline', action='store_true', help='every compilation, not only the last')
a = ap.parse_args()
prefixes = a.prefix.split(',')

def ours(m):
    return m is not None and any(m.startswith(p) for p in prefixes)

def short(m):
    # 'bamboo.runtime.Node send (Lx;)V' -> 'Node.send(Lx;)V'
    parts = m.split(' ')
    holder = parts[0].rsplit('.', 1)[-1]
    return holder + '.' + parts[1] + (parts[2] if len(parts) > 2 else '')

comps = {}          # compile_id -> dict
traps = collections.defaultdict(list)   # compile_id -> [(stamp, reason, action, bci, method)]
inl = {}            # compile_id -> list of (depth, caller, bci, callee, ok, reason)
notent = {}         # compile_id -> stamp

def parse_task(task):
    cid = task.get('compile_id')
    methods, klasses = {}, {}
    res = []
    stack = []
    def walk(el, depth):
        for ch in el:
            t = ch.tag
            if t == 'klass':
                klasses[ch.get('id')] = ch.get('name')
            elif t == 'method':
                methods[ch.get('id')] = (ch.get('holder'), ch.get('name'), ch.get('signature'), ch.get('bytes'))
            elif t == 'parse':
                stack.append(ch.get('method'))
                walk(ch, depth + 1)
                stack.pop()
            elif t == 'call':
                walk.pending = (ch.get('method'), ch.get('bci') if False else walk.bci, ch.get('count'), ch.get('prof_factor'))
            elif t == 'bc':
                walk.bci = ch.get('bci')
            elif t in ('inline_fail', 'inline_success', 'intrinsic'):
                p = getattr(walk, 'pending', None)
                if p:
                    res.append((depth, stack[-1] if stack else None, p[1], p[0], t, ch.get('reason') or ch.get('id') or '', p[2]))
                    walk.pending = None
            elif t == 'uncommon_trap':
                pass
            else:
                walk(ch, depth)
    walk.bci = None
    walk.pending = None
    walk(task, 0)
    def name(mid):
        if mid not in methods:
            return mid
        h, n, s, b = methods[mid]
        return (klasses.get(h, h) or '?').rsplit('/', 1)[-1].rsplit('.', 1)[-1] + '.' + n + '[' + (b or '?') + ']'
    return [(d, name(c), bci, name(m), kind, reason, cnt) for (d, c, bci, m, kind, reason, cnt) in res]

want_inline = a.inline
for ev, el in ET.iterparse(a.log, events=('end',)):
    t = el.tag
    if t == 'task':
        m = el.get('method')
        if ours(m):
            cid = el.get('compile_id')
            d = comps.setdefault(cid, {})
            d.update(method=m, stamp=float(el.get('stamp')), bytes=el.get('bytes'), level=el.get('level', '4' if 'C2' in (el.get('compiler') or 'C2') else '?'),
                     osr=el.get('osr_bci'), compiler=el.get('compiler'))
            done = el.find('task_done')
            if done is not None:
                d['nmsize'] = done.get('nmsize'); d['inlined_bytes'] = done.get('inlined_bytes'); d['ok'] = done.get('success')
            if want_inline and any(w in short(m) for w in want_inline):
                inl[cid] = parse_task(el)
        el.clear()
    elif t == 'nmethod':
        m = el.get('method')
        if ours(m):
            cid = el.get('compile_id')
            d = comps.setdefault(cid, {})
            d.setdefault('method', m)
            d['level'] = el.get('level') or d.get('level')
            d['installed'] = float(el.get('stamp'))
            d['size'] = el.get('size')
            d['compiler'] = el.get('compiler') or d.get('compiler')
    elif t == 'make_not_entrant':
        m = el.get('method')
        if ours(m):
            notent[el.get('compile_id')] = float(el.get('stamp'))
    elif t == 'uncommon_trap' and el.get('thread') is not None:
        cid = el.get('compile_id')
        if cid is not None:
            j = el.find('jvms')
            traps[cid].append((float(el.get('stamp')), el.get('reason'), el.get('action'),
                               (j.get('bci') if j is not None else '') + ('' if j is None else '/' + short(j.get('method')).split('(')[0]),
                               ''))
    elif t == 'deoptimized':
        pass

bym = collections.defaultdict(list)
for cid, d in comps.items():
    if 'method' in d:
        bym[d['method']].append((int(cid), d))

print('# compilations (id tier stamp bytes nmsize inlined_bytes osr) -> not-entrant stamp; traps after --after')
for m in sorted(bym, key=short):
    rows = sorted(bym[m])
    print(short(m))
    for cid, d in rows:
        ne = notent.get(str(cid))
        tr = [x for x in traps.get(str(cid), []) if x[0] >= a.after]
        trs = collections.Counter((r, ac, b) for (_, r, ac, b, _) in tr)
        print('   id=%-6d L%s %s stamp=%7.3f bytes=%s nm=%s inl=%s%s%s%s' % (
            cid, d.get('level'), (d.get('compiler') or '').ljust(2), d.get('stamp', d.get('installed', 0.0)), d.get('bytes'),
            d.get('nmsize', d.get('size')), d.get('inlined_bytes'), ' osr@' + d['osr'] if d.get('osr') else '',
            ' not-entrant@%.3f' % ne if ne else '', ''.join(' trap:%s/%s@bci%s x%d' % (r, ac, b, n) for (r, ac, b), n in trs.items())))

for cid, lst in sorted(inl.items(), key=lambda x: int(x[0])):
    d = comps[cid]
    print('\n# inlining of compile id %s %s L%s stamp=%.3f' % (cid, short(d['method']), d.get('level'), d.get('stamp', 0)))
    for (dep, caller, bci, callee, kind, reason, cnt) in lst:
        print('  ' * dep + '%s @%s -> %s : %s %s (count %s)' % (caller, bci, callee, kind.replace('inline_', ''), reason, cnt))
