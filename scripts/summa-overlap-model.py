#!/usr/bin/env python3
"""Event model of SUMMA's overlap on the benchmark's simulated interconnect (docs/benchmarks.md).

It replays the message pattern of examples' summa Basic/Annotated: panels cut at both block splits and
at most nb wide; per panel the owners send their slice (A right along the process row, B down the
process column), the others receive it and forward it along the ring, then everyone waits for its sends
and multiplies. Link model as the shim's: a message between two nodes is matchable at max(now, link
free) + bytes / bandwidth + latency, each ordered node pair a FIFO link; within a node at once.

Three kinds of rows:
- ranks ('basic', 'ranks k=...', the model of oversubscribed and virtual): each rank a thread; a send up to
  the eager limit (128 KiB) completes at once, a larger one by rendezvous, when its receive has matched
  and the message is matchable (the owner's Waitall holds its Isend); a blocking Recv waits.
- bamboo k: tasks with one worker per node, a priority run queue (row * cols + col, higher first, FIFO
  within), sends that never wait (the runtime copies), a region that runs only once both of its slices
  have arrived (its firing rule).
All busy threads share the machine's cores (processor sharing: with b busy each runs at min(1, cores/b);
an idle one takes none), as the bench's nodes share this machine's 2 cores; cores 0 gives each node a core
of its own shared by that node's threads only, as on a cluster. The only measured input is nocomm, the compute of the whole problem with all
nodes at once; runtime costs (copies, wake-ups) are left out, so bamboo's figures are ceilings.

Usage: scripts/summa-overlap-model.py [n] [nb] [bandwidth MB/s] [latency us] [nocomm ms] [cores]
       (defaults: the bench's summa defaults n=1152, nb=48, 60 MB/s, 100 us; nocomm 346 ms, session 4's
       idle 43.2 ms at n=576 scaled by 8; 2 cores; 0 cores: a core per node)
       SUMMA_PRIO=rows|fifo|reverse|cols orders bamboo's run queues (rows: Annotated's TaskHints, the
       default; fifo: none; reverse: upper rows first; cols: right columns first); SUMMA_LAZY=1 lets a
       node see messages from the other node only when its worker has nothing to run (as ours does: an
       idle worker receives, the handler dozes)
"""
import heapq
import itertools
import os
import sys

