package bamboo.translator.find;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.HashMap;
import java.util.Set;

/** What an MPI (or {@code bamboo.TaskHints}) call does, as far as the translator is concerned. */
public enum MpiOp {
    INIT, FINALIZE, RANK, SIZE, WTIME,
    /** Send, Ssend, Bsend, Rsend: (buf, offset, count, type, dest, tag). */
    SEND,
    /** Isend, Issend, Ibsend, Irsend: like SEND, returns a Request. */
    ISEND,
    /** Recv: (buf, offset, count, type, source, tag), returns a Status. */
    RECV,
    /** Irecv: like RECV, returns a Request. */
    IRECV,
    /** Sendrecv: (sbuf, soff, scount, stype, dest, stag, rbuf, roff, rcount, rtype, source, rtag). */
    SENDRECV,
    /** Sendrecv_replace: (buf, offset, count, type, dest, sendtag, source, recvtag), returns a Status. */
    SENDRECV_REPLACE,
    /** Wait on one request, Waitall on an array. */
    WAIT, WAITALL,
    /** Probe (blocking) and Iprobe (returns null when nothing matches): (source, tag), return a Status. */
    PROBE, IPROBE,
    /** Waitany / Waitsome on an array; Test on one request; Testall / Testany / Testsome on an array. */
    WAITANY, WAITSOME, TEST, TESTALL, TESTANY, TESTSOME,
    /** Send_init, Ssend_init, Bsend_init, Rsend_init: (buf, offset, count, type, dest, tag), an inactive
     *  persistent send request ({@code mpi.Prequest}). */
    SEND_INIT,
    /** Recv_init: (buf, offset, count, type, source, tag), an inactive persistent receive request. */
    RECV_INIT,
    /** Prequest.Start (on one request) and Prequest.Startall (on an array): start persistent requests. */
    START, STARTALL,
    /** Request.Free and Request.Is_null. */
    REQUEST_FREE, IS_NULL,
    /** A pure function of its arguments (Cartcomm.Dims_create): kept as written, valid on any thread. */
    PURE,
    /** MPI.Initialized: a task runs between Init and Finalize, so true. */
    INITIALIZED,
    /** MPI.Buffer_attach / Buffer_detach: translated sends copy at once and need no buffer; the task keeps
     *  the attached one to give it back. */
    BUFFER_ATTACH, BUFFER_DETACH,
    /** A collective, or a communicator constructor (Split, Dup, Create): inlined from the library. */
    COLLECTIVE,
    /** A local communicator operation (Group, Compare, Free, Test_inter, Topo_test, Attr_get, Attr_delete,
     *  and a Cartesian grid's Coords, Shift, Get): a call on the translated communicator ({@code bamboo.runtime.comm.TaskComm},
     *  {@code TaskCartcomm}), kept as written. */
    COMM_LOCAL,
    PRIORITY, YIELD_AFTER_REGION,
    /** A collective already reported where it stands (not to report it again). */
    INLINED,
    /** Everything the translator does not handle yet. */
    UNSUPPORTED;

    /** Method names of the mpi API: only calls with these names are resolved (resolution is slow). */
    private static final Map<String, MpiOp> BY_NAME = new HashMap<>();
    private static final Set<String> COLLECTIVES = Set.of("Barrier", "Bcast", "Reduce", "Allreduce", "Gather",
            "Gatherv", "Scatter", "Scatterv", "Allgather", "Allgatherv", "Alltoall", "Alltoallv",
            "Reduce_scatter", "Scan", "Split", "Dup", "Create", "Creat", "Create_cart", "Sub");
    private static final Set<String> COMM_LOCALS = Set.of("Group", "Compare", "Free", "Test_inter", "Topo_test",
            "Coords", "Shift", "Get", "Attr_get", "Attr_delete");
    private static final Set<String> OTHERS = Set.of("Cancel", "Get_processor_name", "Get_count", "Incl",
            "Excl", "Union", "Abort", "clone", "Intercomm_create", "Intercomm_merge",
            "Comm_spawn");
    /** The rest of the mpiJava API: graph topologies, intercommunicators, derived datatypes, packing. Without
     *  these names such calls were not recognised as MPI at all and passed into the task unchanged. */
    private static final Set<String> NOT_PLANNED = Set.of("Create_graph", "Map", "Create_intercomm", "Merge",
            "Remote_size",
            "Remote_group", "Contiguous", "Vector", "Hvector", "Indexed", "Hindexed", "Struct", "Commit", "Pack",
            "Unpack", "Pack_size", "Get_elements", "Errhandler_set", "Errhandler_get");

