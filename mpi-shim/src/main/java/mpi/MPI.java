package mpi;

import bamboo.shim.engine.Binding;
import bamboo.shim.engine.DeadlockWatch;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.World;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** The mpiJava 1.2 entry class: constants, datatypes and the process-wide calls. */
public class MPI {
    // ---- point-to-point constants (values as in MPJ Express) -----------------------------------------
    /** Receive from any source. */
    public static final int ANY_SOURCE = -2;
    /** Receive any tag. */
    public static final int ANY_TAG = -2;
    /** The null process: sends to it and receives from it complete at once and move nothing. */
    public static final int PROC_NULL = -3;
    /** Thread support levels (MPI_Init_thread), 1 to 4 as in MPJ Express; the shim always provides
     *  {@link #THREAD_MULTIPLE}. */
    public static final int THREAD_SINGLE = 1;
    public static final int THREAD_FUNNELED = 2;
    public static final int THREAD_SERIALIZED = 3;
    public static final int THREAD_MULTIPLE = 4;
    /** Largest tag a send may use; also the key under which {@link Comm#Attr_get} on {@link #COMM_WORLD}
     *  gives it (an {@code Integer}), as MPI's predefined attribute. */
    public static final int TAG_UB = Integer.MAX_VALUE;
    /** Key of the predefined attribute {@link Comm#Attr_get} on {@link #COMM_WORLD} gives as the rank of
     *  the host process: {@link #PROC_NULL}, there is none (as in MPJ Express). */
    public static final int HOST = Integer.MAX_VALUE - 1;
    /** Key of the predefined attribute {@link Comm#Attr_get} on {@link #COMM_WORLD} gives as a rank that
     *  can do I/O: the caller's own (as in MPJ Express). */
    public static final int IO = Integer.MAX_VALUE - 2;
    /** A request that is always complete: waiting on it returns an empty status at once. */
    public static final Request REQUEST_NULL = new Request();
    /** The status of nothing: source {@link #ANY_SOURCE}, tag {@link #ANY_TAG}, no elements. */
    public static final Status EMPTY_STATUS = new Status(ANY_SOURCE, ANY_TAG, 0);
    /** Bytes a buffered send needs in the attached buffer beyond its data: none, the shim's accounting
     *  counts the data alone (a buffer of {@code Pack_size} bytes per message is enough). */
    public static final int BSEND_OVERHEAD = 0;
    /** Per-message overheads of MPJ Express's buffers; the shim has none. */
    public static final int SEND_OVERHEAD = 0;
    public static final int RECV_OVERHEAD = 0;
    /** Processors available to the JVM (as MPJ Express defines it). */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();

    // ---- error handlers ------------------------------------------------------------------------------
    /** The default: an error in an MPI call is an {@link MPIException} that, uncaught, ends the job. */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler("MPI.ERRORS_ARE_FATAL");
    /** Errors are returned to the caller: in Java, the same {@link MPIException}, for the caller to catch. */
    public static final Errhandler ERRORS_RETURN = new Errhandler("MPI.ERRORS_RETURN");

    // ---- datatypes -----------------------------------------------------------------------------------
    public static final Datatype BYTE = new Datatype("BYTE", Datatype.Base.BYTE, 1);
    public static final Datatype CHAR = new Datatype("CHAR", Datatype.Base.CHAR, 1);
    public static final Datatype SHORT = new Datatype("SHORT", Datatype.Base.SHORT, 1);
    public static final Datatype BOOLEAN = new Datatype("BOOLEAN", Datatype.Base.BOOLEAN, 1);
    public static final Datatype INT = new Datatype("INT", Datatype.Base.INT, 1);
    public static final Datatype LONG = new Datatype("LONG", Datatype.Base.LONG, 1);
    public static final Datatype FLOAT = new Datatype("FLOAT", Datatype.Base.FLOAT, 1);
    public static final Datatype DOUBLE = new Datatype("DOUBLE", Datatype.Base.DOUBLE, 1);
    public static final Datatype OBJECT = new Datatype("OBJECT", Datatype.Base.OBJECT, 1);
    public static final Datatype SHORT2 = new Datatype("SHORT2", Datatype.Base.SHORT, 2);
    public static final Datatype INT2 = new Datatype("INT2", Datatype.Base.INT, 2);
    public static final Datatype LONG2 = new Datatype("LONG2", Datatype.Base.LONG, 2);
    public static final Datatype FLOAT2 = new Datatype("FLOAT2", Datatype.Base.FLOAT, 2);
    public static final Datatype DOUBLE2 = new Datatype("DOUBLE2", Datatype.Base.DOUBLE, 2);
    /** Bytes made by {@code Comm.Pack}; a {@code byte[]} buffer. */
    /** The null datatype: describes no data; a communication call or type constructor given it fails. */
    public static final Datatype NULL = Datatype.nullType();
    public static final Datatype PACKED = new Datatype("PACKED", Datatype.Base.BYTE, 1);
    /** In a {@code Datatype.Struct}: sets the new type's lower bound at the block's displacement. */
    public static final Datatype LB = Datatype.lowerBoundMarker();
    /** In a {@code Datatype.Struct}: sets the new type's upper bound at the block's displacement. */
    public static final Datatype UB = Datatype.upperBoundMarker();

