package mpi;

import bamboo.shim.nativempi.Abi;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The mpiJava 1.2 entry class over the system's MPI library: one rank per process, started by the cluster's
 * launcher ({@code mpirun}, {@code mpiexec}, {@code srun}). Constant values are those of the bamboo threads
 * device (MPJ Express's), so a program compiled against either runs on both.
 */
public class MPI {
    public static final int ANY_SOURCE = -2;
    public static final int ANY_TAG = -2;
    public static final int PROC_NULL = -3;
    /** Thread support levels, 1 to 4 as on the threads device and in MPJ Express; {@link #libraryLevel}
     *  and {@link #javaLevel} map them to the library's. */
    public static final int THREAD_SINGLE = 1;
    public static final int THREAD_FUNNELED = 2;
    public static final int THREAD_SERIALIZED = 3;
    public static final int THREAD_MULTIPLE = 4;
    /** Largest tag a send may use; the libraries' own bound is lower (MPICH's is 2^29 - 1), and the topmost
     *  64 tags map just below it. */
    public static final int TAG_UB = Integer.MAX_VALUE;

    public static final Datatype BYTE = new Datatype("BYTE", Datatype.Base.BYTE, 1, Abi.Types.NONE);
    public static final Datatype CHAR = new Datatype("CHAR", Datatype.Base.CHAR, 1, Abi.Types.NONE);
    public static final Datatype SHORT = new Datatype("SHORT", Datatype.Base.SHORT, 1, Abi.Types.NONE);
    public static final Datatype BOOLEAN = new Datatype("BOOLEAN", Datatype.Base.BOOLEAN, 1, Abi.Types.NONE);
    public static final Datatype INT = new Datatype("INT", Datatype.Base.INT, 1, Abi.Types.NONE);
    public static final Datatype LONG = new Datatype("LONG", Datatype.Base.LONG, 1, Abi.Types.NONE);
    public static final Datatype FLOAT = new Datatype("FLOAT", Datatype.Base.FLOAT, 1, Abi.Types.NONE);
    public static final Datatype DOUBLE = new Datatype("DOUBLE", Datatype.Base.DOUBLE, 1, Abi.Types.NONE);
    public static final Datatype OBJECT = new Datatype("OBJECT", Datatype.Base.OBJECT, 1, Abi.Types.NONE);
    public static final Datatype SHORT2 = new Datatype("SHORT2", Datatype.Base.SHORT, 2, Abi.Types.NONE);
    public static final Datatype INT2 = new Datatype("INT2", Datatype.Base.INT, 2, Abi.Types.PAIR_INT);
    public static final Datatype LONG2 = new Datatype("LONG2", Datatype.Base.LONG, 2, Abi.Types.NONE);
    public static final Datatype FLOAT2 = new Datatype("FLOAT2", Datatype.Base.FLOAT, 2, Abi.Types.PAIR_FLOAT);
    public static final Datatype DOUBLE2 = new Datatype("DOUBLE2", Datatype.Base.DOUBLE, 2, Abi.Types.PAIR_DOUBLE);

    public static final Op SUM = new Op(Abi.Ops.SUM);
    public static final Op PROD = new Op(Abi.Ops.PROD);
    public static final Op MAX = new Op(Abi.Ops.MAX);
    public static final Op MIN = new Op(Abi.Ops.MIN);
    public static final Op LAND = new Op(Abi.Ops.LAND);
    public static final Op LOR = new Op(Abi.Ops.LOR);
    public static final Op LXOR = new Op(Abi.Ops.LXOR);
    public static final Op BAND = new Op(Abi.Ops.BAND);
    public static final Op BOR = new Op(Abi.Ops.BOR);
    public static final Op BXOR = new Op(Abi.Ops.BXOR);
    public static final Op MAXLOC = new Op(Abi.Ops.MAXLOC);
    public static final Op MINLOC = new Op(Abi.Ops.MINLOC);
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;
    /** -1 as on the threads device; the library's own value only crosses the boundary ({@code Split},
     *  {@code Cartcomm.Rank}). */
    public static final int UNDEFINED = -1;
    public static final int GRAPH = 1;
    public static final int CART = 2;
    public static final Group GROUP_EMPTY = new Group(new int[0], -1);

    /** All processes of the job. */
    public static final Intracomm COMM_WORLD = new Intracomm(Comm.WORLD);
    /** The calling process alone. */
    public static final Intracomm COMM_SELF = new Intracomm(Comm.SELF);

    private static final long ORIGIN = System.nanoTime();

    protected MPI() {
    }

    /**
     * Initialises the MPI library (at the thread level {@code BAMBOO_MPI_THREAD_LEVEL} names, by default
     * {@code multiple}, as the threads device provides) and returns the program's arguments.
     */
    public static String[] Init(String[] args) throws MPIException {
        init("MPI.Init", defaultLevel());
        return args == null ? new String[0] : args;
    }

    /** Initialises MPI asking for thread level {@code required}; returns the level the library provides. */
    public static int Init_thread(String[] args, int required) throws MPIException {
        return init("MPI.Init_thread", required);
    }

    private static int defaultLevel() {
        final String v = System.getenv("BAMBOO_MPI_THREAD_LEVEL");
        if (v == null) {
            return THREAD_MULTIPLE;
        }
        return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "single" -> THREAD_SINGLE;
            case "funneled" -> THREAD_FUNNELED;
            case "serialized" -> THREAD_SERIALIZED;
            default -> THREAD_MULTIPLE;
        };
    }

    private static synchronized int init(String call, int required) throws MPIException {
        if (Native.initialized) {
            return Native.provided;
        }
        final Abi abi;
        try {
            abi = Lib.ABI;
        } catch (Throwable t) {
            final Throwable cause = t instanceof ExceptionInInitializerError && t.getCause() != null ? t.getCause() : t;
            throw new MPIException(call + ": " + cause.getMessage(), cause);
        }
        Scratch.bindMain();
        final Scratch sc = Scratch.get();
        try {
            final int[] levels = abi.threadLevels;
            final int want = libraryLevel(levels, required);
            Native.ok((int) Lib.INIT_THREAD.invokeExact(MemorySegment.NULL, MemorySegment.NULL, want, sc.out), call);
            Native.provided = javaLevel(levels, sc.out.get(ValueLayout.JAVA_INT, 0));
            // Errors come back as codes (and so as MPIExceptions) instead of aborting the job.
            Native.ok((int) Lib.COMM_SET_ERRHANDLER.invokeExact(abi.commWorld, abi.errorsReturn), call);
            Native.ok((int) Lib.COMM_SET_ERRHANDLER.invokeExact(abi.commSelf, abi.errorsReturn), call);
            Native.ok((int) Lib.COMM_RANK.invokeExact(abi.commWorld, sc.out), call);
            Native.worldRank = sc.out.get(ValueLayout.JAVA_INT, 0);
            Native.ok((int) Lib.COMM_SIZE.invokeExact(abi.commWorld, sc.out), call);
            Native.worldSize = sc.out.get(ValueLayout.JAVA_INT, 0);
            Native.ok((int) Lib.COMM_GET_ATTR.invokeExact(abi.commWorld, abi.tagUbKey, sc.handle, sc.flag), call);
            if (sc.flag.get(ValueLayout.JAVA_INT, 0) != 0) {
                Native.tagUb = sc.handle.get(ValueLayout.ADDRESS, 0).reinterpret(4).get(ValueLayout.JAVA_INT, 0);
            }
        } catch (Throwable t) {
            throw Native.fail(call, t);
        }
        final String mismatch = Lib.LAUNCH.mismatch(abi.library, Native.worldRank, Native.worldSize);
        if (mismatch != null) {
            throw new MPIException(call + ": " + mismatch);
        }
        Native.initialized = true;
        return Native.provided;
    }

    /** The library's value ({@code levels}: its MPI_THREAD_SINGLE.._MULTIPLE) of thread level {@code level};
     *  a level out of range asks for the nearest one. */
    static int libraryLevel(int[] levels, int level) {
        return levels[Math.max(THREAD_SINGLE, Math.min(THREAD_MULTIPLE, level)) - THREAD_SINGLE];
    }

    /** The thread level whose library value ({@code levels}) is {@code got}; {@link #THREAD_SINGLE} for a
     *  value the table does not hold. */
    static int javaLevel(int[] levels, int got) {
        for (int l = THREAD_SINGLE; l <= THREAD_MULTIPLE; l++) {
            if (levels[l - THREAD_SINGLE] == got) {
                return l;
            }
        }
        return THREAD_SINGLE;
    }

    /** The thread level the library provides. */
    public static int Query_thread() throws MPIException {
        Native.enter("MPI.Query_thread");
        return Native.provided;
    }

    /** True on the thread that initialised MPI. */
    public static boolean Is_thread_main() throws MPIException {
        Native.enter("MPI.Is_thread_main");
        final Scratch sc = Scratch.get();
        try {
            Native.ok((int) Lib.Comms.IS_THREAD_MAIN.invokeExact(sc.out), "MPI.Is_thread_main");
        } catch (Throwable t) {
            throw Native.fail("MPI.Is_thread_main", t);
        }
        return sc.out.get(ValueLayout.JAVA_INT, 0) != 0;
    }

    /** True once {@link #Finalize} has been called. */
    public static boolean Finalized() throws MPIException {
        return Native.finalized;
    }

    /** Ends MPI for this process (after its buffered sends have gone); no MPI call may follow. */
    public static void Finalize() throws MPIException {
        Native.enter("MPI.Finalize");
        Buffered.drain();
        try {
            Native.ok((int) Lib.FINALIZE.invokeExact(), "MPI.Finalize");
        } catch (Throwable t) {
            throw Native.fail("MPI.Finalize", t);
        }
        Native.finalized = true;
    }

    /** True once {@link #Init} has been called. */
    public static boolean Initialized() throws MPIException {
        return Native.initialized;
    }

    /** Wall-clock time in seconds since an arbitrary origin. */
    public static double Wtime() {
        return (System.nanoTime() - ORIGIN) / 1e9;
    }

    /** Resolution of {@link #Wtime()} in seconds. */
    public static double Wtick() {
        return 1e-9;
    }

    /** The name the library gives this processor (MPI_GET_PROCESSOR_NAME). */
    public static String Get_processor_name() throws MPIException {
        Native.enter("MPI.Get_processor_name");
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            final MemorySegment name = a.allocate(Lib.ABI.maxProcessorName + 1L);
            final MemorySegment len = a.allocate(ValueLayout.JAVA_INT);
            Native.ok((int) Lib.Comms.PROCESSOR_NAME.invokeExact(name, len), "MPI.Get_processor_name");
            return name.getString(0);
        } catch (Throwable t) {
            throw Native.fail("MPI.Get_processor_name", t);
        }
    }

    /** Bounds the bytes of buffered sends in flight by the buffer's capacity (its contents are not used:
     *  the device copies into its own memory). */
    public static void Buffer_attach(java.nio.ByteBuffer buffer) throws MPIException {
        if (buffer == null) {
            throw new MPIException("MPI.Buffer_attach: buffer is null");
        }
        Native.enter("MPI.Buffer_attach");
        Buffered.attach(buffer);
    }

    /** Waits for the buffered sends in flight and returns the attached buffer (or null). */
    public static java.nio.ByteBuffer Buffer_detach() throws MPIException {
        Native.enter("MPI.Buffer_detach");
        return Buffered.detach();
    }
}