EAGER_LIMIT = 128 * 1024
LAZY = os.environ.get("SUMMA_LAZY") == "1"
PRIORITY = {
    "rows": lambda pc: (lambda t: t),            # Annotated's TaskHints: row * cols + col
    "fifo": lambda pc: (lambda t: 0),
    "reverse": lambda pc: (lambda t: -t),
    "cols": lambda pc: (lambda t: (t % pc) * 1000 + t // pc),
}
NODES = 2


def dims(np_):
    """MPI_Dims_create for 2 dimensions, as Decomp.dims: the most square pr x pc, pr >= pc."""
    best = (np_, 1)
    for pc in range(1, int(np_ ** 0.5) + 1):
        if np_ % pc == 0:
            best = (np_ // pc, pc)
    return best


def split(n, parts, i):
    base, extra = divmod(n, parts)
    return i * base + min(i, extra)


def panels(n, nb, pr, pc):
    cuts, k = [], 0
    while k < n:
        nxt = min(n, k + nb)
        for parts in (pr, pc):
            nxt = min(nxt, min(s for s in (split(n, parts, p) for p in range(1, parts + 1)) if s > k))
        cuts.append(k)
        k = nxt
    return cuts + [n]


def owner(n, parts, k):
    return max(p for p in range(parts) if split(n, parts, p) <= k)


def simulate(np_, per_node, bamboo, n, nb, bandwidth, latency, nocomm, cores):
    pr, pc = dims(np_)
    cuts = panels(n, nb, pr, pc)
    P = len(cuts) - 1
    node = [r // per_node for r in range(np_)]
    # CPU seconds of panel p on rank r: its share of the n^3 work, scaled to nocomm (all nodes at once)
    total_cpu = nocomm * min(cores, NODES) if cores > 0 else nocomm * NODES
    def work(r, p):
        bi = split(n, pr, r // pc + 1) - split(n, pr, r // pc)
        bj = split(n, pc, r % pc + 1) - split(n, pc, r % pc)
        return total_cpu * bi * bj * (cuts[p + 1] - cuts[p]) / n ** 3

    link_free, seq = {}, itertools.count()
    events = []  # (time, seq, kind, data)
    mailbox = {}  # (dest, src, tag, panel) -> matchable time
    posted = {}   # rendezvous: (dest, src, tag, panel) -> the sender waiting for the match

    def matchable(src, dst, nbytes, now):
        if node[src] == node[dst]:
            return now
        key = (node[src], node[dst])
        start = max(now, link_free.get(key, 0.0))
        link_free[key] = start + nbytes / bandwidth
        return link_free[key] + latency

    def right(r): return (r // pc) * pc + (r % pc + 1) % pc
    def down(r): return ((r // pc + 1) % pr) * pc + r % pc
    def left(r): return (r // pc) * pc + (r % pc - 1) % pc
    def up(r): return ((r // pc - 1) % pr) * pc + r % pc

    def program(r):
        row, col = r // pc, r % pc
        bi = split(n, pr, row + 1) - split(n, pr, row)
        bj = split(n, pc, col + 1) - split(n, pc, col)
        for p in range(P):
            w = cuts[p + 1] - cuts[p]
            da = (col - owner(n, pc, cuts[p])) % pc
            db = (row - owner(n, pr, cuts[p])) % pr
            abytes, bbytes = bi * w * 8, w * bj * 8
            ops = []
            if da == 0 and pc > 1:
                ops.append(("send", right(r), "A", p, abytes))
            if db == 0 and pr > 1:
                ops.append(("send", down(r), "B", p, bbytes))
            recvs = []
            if da > 0:
                recvs.append((left(r), "A", p, right(r) if da < pc - 1 else None, abytes))
            if db > 0:
                recvs.append((up(r), "B", p, down(r) if db < pr - 1 else None, bbytes))
            yield ops, recvs, work(r, p)

    # ---- threads: ranks, or per node one worker over tasks ----
    progs = [program(r) for r in range(np_)]
    state = {}  # r -> current (ops, recvs, cpu) and phase
    finished = [0.0] * np_
    cpu_left = {}  # thread -> CPU seconds left of its current multiply
    running_task = {}  # bamboo: node -> task being multiplied
    ready_q = {nd: [] for nd in range(NODES)}  # bamboo: (-priority, seq, task)
    waiting_sends = {}  # ranks: r -> outstanding rendezvous sends
    blocked_recv = {}  # ranks: r -> (src, tag, panel) it waits in Recv for

    def deliver(src, dst, tag, p, nbytes, now, rendezvous):
        t = matchable(src, dst, nbytes, now)
        heapq.heappush(events, (t, next(seq), "arrive", (dst, src, tag, p, rendezvous)))

    def start_panel(r, now):
        """Next panel of rank/task r: its send block. Returns False when r has finished."""
        try:
            cur = next(progs[r])
        except StopIteration:
            finished[r] = now
            return False
        state[r] = cur
        ops, recvs, _ = cur
        waiting_sends[r] = 0
        for _, dst, tag, p, nbytes in ops:
            rv = (not bamboo) and nbytes > EAGER_LIMIT
            if rv:
                waiting_sends[r] += 1
            deliver(r, dst, tag, p, nbytes, now, rv)
        return True

    def have(r, key):
        return key in mailbox

    # ranks: advance a rank through its receives (in order), its forwards, its Waitall, then multiply
    def rank_step(r, now):
        while True:
            ops, recvs, cpu = state[r]
            if recvs:
                src, tag, p, fwd, nbytes = recvs[0]
                key = (r, src, tag, p)
                if key not in mailbox:
                    blocked_recv[r] = key
                    return
                match(key, now)
                recvs.pop(0)
                if fwd is not None:
                    rv = nbytes > EAGER_LIMIT
                    if rv:
                        waiting_sends[r] += 1
                    deliver(r, fwd, tag, p, nbytes, now, rv)
                continue
            if waiting_sends[r] > 0:
                return  # Waitall: a rendezvous send still open
            cpu_left[r] = cpu
            state[r] = (ops, recvs, -1.0)  # multiplying
            return

    def match(key, now):
        """The receiver takes a message that is matchable; a rendezvous sender completes now."""
        del mailbox[key]
        sender = posted.pop(key, None)
        if sender is not None:
            waiting_sends[sender] -= 1
            if waiting_sends[sender] == 0 and state[sender][2] >= 0 and not state[sender][1]:
                rank_step(sender, now)

    # bamboo: a task is runnable once both its slices have arrived
    def task_ready(t):
        _, recvs, _ = state[t]
        return all((t, src, tag, p) in mailbox for src, tag, p, _, _ in recvs)

    waiting_tasks = set()
    held = {nd: [] for nd in range(NODES)}
    prio = PRIORITY[os.environ.get("SUMMA_PRIO", "rows")](pc)

    def bamboo_enqueue_if_ready(t):
        if t in waiting_tasks and task_ready(t):
            waiting_tasks.discard(t)
            heapq.heappush(ready_q[node[t]], (-prio(t), next(seq), t))

    def bamboo_dispatch(now):
        for nd in range(NODES):
            if nd not in running_task and ready_q[nd]:
                _, _, t = heapq.heappop(ready_q[nd])
                ops, recvs, cpu = state[t]
                for src, tag, p, fwd, nbytes in recvs:
                    del mailbox[(t, src, tag, p)]
                    if fwd is not None:
                        deliver(t, fwd, tag, p, nbytes, now, False)
                running_task[nd] = t
                cpu_left[("w", nd)] = cpu

    now = 0.0
    for r in range(np_):
        if start_panel(r, now):
            if bamboo:
                waiting_tasks.add(r)
                bamboo_enqueue_if_ready(r)
            else:
                rank_step(r, now)
    if bamboo:
        bamboo_dispatch(now)

    def home(k):
        return k[1] if isinstance(k, tuple) else node[k]

    def rates():
        """Each busy thread's speed: all share `cores` cores, or (cores 0) each node has one core."""
        if cores > 0:
            r = min(1.0, cores / len(cpu_left)) if cpu_left else 1.0
            return {k: r for k in cpu_left}
        busy = {}
        for k in cpu_left:
            busy[home(k)] = busy.get(home(k), 0) + 1
        return {k: 1.0 / busy[home(k)] for k in cpu_left}

    while events or cpu_left:
        rt = rates()
        nxt_done = now + min(v / rt[k] for k, v in cpu_left.items()) if cpu_left else float("inf")
        if events and events[0][0] <= nxt_done:
            at, _, _, (dst, src, tag, p, rv) = heapq.heappop(events)
            for k in cpu_left:
                cpu_left[k] -= (at - now) * rt[k]
            now = at
            key = (dst, src, tag, p)
            if bamboo and LAZY and node[src] != node[dst] and (node[dst] in running_task or ready_q[node[dst]]):
                held[node[dst]].append(key)  # waits in the shim until the node's worker has nothing to run
                continue
            mailbox[key] = now
            if rv:
                posted[key] = src
            if bamboo:
                bamboo_enqueue_if_ready(dst)
                bamboo_dispatch(now)
            elif blocked_recv.get(dst) == key:
                del blocked_recv[dst]
                rank_step(dst, now)
        else:
            for k in cpu_left:
                cpu_left[k] -= (nxt_done - now) * rt[k]
            now = nxt_done
            for k in [k for k, v in cpu_left.items() if v <= 1e-12]:
                del cpu_left[k]
                if bamboo:
                    nd = k[1]
                    t = running_task.pop(nd)
                    if start_panel(t, now):
                        waiting_tasks.add(t)
                        bamboo_enqueue_if_ready(t)
                    if not ready_q[nd]:
                        for key in held[nd]:
                            mailbox[key] = now
                            bamboo_enqueue_if_ready(key[0])
                        held[nd] = []
                else:
                    if start_panel(k, now):
                        rank_step(k, now)
            if bamboo:
                bamboo_dispatch(now)
    return max(finished)


def main():
    a = sys.argv[1:]
    n = int(a[0]) if len(a) > 0 else 1152
    nb = int(a[1]) if len(a) > 1 else 48
    bandwidth = (float(a[2]) if len(a) > 2 else 60.0) * 1e6
    latency = (float(a[3]) if len(a) > 3 else 100.0) * 1e-6
    nocomm = (float(a[4]) if len(a) > 4 else 346.0) * 1e-3
    cores = int(a[5]) if len(a) > 5 else 2
    basic = simulate(NODES, 1, False, n, nb, bandwidth, latency, nocomm, cores)
    print("n=%d, nb=%d, %.0f MB/s, %.0f us, %s: basic %.0f ms, nocomm %.0f ms, communication %.0f%% of basic"
          % (n, nb, bandwidth / 1e6, latency * 1e6, "%d shared cores" % cores if cores > 0 else "a core per node",
             basic * 1e3, nocomm * 1e3, 100 * (basic - nocomm) / basic))
    for k in (2, 4, 8):
        cells = []
        for name, bam in (("ranks (oversubscribed/virtual)", False), ("bamboo", True)):
            t = simulate(NODES * k, k, bam, n, nb, bandwidth, latency, nocomm, cores)
            cells.append("%s %.0f ms, hidden %.0f%%" % (name, t * 1e3, 100 * (basic - t) / (basic - nocomm)))
        print("k=%d (%dx%d grid): %s" % (k, *dims(NODES * k), "; ".join(cells)))


if __name__ == "__main__":
    main()