    // Collectives layer: reduction operations, group and communicator comparison (owned by shim-coll).
    public static final Op SUM = new Op(bamboo.shim.coll.PredefinedOp.SUM);
    public static final Op PROD = new Op(bamboo.shim.coll.PredefinedOp.PROD);
    public static final Op MAX = new Op(bamboo.shim.coll.PredefinedOp.MAX);
    public static final Op MIN = new Op(bamboo.shim.coll.PredefinedOp.MIN);
    public static final Op LAND = new Op(bamboo.shim.coll.PredefinedOp.LAND);
    public static final Op LOR = new Op(bamboo.shim.coll.PredefinedOp.LOR);
    public static final Op LXOR = new Op(bamboo.shim.coll.PredefinedOp.LXOR);
    public static final Op BAND = new Op(bamboo.shim.coll.PredefinedOp.BAND);
    public static final Op BOR = new Op(bamboo.shim.coll.PredefinedOp.BOR);
    public static final Op BXOR = new Op(bamboo.shim.coll.PredefinedOp.BXOR);
    public static final Op MAXLOC = new Op(bamboo.shim.coll.PredefinedOp.MAXLOC);
    public static final Op MINLOC = new Op(bamboo.shim.coll.PredefinedOp.MINLOC);
    /** Results of {@code Comm.Compare} and {@code Group.Compare}, with MPJ Express's values. */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;
    /** A rank that is not in a group, or a Split colour for processes that join no new communicator
     *  (-1, as in MPJ Express). */
    public static final int UNDEFINED = -1;
    /** Results of {@code Topo_test}, with MPJ Express's values. */
    public static final int GRAPH = 1;
    public static final int CART = 2;
    /** The group with no members. */
    public static final Group GROUP_EMPTY = new Group(new int[0], -1);
    /** The null group handle: set operations treat it as MPJ Express does (a union with it is the other
     *  group, an intersection with it is itself), {@link Group#Size()} is {@link #UNDEFINED}. */
    public static final Group GROUP_NULL = Group.nullHandle();

    // ---- the world communicator ----------------------------------------------------------------------
    /** All ranks of the job; resolves to the calling thread's rank. */
    public static final Intracomm COMM_WORLD = new Intracomm();
    /** The calling rank alone. */
    public static final Intracomm COMM_SELF = new Intracomm(true);
    /** The null communicator handle: every call on it fails with an {@link MPIException}. */
    public static final Comm COMM_NULL = Comm.nullHandle();

    private static final long ORIGIN = System.nanoTime();
    private static volatile String hostName;

    protected MPI() {
    }

    // ---- process-wide calls --------------------------------------------------------------------------

    /**
     * Initialises MPI for the calling rank and returns the program's arguments. Outside a job (a program
     * started with plain {@code java}) it makes a one-rank world, so the program runs as {@code --np 1}.
     */
    public static String[] Init(String[] args) throws MPIException {
        Endpoint e = Binding.current();
        if (e == null) {
            final World world = World.standalone();
            e = world.endpoint(0);
            Binding.bind(e);
            DeadlockWatch.start(world, "bamboo-deadlock-watch", (summary, report) -> world.abort(summary));
        }
        e.init();
        return args == null ? new String[0] : args;
    }

    /** Initialises MPI like {@link #Init}; every thread of a rank may call MPI, so the level provided is
     *  always {@link #THREAD_MULTIPLE}. */
    public static int Init_thread(String[] args, int required) throws MPIException {
        Init(args);
        return THREAD_MULTIPLE;
    }

    /** The thread support level: {@link #THREAD_MULTIPLE}. */
    public static int Query_thread() throws MPIException {
        current("MPI.Query_thread");
        return THREAD_MULTIPLE;
    }

