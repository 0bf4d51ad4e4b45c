#!/usr/bin/env python3
"""Event model of Cannon's overlap on the benchmark's simulated interconnect (docs/benchmarks.md).

It replays the exact message pattern of examples' cannon Basic/Annotated (two blocking Sendrecv for the
skew, then per step: send A left and B up, wait for both next blocks, multiply; a last multiply) for
`basic` (q x q ranks, one per node) and for `bamboo` (Q x Q tasks on the same nodes, one worker each,
FIFO run queue), with the shim's link model: a message between two nodes is matchable at
max(now, link free) + bytes / bandwidth + latency, each ordered node pair a FIFO link; within a node at
once. The only input from measurement is the compute time of the whole problem on one node (`nocomm`);
everything else follows from sizes. The nodes share the machine's cores (processor sharing: a worker
with nothing to run takes no core, so the others run faster), as the bench's 4 simulated nodes share 2
cores; runtime costs (message handling, copies, thread wake-ups) are left out, so the figures are
ceilings for the hiding.

Usage: scripts/cannon-overlap-model.py [n] [bandwidth MB/s] [latency us] [nocomm ms] [cores]
       (defaults: the bench's cannon defaults since session 9, n=1152, 50 MB/s, 100 us; 297 ms, the quiet
       machine's nocomm in session 12 (JDK 25); 2 cores, this machine's, shared by the 4 nodes' busy
       workers; cores 0 gives every node a core of its own, the model of session 4, whose figures above
       were printed with n=864 35 100 270 0)
"""
import argparse
import heapq
import itertools


def simulate(q, nodes, node_of, mul_seconds, block_bytes, bandwidth, latency, cores=0):
    """Wall time of one Cannon run on a q x q grid whose task (r, c) lives on node_of(r, c).

    mul_seconds is the CPU time of one block multiply. cores = 0: every node has a core of its own; else
    the nodes' busy workers share `cores` cores equally (processor sharing: with b busy nodes each runs at
    min(1, cores / b)), as the bench's nodes share this machine's cores; an idle worker takes none."""
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
        heapq.heappush(events, (arrival, next(seq), dst, tag))

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
    running = {}  # node -> [task, CPU seconds left]
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

    def dispatch():
        for n in range(nodes):
            if n not in running and run_queue[n]:
                running[n] = [run_queue[n].pop(0), mul_seconds]

    def rate():
        return 1.0 if cores <= 0 or not running else min(1.0, cores / len(running))

    for t in range(n_tasks):
        if advance(t, 0.0):
            run_queue[node[t]].append(t)
    dispatch()
    now = 0.0
    while events or running:
        r = rate()
        next_done = now + min(left for _, left in running.values()) / r if running else float("inf")
        if events and events[0][0] <= next_done:
            at, _, t, tag = heapq.heappop(events)
            for job in running.values():
                job[1] -= (at - now) * r
            now = at
            arrived[t].add(tag)
            if waiting[t] and all(x in arrived[t] for x in waiting[t]):
                waiting[t] = None
                if advance(t, now):
                    run_queue[node[t]].append(t)
        else:
            for job in running.values():
                job[1] -= (next_done - now) * r
            now = next_done
            for n in [n for n, job in running.items() if job[1] <= 1e-12]:
                t = running.pop(n)[0]
                if advance(t, now):
                    run_queue[n].append(t)
        dispatch()
    return max(finished)


EAGER_LIMIT = 128 * 1024  # the shim's (MPJ Express's): larger sends go by rendezvous


