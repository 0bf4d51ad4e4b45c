package mpi;

import bamboo.shim.nativempi.Abi;
import bamboo.shim.nativempi.Buffers;
import bamboo.shim.nativempi.Lib;
import bamboo.shim.nativempi.Scratch;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A reduction operation: one of the library's predefined operations ({@link MPI#SUM}, ...), or a
 * user-defined one, which becomes a library operation ({@code MPI_Op_create}) whose function is an upcall
 * into the {@link User_function}: the library's own reduction algorithms run it.
 */
public class Op {
    private final Abi.Ops predefined;
    private final User_function function;
    private final boolean commute;
    private long handle;
    private boolean freed;

    /** Creates a user-defined operation (MPI_OP_CREATE). */
    public Op(User_function function, boolean commute) throws MPIException {
        if (function == null) {
            throw new MPIException("Op: the user function is null");
        }
        this.predefined = null;
        this.function = function;
        this.commute = commute;
    }

    Op(Abi.Ops predefined) {
        this.predefined = predefined;
        this.function = null;
        this.commute = true;
    }

    /** True when the operation is commutative. */
    public boolean Is_commute() throws MPIException {
        return commute;
    }

    /** Applies the operation locally: {@code inoutvec = invec op inoutvec} (MPI_REDUCE_LOCAL). */
    public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype)
            throws MPIException {
        final String call = "Op.Call";
        if (function != null) {
            function.Call(invec, inoffset, inoutvec, inoutoffset, count, datatype);
            return;
        }
        Native.enter(call);
        final int n = Data.buffer(call, "invec", invec, inoffset, count, datatype);
        Data.buffer(call, "inoutvec", inoutvec, inoutoffset, count, datatype);
        final Datatype.Base base = datatype.base();
        final long bytes = (long) n * base.bytes();
        final MemorySegment in = Buffers.take(bytes);
        final MemorySegment inout = Buffers.take(bytes);
        try {
            Data.copyIn(invec, inoffset * datatype.elementsPerItem(), in, n, base);
            Data.copyIn(inoutvec, inoutoffset * datatype.elementsPerItem(), inout, n, base);
            final Wire w = wire(call, datatype, count);
            Native.ok((int) Lib.Coll.REDUCE_LOCAL.invokeExact(in, inout, w.count, w.type, handle(call)), call);
            Data.copyOut(inout, inoutvec, inoutoffset * datatype.elementsPerItem(), n, base);
        } catch (Throwable t) {
            throw Native.fail(call, t);
        } finally {
            Buffers.give(in);
            Buffers.give(inout);
        }
    }

    /** Releases a user-defined operation; predefined ones stay usable. */
    public void Free() throws MPIException {
        if (function == null) {
            return;
        }
        freed = true;
        if (handle != 0 && Native.initialized && !Native.finalized) {
            final Scratch sc = Scratch.get();
            Lib.setHandle(sc.handle, 0, handle);
            try {
                Native.ok((int) Lib.Coll.OP_FREE.invokeExact(sc.handle), "Op.Free");
            } catch (Throwable t) {
                throw Native.fail("Op.Free", t);
            }
            handle = 0;
        }
    }

    /** The datatype and count the library reduces {@code count} items of {@code type} as. */
    record Wire(long type, int count) {
    }

    Wire wire(String call, Datatype type, int count) throws MPIException {
        if (type.base() == Datatype.Base.OBJECT) {
            throw new MPIException(call + ": reductions of MPI.OBJECT are not supported by the native device");
        }
        if (predefined == Abi.Ops.MAXLOC || predefined == Abi.Ops.MINLOC) {
            if (!type.isPair()) {
                throw new MPIException(call + ": " + predefined + " needs a pair type (MPI.INT2, MPI.FLOAT2, ...), not "
                        + type);
            }
            if (type.pairHandle() == 0) {
                throw new MPIException(call + ": " + predefined + " on " + type + " has no matching type in the MPI "
                        + "library (use MPI.INT2, MPI.FLOAT2 or MPI.DOUBLE2)");
            }
            return new Wire(type.pairHandle(), count);
        }
        return new Wire(type.elementHandle(), count * type.elementsPerItem());
    }

    /** The library's handle; a user operation is created on first use. */
    long handle(String call) throws MPIException {
        if (freed) {
            throw new MPIException(call + ": the operation has been freed");
        }
        if (predefined != null) {
            return Lib.ABI.op(predefined);
        }
        if (handle == 0) {
            final Scratch sc = Scratch.get();
            final MemorySegment stub = Lib.userFunction(UPCALL, Arena.global());
            try {
                Native.ok((int) Lib.Coll.OP_CREATE.invokeExact(stub, commute ? 1 : 0, sc.handle), call);
            } catch (Throwable t) {
                throw Native.fail(call, t);
            }
            handle = Lib.handleAt(sc.handle, 0);
        }
        return handle;
    }

    // ---- the upcall of user operations ---------------------------------------------------------------

    /** The user operation a collective of this thread is running, and the Java datatype of its buffers. */
    static final class Running {
        Op op;
        Datatype type;
        Throwable failure;
    }

    static final ThreadLocal<Running> RUNNING = ThreadLocal.withInitial(Running::new);
    private static final MethodHandle UPCALL;

    static {
        try {
            UPCALL = MethodHandles.lookup().findStatic(Op.class, "upcall", MethodType.methodType(void.class,
                    MemorySegment.class, MemorySegment.class, MemorySegment.class, MemorySegment.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Runs the user function on {@code *len} elements; never throws into the library (a failure is kept and
     *  rethrown by the collective). */
    @SuppressWarnings("unused")
    private static void upcall(MemorySegment in, MemorySegment inout, MemorySegment len, MemorySegment type) {
        final Running r = RUNNING.get();
        if (r.op == null || r.failure != null) {
            return;
        }
        try {
            final int n = len.reinterpret(4).get(ValueLayout.JAVA_INT, 0);
            final Datatype.Base base = r.type.base();
            final long bytes = (long) n * base.bytes();
            final Object a = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
            final Object b = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
            Data.copyOut(in.reinterpret(bytes), a, 0, n, base);
            Data.copyOut(inout.reinterpret(bytes), b, 0, n, base);
            r.op.function.Call(a, 0, b, 0, n / r.type.elementsPerItem(), r.type);
            Data.copyIn(b, 0, inout.reinterpret(bytes), n, base);
        } catch (Throwable t) {
            r.failure = t;
        }
    }

    /** Makes this operation the running one on this thread for the length of a collective. */
    Running enter(Datatype type) {
        final Running r = RUNNING.get();
        r.op = function == null ? null : this;
        r.type = type;
        r.failure = null;
        return r;
    }

    /** Ends a collective started with {@link #enter}: rethrows what the user function threw. */
    static void leave(Running r, String call) throws MPIException {
        final Throwable t = r.failure;
        r.op = null;
        r.failure = null;
        if (t != null) {
            if (t instanceof MPIException m) {
                throw m;
            }
            throw new MPIException(call + ": the user operation failed: " + t, t);
        }
    }

    @Override
    public String toString() {
        return predefined != null ? "MPI." + predefined : "user Op(" + function.getClass().getName() + ")";
    }
}
