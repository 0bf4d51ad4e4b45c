package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mpi.Datatype;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shim's pool of payload arrays: size classes, kinds, reuse, its bound, double returns, threads. */
class PayloadPoolTest {
    @Test
    void sizeClassesHaveFourStepsPerPowerOfTwoAndCoverEveryLength() {
        assertEquals(16, PayloadPool.lengthOf(PayloadPool.classOf(1)));
        assertEquals(16, PayloadPool.lengthOf(PayloadPool.classOf(16)));
        assertEquals(20, PayloadPool.lengthOf(PayloadPool.classOf(17)));
        assertEquals(24, PayloadPool.lengthOf(PayloadPool.classOf(21)));
        assertEquals(32, PayloadPool.lengthOf(PayloadPool.classOf(32)));
        assertEquals(40, PayloadPool.lengthOf(PayloadPool.classOf(33)));
        assertEquals(196_608, PayloadPool.lengthOf(PayloadPool.classOf(196_608)), "Cannon's 1.5 MB block: exact");
        assertEquals(1 << 30, PayloadPool.lengthOf(PayloadPool.CLASSES - 1));
        for (int n = 1; n < 5000; n++) {
            final int c = PayloadPool.classOf(n);
            final int length = PayloadPool.lengthOf(c);
            assertTrue(length >= n, "class of " + n + " holds it");
            assertTrue(c == 0 || PayloadPool.lengthOf(c - 1) < n, "the smallest class that holds " + n);
            assertTrue(n <= 16 || length <= n * 1.25 + 1, "at most a fifth unused at " + n);
            assertEquals(c, PayloadPool.classOf(length), "a class's own length maps back to it");
        }
    }

    @Test
    void aReturnedArrayIsReusedForAnyLengthOfItsClassAndKind() {
        final PayloadPool pool = new PayloadPool(1 << 20);
        final Object a = pool.take(Datatype.Base.DOUBLE, 1000);
        assertInstanceOf(double[].class, a);
        assertEquals(1024, ((double[]) a).length, "1000 rounds up to its class");
        assertTrue(pool.release(a));
        assertEquals(8 * 1024, pool.retainedBytes());
        assertSame(a, pool.take(Datatype.Base.DOUBLE, 900), "same class: the idle array");
        assertEquals(0, pool.retainedBytes());
        assertEquals(1, pool.allocations());
        assertEquals(1, pool.reuses());
    }

    @Test
    void kindsAndClassesAreKeptApart() {
        final PayloadPool pool = new PayloadPool(1 << 20);
        final Object ints = pool.take(Datatype.Base.INT, 100);
        assertTrue(pool.release(ints));
        final Object floats = pool.take(Datatype.Base.FLOAT, 100);
        assertInstanceOf(float[].class, floats, "an int[] is never handed out as a float[]");
        final Object longerInts = pool.take(Datatype.Base.INT, 200);
        assertNotSame(ints, longerInts, "another class");
        assertSame(ints, pool.take(Datatype.Base.INT, 100));
        for (Datatype.Base b : Datatype.Base.values()) {
            if (b != Datatype.Base.OBJECT) {
                final Object x = pool.take(b, 3);
                assertSame(b.arrayClass(), x.getClass());
                assertTrue(pool.release(x));
                assertSame(x, pool.take(b, 5));
            }
        }
        assertThrows(IllegalArgumentException.class, () -> pool.take(Datatype.Base.OBJECT, 1));
    }

    @Test
    void idleArraysNeverExceedTheBoundInBytes() {
        final PayloadPool pool = new PayloadPool(10_000); // room for one 8 KiB array, not two
        final Object a = pool.take(Datatype.Base.LONG, 1024);
        final Object b = pool.take(Datatype.Base.LONG, 1024);
        assertTrue(pool.release(a));
        assertFalse(pool.release(b), "over the bound: left to the collector");
        assertEquals(8192, pool.retainedBytes());
        final Object huge = pool.take(Datatype.Base.BYTE, 20_000);
        assertEquals(20_000, ((byte[]) huge).length, "larger than the bound: exactly as long as asked");
        assertFalse(pool.release(huge));
        pool.clear();
        assertEquals(0, pool.retainedBytes());
        assertNotSame(a, pool.take(Datatype.Base.LONG, 1024), "cleared");
    }