def simulate_ranks(q, nodes, node_of, mul_seconds, block_bytes, bandwidth, latency, cores=0):
    """Wall time of Cannon with q x q ranks as threads (the model of `oversubscribed` and `virtual`): the
    program's Sendrecv skews and Irecv/Isend/Waitall steps, receives posted before sends; a send up to
    EAGER_LIMIT completes at once, a larger one when its receive has matched (rendezvous), which holds
    the sender's Sendrecv or Waitall. Busy ranks share the cores as in simulate (cores 0: each node's
    ranks share that node's core)."""
    n_tasks = q * q
    rank = lambda r, c: (r % q) * q + (c % q)
    node = [node_of(t // q, t % q) for t in range(n_tasks)]
    rendezvous = block_bytes > EAGER_LIMIT
    link_free, events, seq = {}, [], itertools.count()
    posted, unmatched = set(), {}
    arrived = [set() for _ in range(n_tasks)]
    open_sends = [0] * n_tasks
    waiting = [None] * n_tasks
    cpu_left = {}
    finished = [0.0] * n_tasks

    def program(t):
        r, c = t // q, t % q
        yield "post", "skewA"
        yield "send", rank(r, c - r), "skewA"
        yield "wait", ("skewA",)
        yield "post", "skewB"
        yield "send", rank(r - c, c), "skewB"
        yield "wait", ("skewB",)
        for s in range(q - 1):
            yield "post", "A%d" % s
            yield "post", "B%d" % s
            yield "send", rank(r, c - 1), "A%d" % s
            yield "send", rank(r - 1, c), "B%d" % s
            yield "wait", ("A%d" % s, "B%d" % s)
            yield ("mul",)
        yield ("mul",)

    progs = [program(t) for t in range(n_tasks)]

    def match(dst, tag, src):
        arrived[dst].add(tag)
        if src is not None:
            open_sends[src] -= 1

    def done_waiting(t):
        return waiting[t] is not None and open_sends[t] == 0 and all(x in arrived[t] for x in waiting[t])

    def advance(t, now):
        for op in progs[t]:
            if op[0] == "post":
                posted.add((t, op[1]))
                src = unmatched.pop((t, op[1]), None)
                if src is not None:
                    match(t, op[1], src)
                    if done_waiting(src):
                        waiting[src] = None
                        advance(src, now)
            elif op[0] == "send":
                dst = op[1]
                if node[t] == node[dst]:
                    at = now
                else:
                    key = (node[t], node[dst])
                    start = max(now, link_free.get(key, 0.0))
                    link_free[key] = start + block_bytes / bandwidth
                    at = link_free[key] + latency
                if rendezvous:
                    open_sends[t] += 1
                heapq.heappush(events, (at, next(seq), dst, op[2], t if rendezvous else None))
            elif op[0] == "wait":
                waiting[t] = op[1]
                if not done_waiting(t):
                    return
                waiting[t] = None
            else:
                cpu_left[t] = mul_seconds
                return
        finished[t] = now

    def rates():
        if cores > 0:
            r = min(1.0, cores / len(cpu_left)) if cpu_left else 1.0
            return {k: r for k in cpu_left}
        busy = {}
        for k in cpu_left:
            busy[node[k]] = busy.get(node[k], 0) + 1
        return {k: 1.0 / busy[node[k]] for k in cpu_left}

    now = 0.0
    for t in range(n_tasks):
        advance(t, now)
    while events or cpu_left:
        rt = rates()
        next_done = now + min(v / rt[k] for k, v in cpu_left.items()) if cpu_left else float("inf")
        if events and events[0][0] <= next_done:
            at, _, dst, tag, src = heapq.heappop(events)
            for k in cpu_left:
                cpu_left[k] -= (at - now) * rt[k]
            now = at
            if (dst, tag) in posted or src is None:
                match(dst, tag, src)
            else:
                unmatched[(dst, tag)] = src
            for t in (dst, src):
                if t is not None and done_waiting(t):
                    waiting[t] = None
                    advance(t, now)
        else:
            for k in cpu_left:
                cpu_left[k] -= (next_done - now) * rt[k]
            now = next_done
            for t in [k for k, v in cpu_left.items() if v <= 1e-12]:
                del cpu_left[t]
                advance(t, now)
    return max(finished)


def arguments():
    p = argparse.ArgumentParser(description="Event model of Cannon's overlap on the bench's simulated"
                                " interconnect: basic and bamboo (k = 4, 9, 16) times and hidden shares.")
    p.add_argument("n", type=int, nargs="?", default=1152, help="matrix order (default 1152)")
    p.add_argument("bandwidth", type=float, nargs="?", default=50.0, help="MB/s per link (default 50)")
    p.add_argument("latency", type=float, nargs="?", default=100.0, help="us per message (default 100)")
    p.add_argument("nocomm", type=float, nargs="?", default=297.0,
                   help="measured nocomm wall time, ms (default 297)")
    p.add_argument("cores", type=int, nargs="?", default=2,
                   help="cores the 4 nodes share (default 2; 0: a core per node)")
    a = p.parse_args()
    if a.n < 2 or a.bandwidth <= 0 or a.latency < 0 or a.nocomm <= 0 or a.cores < 0:
        p.error("n >= 2, bandwidth > 0, latency >= 0, nocomm > 0 and cores >= 0 are needed")
    return a


def main():
    a = arguments()
    n, bandwidth, latency, nocomm, cores = a.n, a.bandwidth * 1e6, a.latency * 1e-6, a.nocomm * 1e-3, a.cores
    nodes, side = 4, 2  # the bench's 4 nodes, a 2 x 2 grid of them
    # CPU time of a node's share: nocomm is the wall time of all nodes computing at once, on `cores`
    # cores shared by the 4 nodes (0: a core each)
    node_cpu = nocomm * min(cores, nodes) / nodes if cores > 0 else nocomm
    # basic: one rank per node; its 1.5 MB blocks go by rendezvous (cores 0 with one rank per node is the
    # session-4 model, whose sends never waited: kept so that its figures reproduce)
    sim_basic = simulate_ranks if cores > 0 else simulate
    basic = sim_basic(side, nodes, lambda r, c: r * side + c, node_cpu / side, (n // side) ** 2 * 8,
                      bandwidth, latency, cores)
    print("n=%d, %.0f MB/s, %.0f us, %s: basic %.0f ms, nocomm %.0f ms, communication %.0f%% of basic"
          % (n, bandwidth / 1e6, latency * 1e6, "%d shared cores" % cores if cores > 0 else "a core per node",
             basic * 1e3, nocomm * 1e3, 100 * (basic - nocomm) / basic))
    for k in (4, 9, 16):
        q = side * int(round(k ** 0.5))
        per_node = q * q // nodes
        mul = node_cpu / (per_node * q)  # a node runs per_node tasks of q block multiplies each
        placements = {
            "block": lambda r, c, q=q, per_node=per_node: (r * q + c) // per_node,
            "2-D": lambda r, c, q=q: (r // (q // side)) * side + c // (q // side),
        }
        cells = []
        for name, place in placements.items():
            t = simulate(q, nodes, place, mul, (n // q) ** 2 * 8, bandwidth, latency, cores)
            cells.append("%s %.0f ms, hidden %.0f%%" % (name, t * 1e3, 100 * (basic - t) / (basic - nocomm)))
        t = simulate_ranks(q, nodes, placements["block"], mul, (n // q) ** 2 * 8, bandwidth, latency, cores)
        cells.append("ranks (oversubscribed/virtual) %.0f ms, hidden %.0f%%" % (t * 1e3, 100 * (basic - t) / (basic - nocomm)))
        print("bamboo k=%d (%dx%d tasks): %s" % (k, q, q, "; ".join(cells)))


if __name__ == "__main__":
    main()
