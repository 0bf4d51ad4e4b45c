package bamboo.shim.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Native memory a thread reuses for every call: out-parameters (ints, handles, a status) and a data area
 * for small messages, so a small send or receive allocates nothing. The thread that initialised MPI gets
 * its scratch without a thread-local lookup.
 */
public final class Scratch {
    /** Messages up to this size go through {@link #data}; larger ones through a pooled buffer. */
    public static final int DATA_BYTES = 64 * 1024;
    private static final int CELLS = 64;

    /** Out-parameter cells: {@link #intAt} and {@link #handleAt} offsets into it. */
    public final MemorySegment cells;
    /** Pre-sliced cells of {@link #cells} for the calls of every message (slicing allocates). */
    public final MemorySegment count;
    public final MemorySegment flag;
    public final MemorySegment out;
    public final MemorySegment handle;
    public final MemorySegment handle2;
    /** One MPI_Status. */
    public final MemorySegment status;
    /** A second MPI_Status (a send and a receive in one call). */
    public final MemorySegment status2;
    public final MemorySegment data;
    /** The upper half of {@link #data} (the receive side of a small Sendrecv). */
    public final MemorySegment dataHigh;

    private static volatile Thread mainThread;
    private static volatile Scratch mainScratch;
    private static final ThreadLocal<Scratch> OTHERS = ThreadLocal.withInitial(Scratch::new);

    private Scratch() {
        final Arena arena = Arena.ofAuto();
        cells = arena.allocate(CELLS * 8L, 8);
        count = cells.asSlice(intAt(15), 4);
        flag = cells.asSlice(intAt(14), 4);
        out = cells.asSlice(intAt(13), 4);
        handle = cells.asSlice(handleAt(0), 8);
        handle2 = cells.asSlice(handleAt(1), 8);
        status = arena.allocate(Math.max(Lib.ABI.statusBytes, 32), 8);
        status2 = arena.allocate(Math.max(Lib.ABI.statusBytes, 32), 8);
        data = arena.allocate(DATA_BYTES, 64);
        dataHigh = data.asSlice(DATA_BYTES / 2);
    }

    /** The calling thread's scratch. */
    public static Scratch get() {
        return Thread.currentThread() == mainThread ? mainScratch : OTHERS.get();
    }

    /** Makes the calling thread (the one that initialises MPI) the one served without a lookup. */
    public static void bindMain() {
        mainScratch = OTHERS.get();
        mainThread = Thread.currentThread();
    }

    /** Offset of int cell {@code i} in {@link #cells}. */
    public static long intAt(int i) {
        return 4L * i;
    }

    /** Offset of handle cell {@code i} in {@link #cells} (after the 16 int cells). */
    public static long handleAt(int i) {
        return 64 + 8L * i;
    }

    private MemorySegment handles = MemorySegment.NULL;

    /** An array of at least {@code n} handles (for Waitany); reused while large enough. */
    public MemorySegment handles(int n) {
        if (handles.byteSize() < 8L * n) {
            handles = Arena.ofAuto().allocate(8L * Math.max(n, 16), 8);
        }
        return handles;
    }
}