    /** True on the thread that initialised MPI for this rank. */
    public static boolean Is_thread_main() throws MPIException {
        return current("MPI.Is_thread_main").isInitThread();
    }

    /** MPJ Express's {@code initThread}: does nothing there and returns null, so a program still calls
     *  {@link #Init} (or {@link #Init_thread}) itself; the same here. */
    public static String[] initThread(int required, int provided, String[] argv) {
        return null;
    }

    /** MPJ Express's {@code isMainThread}: true on every thread there, and here. {@link #Is_thread_main}
     *  tells the thread that initialised MPI. */
    public static boolean isMainThread() {
        return true;
    }

    /** MPJ Express's {@code queryThread}: {@link #THREAD_MULTIPLE}, as {@link #Query_thread}, callable
     *  before {@link #Init} as there. */
    public static int queryThread() {
        return THREAD_MULTIPLE;
    }

    /** True once this rank has called {@link #Finalize}. */
    public static boolean Finalized() throws MPIException {
        final Endpoint e = Binding.current();
        return e != null && e.finalized();
    }

    private static Endpoint current(String call) throws MPIException {
        final Endpoint e = Binding.current();
        if (e == null) {
            throw new MPIException(call + ": MPI is not initialised (call MPI.Init first)");
        }
        e.check(call);
        return e;
    }

    /** Ends MPI for the calling rank; no MPI call may follow. */
    public static void Finalize() throws MPIException {
        final Endpoint e = Binding.current();
        if (e == null) {
            throw new MPIException("MPI.Finalize: MPI is not initialised (call MPI.Init first)");
        }
        e.finalizeMpi();
    }

    /** True once {@link #Init} has been called by this rank. */
    public static boolean Initialized() throws MPIException {
        final Endpoint e = Binding.current();
        return e != null && e.initialized();
    }

    /** Sets the error handler of {@link #COMM_WORLD} (MPJ Express's spelling; see
     *  {@link Comm#Errhandler_set}). */
    public static void Errorhandler_set(Errhandler errhandler) throws MPIException {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** The error handler of {@link #COMM_WORLD}. */
    public static Errhandler Errorhandler_get() throws MPIException {
        return COMM_WORLD.Errhandler_get();
    }

    /** Wall-clock time in seconds since an arbitrary origin. */
    public static double Wtime() {
        return (System.nanoTime() - ORIGIN) / 1e9;
    }

    /** Resolution of {@link #Wtime()} in seconds. */
    public static double Wtick() {
        return 1e-9;
    }

    /** The host name; with a simulated interconnect, the host name and the rank's simulated node. */
    public static String Get_processor_name() throws MPIException {
        final Endpoint e = Binding.current();
        if (e == null) {
            throw new MPIException("MPI.Get_processor_name: MPI is not initialised (call MPI.Init first)");
        }
        e.check("MPI.Get_processor_name");
        String host = hostName;
        if (host == null) {
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (UnknownHostException ex) {
                host = "localhost";
            }
            hostName = host;
        }
        final int nodes = e.world().network().nodes();
        return nodes > 1 ? host + "-node" + e.world().network().nodeOf(e.rank()) : host;
    }

    /**
     * Sets the size of the calling rank's buffer for buffered sends to the buffer's capacity: a
     * {@code Bsend} whose data does not fit beside the rank's buffered messages not yet received fails
     * with {@code MPI_ERR_BUFFER}. The shim copies into its own memory, so the buffer's contents are not
     * used. Without an attached buffer an implicit one of the eager budget's size applies.
     */
    public static void Buffer_attach(java.nio.ByteBuffer buffer) throws MPIException {
        if (buffer == null) {
            throw new MPIException("MPI.Buffer_attach: buffer is null");
        }
        final Endpoint e = Binding.current();
        if (e == null) {
            throw new MPIException("MPI.Buffer_attach: MPI is not initialised (call MPI.Init first)");
        }
        e.attachBuffer(buffer);
    }

    /** Returns the calling rank's buffer given to {@link #Buffer_attach} (or null); buffered sends use the
     *  implicit buffer again. */
    public static java.nio.ByteBuffer Buffer_detach() throws MPIException {
        final Endpoint e = Binding.current();
        if (e == null) {
            throw new MPIException("MPI.Buffer_detach: MPI is not initialised (call MPI.Init first)");
        }
        return e.detachBuffer();
    }
}
