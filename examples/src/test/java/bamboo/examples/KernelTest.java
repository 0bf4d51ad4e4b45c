package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bamboo.examples.common.KernelClock;
import bamboo.examples.common.Reference;
import org.junit.jupiter.api.Test;

/** The kernels' split sweeps agree with the whole sweep, and their references depend on the inputs. */
class KernelTest {

    @Test
    void jacobi3dInteriorPlusBoundaryEqualsAllBitForBit() {
        for (int n : new int[] {1, 2, 3, 7}) {
            bamboo.examples.jacobi3d.Kernel whole = new bamboo.examples.jacobi3d.Kernel(n, 1, 0);
            bamboo.examples.jacobi3d.Kernel split = new bamboo.examples.jacobi3d.Kernel(n, 1, 0);
            for (int it = 0; it < 4; it++) {
                double a = whole.relaxAll();
                double b = Math.max(split.relaxInterior(), split.relaxBoundary());
                whole.swap();
                split.swap();
                assertEquals(a, b, 0.0, "n=" + n);
                assertEquals(whole.checksum(), split.checksum(), "n=" + n);
            }
        }
    }

    @Test
    void jacobi2dInteriorPlusBoundaryEqualsAll() {
        for (int n : new int[] {1, 2, 3, 9}) {
            bamboo.examples.jacobi2d.Kernel whole = new bamboo.examples.jacobi2d.Kernel(n, 1, 0);
            bamboo.examples.jacobi2d.Kernel split = new bamboo.examples.jacobi2d.Kernel(n, 1, 0);
            for (int it = 0; it < 4; it++) {
                double a = whole.relaxAll();
                double b = split.relaxInterior() + split.relaxBoundary();
                whole.swap();
                split.swap();
                assertEquals(a, b, 1e-12 * Math.max(1e-300, Math.abs(a)), "n=" + n);
                assertEquals(whole.checksum(), split.checksum(), "n=" + n);
            }
        }
    }

    @Test
    void halo26InteriorPlusBoundaryEqualsAllAndTheCentreHas26Neighbours() {
        bamboo.examples.halo26.Kernel whole = new bamboo.examples.halo26.Kernel(9, 1, 0);
        bamboo.examples.halo26.Kernel split = new bamboo.examples.halo26.Kernel(9, 1, 0);
        for (int it = 0; it < 3; it++) {
            double dt = whole.localTimeStep();
            assertEquals(dt, split.localTimeStep(), 0.0);
            whole.updateAll(dt);
            split.updateInterior(dt);
            split.updateBoundary(dt);
            whole.swap();
            split.swap();
            assertEquals(whole.checksum(), split.checksum());
        }
        bamboo.examples.halo26.Kernel centre = new bamboo.examples.halo26.Kernel(9, 27, 13);
        assertEquals(26, centre.neighbourCount());
        assertEquals(1, centre.regionSize(0), "a corner");
        assertEquals(9, centre.regionSize(4), "a face of a 3x3x3 block");
    }

    @Test
    void profiledKernelsComputeTheSameAndCountEveryPointOnce() {
        for (int n : new int[] {1, 2, 3, 9}) {
            bamboo.examples.jacobi2d.Kernel plain = new bamboo.examples.jacobi2d.Kernel(n, 1, 0);
            bamboo.examples.jacobi2d.Kernel timed = new bamboo.examples.jacobi2d.Kernel(n, 1, 0);
            timed.profile();
            double[] buf = new double[timed.edgeSize(0)];
            timed.pack(0, buf);
            timed.unpack(0, buf);
            double a = plain.relaxAll();
            assertEquals(a, timed.relaxInterior() + timed.relaxBoundary(), 1e-12 * Math.max(1e-300, Math.abs(a)), "n=" + n);
            plain.swap();
            timed.swap();
            assertEquals(plain.relaxAll(), timed.relaxAll(), 0.0, "n=" + n);
            long[] sums = timed.profileSums();
            long[] into = new long[2 + KernelClock.SLOTS];
            timed.profileSums(into, 1);
            assertEquals(java.util.Arrays.toString(sums), java.util.Arrays.toString(java.util.Arrays.copyOfRange(into, 1, 1 + KernelClock.SLOTS)));
            assertEquals(2L * n * n, sums[KernelClock.POINTS], "n=" + n);
            assertEquals(3, sums[KernelClock.COMPUTE_CALLS], "n=" + n);
            assertEquals(1, sums[KernelClock.RANKS]);
            assertEquals(0, sums[KernelClock.NO_CPU], "platform threads have a CPU clock");
        }
        for (int n : new int[] {2, 3, 5}) {
            bamboo.examples.halo26.Kernel timed = new bamboo.examples.halo26.Kernel(n, 1, 0);
            timed.profile();
            double dt = timed.localTimeStep();
            timed.updateInterior(dt);
            timed.updateBoundary(dt);
            timed.swap();
            timed.updateAll(timed.localTimeStep());
            long[] sums = timed.profileSums();
            assertEquals(2L * n * n * n, sums[KernelClock.POINTS], "n=" + n);
            assertEquals(5, sums[KernelClock.COMPUTE_CALLS], "n=" + n);
        }
    }

    @Test
    void profileSumsWithoutProfileIsAClearError() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new bamboo.examples.halo26.Kernel(4, 1, 0).profileSums());
        assertEquals("halo26: Kernel.profileSums() without Kernel.profile()", e.getMessage());
    }

    @Test
    void theKernelLineNamesRanksWithoutThreadCpu() {
        long[] sums = new long[KernelClock.SLOTS];
        sums[KernelClock.RANKS] = 16;
        sums[KernelClock.NO_CPU] = 16;
        sums[KernelClock.POINTS] = 1000;
        sums[KernelClock.COMPUTE_CALLS] = 10;
        sums[KernelClock.COMPUTE_WALL] = 2_000;
        assertEquals("kernel over 16 ranks: 1000 points in 10 calls, 0.0000 s wall (2.000 ns per point), "
                + "thread CPU n/a on 16 of 16 ranks (virtual threads); halo copies 0.0000 s wall", KernelClock.line(sums));
        assertThrows(IllegalArgumentException.class, () -> KernelClock.line(new long[3]));
        long[] reduced = new long[1 + KernelClock.SLOTS];
        System.arraycopy(sums, 0, reduced, 1, KernelClock.SLOTS);
        assertEquals(KernelClock.line(sums), KernelClock.line(reduced, 1));
    }

    @Test
    void referencesChangeWithTheProblem() {
        Reference a = bamboo.examples.jacobi3d.Kernel.sequential(6, 5, 2);
        Reference b = bamboo.examples.jacobi3d.Kernel.sequential(6, 6, 2);
        assertNotEquals(a.checksum(), b.checksum());
        assertNotEquals(bamboo.examples.cannon.Kernel.sequential(5).checksum(),
                bamboo.examples.cannon.Kernel.sequential(6).checksum());
    }

    @Test
    void cannonOnOneProcessIsTheDirectProduct() {
        bamboo.examples.cannon.Kernel k = new bamboo.examples.cannon.Kernel(7, 1, 0);
        k.skewed(); // on one process the skew sends the blocks to itself: swap them back by hand
        System.arraycopy(k.nextA(), 0, k.a(), 0, 49);
        System.arraycopy(k.nextB(), 0, k.b(), 0, 49);
        k.multiply();
        Reference ref = bamboo.examples.cannon.Kernel.sequential(7);
        assertEquals(ref.checksum(), k.checksum());
        assertEquals((long) ref.value(), k.total());
    }
}
