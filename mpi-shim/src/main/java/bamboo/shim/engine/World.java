package bamboo.shim.engine;

/**
 * All ranks of one threads-device job: their endpoints, the simulated network, and the abort state that
 * every MPI call and every waiter checks.
 */
public final class World {
    /** Messages above this many bytes go by rendezvous (one copy), as MPJ Express's 128 KiB eager limit. */
    public static final int DEFAULT_EAGER_LIMIT = 128 * 1024;
    /** Bytes of unexpected eager messages one rank may hold before standard sends to it go by rendezvous. */
    public static final long DEFAULT_EAGER_BUDGET = 32L << 20;

    private final Endpoint[] endpoints;
    private final Network network;
    private final int eagerLimit;
    private final long eagerBudget;
    private final boolean spin;
    private final Scope worldScope;
    private final Scope worldCollectiveScope;
    private final boolean standalone;
    private volatile String abortMessage;
    private volatile boolean closed;
    private volatile Remote remote;
    /** Per simulated node, the gate of its cores ({@link #gateCores}), or null: no gate. */
    private volatile CoreGate[] gates;

    /**
     * @param size       number of ranks
     * @param network    the simulated interconnect
     * @param eagerLimit messages up to this many bytes are copied at once (eager); larger ones rendezvous
     * @param spin       whether waiters spin before parking (when every rank may have its own core)
     */
    public World(int size, Network network, int eagerLimit, boolean spin) {
        this(size, network, eagerLimit, DEFAULT_EAGER_BUDGET, spin, false);
    }

    /**
     * @param eagerBudget bytes of unexpected eager messages one rank may hold; beyond them standard sends to
     *                    it go by rendezvous (flow control: the data stays in the sender's buffer)
     */
    public World(int size, Network network, int eagerLimit, long eagerBudget, boolean spin) {
        this(size, network, eagerLimit, eagerBudget, spin, false);
    }

    private World(int size, Network network, int eagerLimit, long eagerBudget, boolean spin, boolean standalone) {
        this.standalone = standalone;
        this.network = network;
        this.eagerLimit = eagerLimit;
        this.eagerBudget = eagerBudget;
        this.spin = spin;
        this.worldScope = new Scope(Scope.identity(size), size, 0, "COMM_WORLD");
        this.worldCollectiveScope = worldScope.withContext(1, "COMM_WORLD(collective)");
        this.endpoints = new Endpoint[size];
        for (int i = 0; i < size; i++) {
            endpoints[i] = new Endpoint(this, i);
        }
    }

    /** A one-rank world for a program started without the job runner (plain {@code java Program}). */
    public static World standalone() {
        return new World(1, new Network(1, 1, 0, Double.POSITIVE_INFINITY), DEFAULT_EAGER_LIMIT,
                DEFAULT_EAGER_BUDGET, false, true);
    }

    /** Attaches the transport to ranks in other processes (multi-process devices); before any rank runs. */
    public void attachRemote(Remote transport) {
        this.remote = transport;
    }

    /**
     * Limits each simulated node to {@code coresPerNode} cores ({@link CoreGate}): a rank's thread holds
     * one of its node's permits while it runs the program and gives it back while it waits in MPI, so at
     * most that many ranks of a node run at once. Only nodes with more ranks than cores get a gate (with
     * fewer it could never be contended). Before any rank runs.
     */
    public void gateCores(int coresPerNode) {
        if (coresPerNode < 1) {
            throw new IllegalArgumentException("gateCores: cores per node must be >= 1, got " + coresPerNode);
        }
        final int nodes = network.nodes();
        final int[] ranksOn = new int[nodes];
        for (int r = 0; r < endpoints.length; r++) {
            ranksOn[network.nodeOf(r)]++;
        }
        final CoreGate[] g = new CoreGate[nodes];
        for (int k = 0; k < nodes; k++) {
            g[k] = ranksOn[k] > coresPerNode ? new CoreGate(coresPerNode, ranksOn[k]) : null;
        }
        for (int r = 0; r < endpoints.length; r++) {
            endpoints[r].core.gate = g[network.nodeOf(r)];
        }
        gates = g;
    }

    /** The gate of simulated node {@code node}'s cores, or null when it has none. */
    public CoreGate gate(int node) {
        final CoreGate[] g = gates;
        return g == null ? null : g[node];
    }

    /** The transport to ranks in other processes, or null when every rank lives in this JVM. */
    Remote remote() {
        return remote;
    }

    /** True for the one-rank world of a program started without the job runner. */
    public boolean isStandalone() {
        return standalone;
    }

    public int size() {
        return endpoints.length;
    }

    public Endpoint endpoint(int rank) {
        return endpoints[rank];
    }

    public Network network() {
        return network;
    }

    int eagerLimit() {
        return eagerLimit;
    }

    /** Bytes of unexpected eager messages one rank may hold (see {@link Endpoint#unexpectedBudget()}). */
    public long eagerBudget() {
        return eagerBudget;
    }

    boolean spin() {
        return spin;
    }

    /** COMM_WORLD's point-to-point scope (context 0). */
    public Scope worldScope() {
        return worldScope;
    }

    /** COMM_WORLD's collective scope (context 1). */
    public Scope worldCollectiveScope() {
        return worldCollectiveScope;
    }

    /** Throws {@link JobAbortedError} when the job has been aborted. */
    public void checkAbort() {
        final String m = abortMessage;
        if (m != null) {
            throw new JobAbortedError(m);
        }
    }

    /** Aborts the job and wakes every waiting rank; false when it was aborted already. */
    public boolean abort(String message) {
        synchronized (this) {
            if (abortMessage != null) {
                return false;
            }
            abortMessage = message;
        }
        openGates();
        for (Endpoint e : endpoints) {
            e.wakeAll();
        }
        return true;
    }

    /** Why the job was aborted, or null. */
    public String abortMessage() {
        return abortMessage;
    }

    public boolean aborted() {
        return abortMessage != null;
    }

    /** The job is over: the deadlock watch stops. */
    public void close() {
        closed = true;
        openGates(); // an abandoned rank must not stay parked at its node's gate
    }

    private void openGates() {
        final CoreGate[] g = gates;
        if (g != null) {
            for (CoreGate c : g) {
                if (c != null) {
                    c.open();
                }
            }
        }
    }

    boolean closed() {
        return closed;
    }
}