    @Test
    void aPoolOfZeroBytesPoolsNothing() {
        final PayloadPool pool = new PayloadPool(0);
        final Object a = pool.take(Datatype.Base.INT, 16);
        assertEquals(16, ((int[]) a).length);
        assertFalse(pool.release(a));
        assertNotSame(a, pool.take(Datatype.Base.INT, 16));
    }

    @Test
    void arraysOfNoPooledShapeAreRefused() {
        final PayloadPool pool = new PayloadPool(1 << 20);
        assertFalse(pool.release(new int[17]), "not a class length: not one of the pool's");
        assertFalse(pool.release(new int[0]));
        assertFalse(pool.release(new Object[16]));
        assertFalse(pool.release("not an array"));
        assertFalse(pool.release(null));
        assertEquals(0, pool.retainedBytes());
    }

    @Test
    void returningAnArrayTwiceIsCaught() {
        final PayloadPool pool = new PayloadPool(1 << 20);
        final Object a = pool.take(Datatype.Base.INT, 12);
        assertTrue(pool.release(a));
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.release(a));
        assertEquals("PayloadPool.release: a int[] of 16 elements was returned twice (it is idle in the pool already)",
                e.getMessage());
        assertEquals(64, pool.retainedBytes(), "the refused return is not counted");
        assertSame(a, pool.take(Datatype.Base.INT, 12));
        assertNotSame(a, pool.take(Datatype.Base.INT, 12), "it was kept once, so it is handed out once");
    }

    @Test
    void copyOfCopiesTheRangeIntoAPooledArray() {
        final PayloadPool pool = new PayloadPool(1 << 20);
        final int[] src = {1, 2, 3, 4, 5};
        final int[] copy = (int[]) pool.copyOf(src, 1, 3);
        assertEquals(2, copy[0]);
        assertEquals(4, copy[2]);
        assertThrows(IllegalArgumentException.class, () -> pool.copyOf(new Object[1], 0, 1));
    }

    /** Threads take, check that nobody else holds what they got, fill it, and return it: no array is ever
     *  handed to two holders at once and the bound holds throughout. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void concurrentTakersNeverShareAnArray() throws Exception {
        final PayloadPool pool = new PayloadPool(64 * 1024);
        final int threads = 4;
        final int rounds = 20_000;
        final Map<Object, Thread> holders = Collections.synchronizedMap(new IdentityHashMap<>());
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final CyclicBarrier start = new CyclicBarrier(threads);
        final List<Thread> list = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int me = t;
            final Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < rounds; i++) {
                        final int n = 2 + (i * 7 + me) % 300;
                        final int[] a = (int[]) pool.take(Datatype.Base.INT, n);
                        if (holders.put(a, Thread.currentThread()) != null) {
                            throw new AssertionError("an array was handed out while in use");
                        }
                        a[0] = me;
                        a[n - 1] = i;
                        Thread.onSpinWait();
                        if (a[0] != me || a[n - 1] != i) {
                            throw new AssertionError("an array in use was written by another holder");
                        }
                        holders.remove(a);
                        pool.release(a);
                        if (pool.retainedBytes() > pool.limitBytes()) {
                            throw new AssertionError("over the bound: " + pool.retainedBytes());
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            list.add(th);
            th.start();
        }
        for (Thread th : list) {
            th.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertTrue(pool.reuses() > pool.allocations(), "mostly reused: " + pool.reuses() + " reuses, "
                + pool.allocations() + " allocations");
    }
}