    static {
        BY_NAME.put("Init", INIT);
        BY_NAME.put("Finalize", FINALIZE);
        BY_NAME.put("Rank", RANK);
        BY_NAME.put("Size", SIZE);
        BY_NAME.put("Wtime", WTIME);
        BY_NAME.put("Wtick", WTIME); // a constant of the clock: kept as written, like Wtime
        BY_NAME.put("Initialized", INITIALIZED);
        BY_NAME.put("Dims_create", PURE);
        BY_NAME.put("Buffer_attach", BUFFER_ATTACH);
        BY_NAME.put("Buffer_detach", BUFFER_DETACH);
        for (String s : new String[] {"Send", "Ssend", "Bsend", "Rsend"}) {
            BY_NAME.put(s, SEND);
        }
        for (String s : new String[] {"Isend", "Issend", "Ibsend", "Irsend"}) {
            BY_NAME.put(s, ISEND);
        }
        BY_NAME.put("Recv", RECV);
        BY_NAME.put("Irecv", IRECV);
        BY_NAME.put("Sendrecv", SENDRECV);
        BY_NAME.put("Sendrecv_replace", SENDRECV_REPLACE);
        BY_NAME.put("Wait", WAIT);
        BY_NAME.put("Waitall", WAITALL);
        BY_NAME.put("Probe", PROBE);
        BY_NAME.put("Iprobe", IPROBE);
        BY_NAME.put("Waitany", WAITANY);
        BY_NAME.put("Waitsome", WAITSOME);
        BY_NAME.put("Test", TEST);
        BY_NAME.put("Testall", TESTALL);
        BY_NAME.put("Testany", TESTANY);
        BY_NAME.put("Testsome", TESTSOME);
        for (String s : new String[] {"Send_init", "Ssend_init", "Bsend_init", "Rsend_init"}) {
            BY_NAME.put(s, SEND_INIT);
        }
        BY_NAME.put("Recv_init", RECV_INIT);
        BY_NAME.put("Start", START);
        BY_NAME.put("Startall", STARTALL);
        BY_NAME.put("Is_null", IS_NULL);
        for (String s : COLLECTIVES) {
            BY_NAME.put(s, COLLECTIVE);
        }
        for (String s : COMM_LOCALS) {
            BY_NAME.put(s, COMM_LOCAL);
        }
        for (String s : OTHERS) {
            BY_NAME.put(s, UNSUPPORTED);
        }
        for (String s : NOT_PLANNED) {
            BY_NAME.put(s, UNSUPPORTED);
        }
        // Every other capitalised method of the communicators and requests is refused until it is
        // translated, so that no call of the library (a newer one included) passes into a task unchanged.
        for (Class<?> c : List.of(mpi.Comm.class, mpi.Intracomm.class, mpi.Cartcomm.class, mpi.Graphcomm.class,
                mpi.Intercomm.class, mpi.Request.class, mpi.Prequest.class, mpi.Message.class)) {
            for (Method m : c.getMethods()) {
                if (m.getDeclaringClass() != Object.class && Character.isUpperCase(m.getName().charAt(0))) {
                    BY_NAME.putIfAbsent(m.getName(), UNSUPPORTED);
                }
            }
        }
        BY_NAME.put("priority", PRIORITY);
        BY_NAME.put("yieldAfterRegion", YIELD_AFTER_REGION);
    }

    /** The op a call of this name would be if it resolves into {@code mpi}; null if no mpi method has it. */
    public static MpiOp candidate(String methodName) {
        return BY_NAME.get(methodName);
    }

    public boolean isHint() {
        return this == PRIORITY || this == YIELD_AFTER_REGION;
    }

    public boolean isReceive() {
        return this == RECV || this == IRECV || this == SENDRECV;
    }

    public boolean isProbe() {
        return this == PROBE || this == IPROBE;
    }

    /** Wait, Waitall, Waitany, Waitsome: block until requests complete. */
    public boolean isWait() {
        return this == WAIT || this == WAITALL || this == WAITANY || this == WAITSOME;
    }

    /** Test, Testall, Testany, Testsome: ask whether requests have completed, without blocking. */
    public boolean isTest() {
        return this == TEST || this == TESTALL || this == TESTANY || this == TESTSOME;
    }

    /** Operations that look at requests beyond waiting for them (the translation then keeps real requests). */
    public boolean inspectsRequests() {
        return this == WAITANY || this == WAITSOME || isTest();
    }

    /** Start and Startall: what they do depends on the persistent requests they start. */
    public boolean isStart() {
        return this == START || this == STARTALL;
    }

    public boolean isSend() {
        return this == SEND || this == ISEND;
    }
}
