package bamboo.shim.nativempi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Downcalls into the MPI library, bound when this class initialises (the first MPI call of the process).
 * Every handle parameter is a {@code long} on the Java side whatever its C type ({@link Abi#handle}), so one
 * call site serves every implementation; the handles are {@code static final} so the JIT binds each call
 * directly. {@code *_HEAP} variants are critical calls that may take heap segments: the device uses them only
 * for calls that complete in bounded time (a matched receive), never for a wait on a peer.
 */
public final class Lib {
    public static final LaunchEnv LAUNCH = LaunchEnv.current();
    private static final Loader.Opened OPENED = Loader.open(System.getenv(), LAUNCH);
    /** The table of the library this process is bound to. */
    public static final Abi ABI = OPENED.abi();
    private static final SymbolLookup SYMBOLS = OPENED.symbols();
    private static final Linker LINKER = Linker.nativeLinker();
    /** Marks a handle parameter in the signatures below. */
    private static final Object H = new Object();
    private static final ValueLayout P = ValueLayout.ADDRESS;
    private static final ValueLayout I = ValueLayout.JAVA_INT;
    private static final ValueLayout D = ValueLayout.JAVA_DOUBLE;
    private static final Linker.Option[] PLAIN = {};
    private static final Linker.Option[] CRITICAL = {Linker.Option.critical(true)};

    public static final MethodHandle INIT_THREAD = fn("MPI_Init_thread", P, P, I, P);
    public static final MethodHandle INITIALIZED = fn("MPI_Initialized", P);
    public static final MethodHandle FINALIZED = fn("MPI_Finalized", P);
    public static final MethodHandle FINALIZE = fn("MPI_Finalize");
    public static final MethodHandle ERROR_STRING = fn("MPI_Error_string", I, P, P);
    public static final MethodHandle COMM_SET_ERRHANDLER = fn("MPI_Comm_set_errhandler", H, H);
    public static final MethodHandle COMM_GET_ATTR = fn("MPI_Comm_get_attr", H, I, P, P);

    public static final MethodHandle COMM_RANK = fn("MPI_Comm_rank", H, P);
    public static final MethodHandle COMM_SIZE = fn("MPI_Comm_size", H, P);

    public static final MethodHandle SEND = fn("MPI_Send", P, I, H, I, I, H);
    public static final MethodHandle ISEND = fn("MPI_Isend", P, I, H, I, I, H, P);
    public static final MethodHandle RECV = fn("MPI_Recv", P, I, H, I, I, H, P);
    public static final MethodHandle IRECV = fn("MPI_Irecv", P, I, H, I, I, H, P);
    public static final MethodHandle IPROBE = fn("MPI_Iprobe", I, I, H, P, P);
    public static final MethodHandle MPROBE = fn("MPI_Mprobe", I, I, H, P, P);
    public static final MethodHandle MRECV = fn("MPI_Mrecv", P, I, H, P, P);
    public static final MethodHandle MRECV_HEAP = fn(CRITICAL, "MPI_Mrecv", P, I, H, P, P);
    public static final MethodHandle GET_COUNT = fn("MPI_Get_count", P, H, P);
    public static final MethodHandle WAIT = fn("MPI_Wait", P, P);
    public static final MethodHandle TEST = fn("MPI_Test", P, P, P);



    /** Bytes of one handle in memory (an out-parameter or an array of requests). */
    public static final long HANDLE_BYTES = ABI.handle.byteSize();
    private static final boolean LONG_HANDLES = HANDLE_BYTES == 8;

    private Lib() {
    }

    /** Reads a handle the library wrote to memory. */
    public static long handleAt(MemorySegment s, long offset) {
        return LONG_HANDLES ? s.get(ValueLayout.JAVA_LONG, offset) : s.get(ValueLayout.JAVA_INT, offset);
    }

    /** Writes a handle to memory for the library to read. */
    public static void setHandle(MemorySegment s, long offset, long handle) {
        if (LONG_HANDLES) {
            s.set(ValueLayout.JAVA_LONG, offset, handle);
        } else {
            s.set(ValueLayout.JAVA_INT, offset, (int) handle);
        }
    }

    /** The library's text for an error code. */
    public static String errorString(int code) {
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            final MemorySegment text = a.allocate(ABI.maxErrorString + 1L);
            final MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
            final int rc = (int) ERROR_STRING.invokeExact(code, text, len);
            return rc == 0 ? text.getString(0) : "MPI error " + code;
        } catch (Throwable t) {
            return "MPI error " + code;
        }
    }

    /** The upcall stub type of MPI_User_function: void (void *in, void *inout, int *len, MPI_Datatype *type). */
    public static MemorySegment userFunction(MethodHandle target, java.lang.foreign.Arena arena) {
        return LINKER.upcallStub(target, FunctionDescriptor.ofVoid(P, P, P, P), arena);
    }

    private static MemorySegment symbol(String name) {
        return SYMBOLS.find(name).orElseThrow(() -> new IllegalStateException(ABI.library + " has no " + name));
    }

    private static MethodHandle fn(String name, Object... params) {
        return fn(PLAIN, name, params);
    }

    /** A downcall returning the MPI error code, with handle parameters as {@code long} in Java. */
    private static MethodHandle fn(Linker.Option[] options, String name, Object... params) {
        final MemoryLayout[] layouts = new MemoryLayout[params.length];
        final Class<?>[] javaTypes = new Class<?>[params.length];
        for (int i = 0; i < params.length; i++) {
            final ValueLayout l = params[i] == H ? ABI.handle : (ValueLayout) params[i];
            layouts[i] = l;
            javaTypes[i] = params[i] == H ? long.class : l.carrier();
        }
        final MethodHandle raw = LINKER.downcallHandle(symbol(name), FunctionDescriptor.of(I, layouts), options);
        return MethodHandles.explicitCastArguments(raw, MethodType.methodType(int.class, javaTypes));
    }

    /** Collectives and reduction operations, bound on first use. */
    public static final class Coll {
        private Coll() {
        }

        public static final MethodHandle BARRIER = fn("MPI_Barrier", H);
        public static final MethodHandle BCAST = fn("MPI_Bcast", P, I, H, I, H);
        public static final MethodHandle GATHER = fn("MPI_Gather", P, I, H, P, I, H, I, H);
        public static final MethodHandle GATHERV = fn("MPI_Gatherv", P, I, H, P, P, P, H, I, H);
        public static final MethodHandle SCATTER = fn("MPI_Scatter", P, I, H, P, I, H, I, H);
        public static final MethodHandle SCATTERV = fn("MPI_Scatterv", P, P, P, H, P, I, H, I, H);
        public static final MethodHandle ALLGATHER = fn("MPI_Allgather", P, I, H, P, I, H, H);
        public static final MethodHandle ALLGATHERV = fn("MPI_Allgatherv", P, I, H, P, P, P, H, H);
        public static final MethodHandle ALLTOALL = fn("MPI_Alltoall", P, I, H, P, I, H, H);
        public static final MethodHandle ALLTOALLV = fn("MPI_Alltoallv", P, P, P, H, P, P, P, H, H);
        public static final MethodHandle REDUCE = fn("MPI_Reduce", P, P, I, H, H, I, H);
        public static final MethodHandle ALLREDUCE = fn("MPI_Allreduce", P, P, I, H, H, H);
        public static final MethodHandle REDUCE_SCATTER = fn("MPI_Reduce_scatter", P, P, P, H, H, H);
        public static final MethodHandle SCAN = fn("MPI_Scan", P, P, I, H, H, H);
        public static final MethodHandle OP_CREATE = fn("MPI_Op_create", P, I, P);
        public static final MethodHandle OP_FREE = fn("MPI_Op_free", P);
        public static final MethodHandle REDUCE_LOCAL = fn("MPI_Reduce_local", P, P, I, H, H);
    }

    /** Communicator and group management and the less common point-to-point calls, bound on first use. */
    public static final class Comms {
        private Comms() {
        }

        public static final MethodHandle ABORT = fn("MPI_Abort", H, I);
        public static final MethodHandle QUERY_THREAD = fn("MPI_Query_thread", P);
        public static final MethodHandle IS_THREAD_MAIN = fn("MPI_Is_thread_main", P);
        public static final MethodHandle PROCESSOR_NAME = fn("MPI_Get_processor_name", P, P);
        public static final MethodHandle WTIME = LINKER.downcallHandle(symbol("MPI_Wtime"), FunctionDescriptor.of(D));
        public static final MethodHandle COMM_DUP = fn("MPI_Comm_dup", H, P);
        public static final MethodHandle COMM_SPLIT = fn("MPI_Comm_split", H, I, I, P);
        public static final MethodHandle COMM_CREATE = fn("MPI_Comm_create", H, H, P);
        public static final MethodHandle COMM_FREE = fn("MPI_Comm_free", P);
        public static final MethodHandle COMM_COMPARE = fn("MPI_Comm_compare", H, H, P);
        public static final MethodHandle COMM_GROUP = fn("MPI_Comm_group", H, P);
        public static final MethodHandle GROUP_INCL = fn("MPI_Group_incl", H, I, P, P);
        public static final MethodHandle GROUP_FREE = fn("MPI_Group_free", P);
        public static final MethodHandle GROUP_TRANSLATE = fn("MPI_Group_translate_ranks", H, I, P, H, P);
        public static final MethodHandle SEND_HEAP = fn(CRITICAL, "MPI_Send", P, I, H, I, I, H);
        public static final MethodHandle SSEND = fn("MPI_Ssend", P, I, H, I, I, H);
        public static final MethodHandle RSEND = fn("MPI_Rsend", P, I, H, I, I, H);
        public static final MethodHandle ISSEND = fn("MPI_Issend", P, I, H, I, I, H, P);
        public static final MethodHandle IRSEND = fn("MPI_Irsend", P, I, H, I, I, H, P);
        public static final MethodHandle SENDRECV = fn("MPI_Sendrecv", P, I, H, I, I, P, I, H, I, I, H, P);
        public static final MethodHandle PROBE = fn("MPI_Probe", I, I, H, P);
        public static final MethodHandle IMPROBE = fn("MPI_Improbe", I, I, H, P, P, P);
        public static final MethodHandle WAITANY = fn("MPI_Waitany", I, P, P, P);
        public static final MethodHandle CANCEL = fn("MPI_Cancel", P);
        public static final MethodHandle REQUEST_FREE = fn("MPI_Request_free", P);
        public static final MethodHandle TEST_CANCELLED = fn("MPI_Test_cancelled", P, P);
    }

    /** Cartesian topologies, bound on first use. */
    public static final class Cart {
        private Cart() {
        }

        public static final MethodHandle CART_CREATE = fn("MPI_Cart_create", H, I, P, P, I, P);
        public static final MethodHandle CART_COORDS = fn("MPI_Cart_coords", H, I, I, P);
        public static final MethodHandle CART_RANK = fn("MPI_Cart_rank", H, P, P);
        public static final MethodHandle CART_SHIFT = fn("MPI_Cart_shift", H, I, I, P, P);
        public static final MethodHandle CART_SUB = fn("MPI_Cart_sub", H, P, P);
        public static final MethodHandle CARTDIM_GET = fn("MPI_Cartdim_get", H, P);
        public static final MethodHandle CART_GET = fn("MPI_Cart_get", H, I, P, P, P);
        public static final MethodHandle CART_MAP = fn("MPI_Cart_map", H, I, P, P, P);
        public static final MethodHandle DIMS_CREATE = fn("MPI_Dims_create", I, I, P);
        public static final MethodHandle TOPO_TEST = fn("MPI_Topo_test", H, P);
    }
}
