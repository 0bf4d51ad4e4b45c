#!/usr/bin/env python3
"""Event model of Cannon's overlap on the benchmark's simulated interconnect (docs/benchmarks.md).

It replays the exact message pattern of examples' cannon Basic/Annotated (two blocking Sendrecv for the
skew, then per step: send A left and B up, wait for both next blocks, multiply; a last multiply) for
`basic` (q x q ranks, one per node) and for `bamboo` (Q x Q tasks on the same nodes, one worker each,
FIFO run queue), with the shim's link model: a message between two nodes is matchable at
max(now, link free) + bytes / bandwidth + latency, each ordered node pair a FIFO link; within a node at
once. The only input from measurement is the compute time of the whole problem on one node (`nocomm`);
everything else follows from sizes. Runtime costs (message handling, thread wake-ups, 2 shared cores)
are left out, so the figures are ceilings for the hiding.

Usage: scripts/cannon-overlap-model.py [n] [bandwidth MB/s] [latency us] [nocomm ms]
       (defaults: the bench's cannon defaults n=864, 35 MB/s, 100 us, and 270 ms, which is session 3's
       idle-machine nocomm of 81 ms at n=576 scaled by (864/576)^3)
"""
import heapq
import itertools
import sys


def simulate(q, nodes, node_of, mul_seconds, block_bytes, bandwidth, latency):
    """Wall time of one Cannon run on a q x q grid whose task (r, c) lives on node_of(r, c)."""
    n_tasks = q * q
    rank = lambda r, c: (r % q) * q + (c % q)
    node = [node_of(t // q, t % q) for t in range(n_tasks)]
    link_free, events, seq = {}, [], itertools.count()

    def send(src, dst, tag, now):
        if node[src] == node[dst]:
            arrival = now
        else:
            key = (node[src], node[dst])
            start = max(now, link_free.get(key, 0.0))
            link_free[key] = start + block_bytes / bandwidth
            arrival = link_free[key] + latency
        heapq.heappush(events, (arrival, next(seq), "msg", dst, tag))

    def program(t):  # the operations of Basic/Annotated, in order
        r, c = t // q, t % q
        yield "send", rank(r, c - r), "skewA"
        yield "wait", ("skewA",)
        yield "send", rank(r - c, c), "skewB"
        yield "wait", ("skewB",)
        for s in range(q - 1):
            yield "send", rank(r, c - 1), "A%d" % s
            yield "send", rank(r - 1, c), "B%d" % s
            yield "wait", ("A%d" % s, "B%d" % s)
            yield ("mul",)
        yield ("mul",)

    progs = [program(t) for t in range(n_tasks)]
    arrived = [set() for _ in range(n_tasks)]
    waiting = [None] * n_tasks
    run_queue = {n: [] for n in range(nodes)}
    busy = {n: False for n in range(nodes)}
    finished = [0.0] * n_tasks

    def advance(t, now):  # runs t to its next multiply (True) or wait/end (False)
        for op in progs[t]:
            if op[0] == "send":
                send(t, op[1], op[2], now)
            elif op[0] == "wait":
                if not all(x in arrived[t] for x in op[1]):
                    waiting[t] = op[1]
                    return False
            else:
                return True
        finished[t] = now
        return False

    def dispatch(now):
        for n in range(nodes):
            if not busy[n] and run_queue[n]:
                t = run_queue[n].pop(0)
                busy[n] = True
                heapq.heappush(events, (now + mul_seconds, next(seq), "done", t, None))

    for t in range(n_tasks):
        if advance(t, 0.0):
            run_queue[node[t]].append(t)
    dispatch(0.0)
    while events:
        now, _, kind, t, tag = heapq.heappop(events)
        if kind == "msg":
            arrived[t].add(tag)
            if waiting[t] and all(x in arrived[t] for x in waiting[t]):
                waiting[t] = None
                if advance(t, now):
                    run_queue[node[t]].append(t)
        else:
            busy[node[t]] = False
            if advance(t, now):
                run_queue[node[t]].append(t)
        dispatch(now)
    return max(finished)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 864
    bandwidth = (float(sys.argv[2]) if len(sys.argv) > 2 else 35.0) * 1e6
    latency = (float(sys.argv[3]) if len(sys.argv) > 3 else 100.0) * 1e-6
    nocomm = (float(sys.argv[4]) if len(sys.argv) > 4 else 270.0) * 1e-3
    nodes, side = 4, 2  # the bench's 4 nodes, a 2 x 2 grid of them
    basic = simulate(side, nodes, lambda r, c: r * side + c, nocomm / side, (n // side) ** 2 * 8,
                     bandwidth, latency)
    print("n=%d, %.0f MB/s, %.0f us: basic %.0f ms, nocomm %.0f ms, communication %.0f%% of basic"
          % (n, bandwidth / 1e6, latency * 1e6, basic * 1e3, nocomm * 1e3, 100 * (basic - nocomm) / basic))
    for k in (4, 9, 16):
        q = side * int(round(k ** 0.5))
        per_node = q * q // nodes
        mul = nocomm / (per_node * q)  # a node runs per_node tasks of q block multiplies each
        placements = {
            "block": lambda r, c, q=q, per_node=per_node: (r * q + c) // per_node,
            "2-D": lambda r, c, q=q: (r // (q // side)) * side + c // (q // side),
        }
        cells = []
        for name, place in placements.items():
            t = simulate(q, nodes, place, mul, (n // q) ** 2 * 8, bandwidth, latency)
            cells.append("%s %.0f ms, hidden %.0f%%" % (name, t * 1e3, 100 * (basic - t) / (basic - nocomm)))
        print("bamboo k=%d (%dx%d tasks): %s" % (k, q, q, "; ".join(cells)))


if __name__ == "__main__":
    main()
