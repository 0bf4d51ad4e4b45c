package bamboo.runtime;

import java.util.ArrayList;
import java.util.List;

import bamboo.shim.engine.Binding;
import bamboo.shim.job.JobConfig;
import bamboo.shim.job.JobResult;
import bamboo.shim.job.ThreadsJob;
import org.agrona.concurrent.AgentRunner;

/**
 * The processes of a graph as ranks of the mpi-shim's threads device: one rank per process, on its own
 * simulated node, so the shim's interconnect (latency, bandwidth) applies between processes. Each rank
 * thread runs its process's {@link Handler} agent until the graph ends.
 */
final class Interconnect {
    private final Config config;
    private final List<Node> nodes;
    private final RunControl control;
    private final Handler[] handlers;
    private final AgentRunner[] runners;
    private Thread job;
    private volatile JobResult result;

    Interconnect(Config config, List<Node> nodes, RunControl control) {
        this.config = config;
        this.nodes = nodes;
        this.control = control;
        this.handlers = new Handler[nodes.size()];
        this.runners = new AgentRunner[nodes.size()];
        for (int r = 0; r < handlers.length; r++) {
            Node n = nodes.get(r);
            handlers[r] = new Handler(n, handlers.length);
            n.remote = handlers[r];
            handlers[r].onError = this::onError;
            HandlerIdler idler = new HandlerIdler(handlers[r].stats, config.handlerMaxParkNanos,
                config.coreShare, n.gate);
            runners[r] = new AgentRunner(idler, this::onError, null, handlers[r]);
            handlers[r].idler = idler;
        }
    }

    private void onError(Throwable t) {
        control.fail(new GraphFailure(-1, "message handler failed: " + t, t));
    }

    void start() {
        int k = nodes.size();
        double bandwidth = config.bandwidthBytesPerSecond == 0 ? Double.POSITIVE_INFINITY : config.bandwidthBytesPerSecond;
        JobConfig jc = JobConfig.of(k).withNodes(k).withLatencyNanos(config.latencyNanos).withBandwidth(bandwidth);
        job = new Thread(() -> {
            result = ThreadsJob.run(jc, (rank, size) -> {
                handlers[rank].bind(Binding.current());
                runners[rank].run();
            });
            if (!result.succeeded() && control.failure() == null && !control.stopped()) {
                control.fail(new GraphFailure(-1, "the interconnect failed: " + result.message(), result.cause()));
            }
        }, "bamboo-interconnect");
        job.setDaemon(true);
        job.start();
    }

    /** Wakes dozing handlers: called by the monitor every check, so each rank keeps calling MPI and each
     *  handler looks at the shim at least that often (the workers do the inbound work in between). */
    void keepAlive() {
        for (Handler h : handlers) {
            h.poke();
        }
    }

    void stop() {
        for (Node n : nodes) {
            if (n.gate != null) {
                n.gate.open(); // a handler waiting for a core must not hold up the close
            }
        }
        for (Handler h : handlers) {
            h.requestStop();
        }
        Node.closeAll(runners, config.closeTimeoutMillis);
        try {
            job.join(config.closeTimeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Messages handed to a handler and not yet injected at their destination (delivered read first). */
    long inFlight() {
        long delivered = delivered();
        long handed = 0;
        for (Handler h : handlers) {
            handed += h.handed.get();
        }
        return handed - delivered;
    }

    long delivered() {
        long d = 0;
        for (Handler h : handlers) {
            d += h.delivered.get();
        }
        return d;
    }

    List<ThreadStats> stats() {
        List<ThreadStats> list = new ArrayList<>();
        for (Handler h : handlers) {
            list.add(h.stats);
        }
        return list;
    }

    List<TraceLog> traces() {
        List<TraceLog> list = new ArrayList<>();
        for (Handler h : handlers) {
            list.add(h.trace);
        }
        return list;
    }
}
