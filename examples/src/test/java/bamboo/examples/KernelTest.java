package bamboo.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
