package bamboo.shim.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

class PredefinedOpTest {

    private static final List<Datatype> ALL = List.of(MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG,
            MPI.FLOAT, MPI.DOUBLE, MPI.OBJECT, MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2, MPI.DOUBLE2);

    private static int[] apply(PredefinedOp op, int[] in, int[] inout) throws MPIException {
        final int[] out = inout.clone();
        op.combine(in, 0, out, 0, in.length, MPI.INT);
        return out;
    }

    @Test
    void arithmeticOnEveryNumericKind() throws MPIException {
        assertArrayEquals(new int[] {5, -1}, apply(PredefinedOp.SUM, new int[] {2, 3}, new int[] {3, -4}));
        assertArrayEquals(new int[] {6, -12}, apply(PredefinedOp.PROD, new int[] {2, 3}, new int[] {3, -4}));
        assertArrayEquals(new int[] {3, 3}, apply(PredefinedOp.MAX, new int[] {2, 3}, new int[] {3, -4}));
        assertArrayEquals(new int[] {2, -4}, apply(PredefinedOp.MIN, new int[] {2, 3}, new int[] {3, -4}));

        final double[] d = {1.5, 2};
        PredefinedOp.SUM.combine(new double[] {9, 0.5, 0.25}, 1, d, 0, 2, MPI.DOUBLE);
        assertArrayEquals(new double[] {2.0, 2.25}, d);
        final float[] f = {1, 7};
        PredefinedOp.MAX.combine(new float[] {3, 2}, 0, f, 0, 2, MPI.FLOAT);
        assertArrayEquals(new float[] {3, 7}, f);
        final long[] l = {Long.MAX_VALUE, 4};
        PredefinedOp.MIN.combine(new long[] {-1, 5}, 0, l, 0, 2, MPI.LONG);
        assertArrayEquals(new long[] {-1, 4}, l);
        final byte[] b = {100, -3};
        PredefinedOp.SUM.combine(new byte[] {100, 1}, 0, b, 0, 2, MPI.BYTE);
        assertArrayEquals(new byte[] {(byte) 200, -2}, b, "wraps like Java's byte arithmetic");
        final short[] s = {7, -7};
        PredefinedOp.PROD.combine(new short[] {3, 3}, 0, s, 0, 2, MPI.SHORT);
        assertArrayEquals(new short[] {21, -21}, s);
        final char[] c = {'a', 'z'};
        PredefinedOp.MAX.combine(new char[] {'b', 'c'}, 0, c, 0, 2, MPI.CHAR);
        assertArrayEquals(new char[] {'b', 'z'}, c);
    }

    @Test
    void logicalAndBitwise() throws MPIException {
        final boolean[] t = {true, true, false, false};
        final boolean[] u = {true, false, true, false};
        final boolean[] and = u.clone();
        PredefinedOp.LAND.combine(t, 0, and, 0, 4, MPI.BOOLEAN);
        assertArrayEquals(new boolean[] {true, false, false, false}, and);
        final boolean[] or = u.clone();
        PredefinedOp.LOR.combine(t, 0, or, 0, 4, MPI.BOOLEAN);
        assertArrayEquals(new boolean[] {true, true, true, false}, or);
        final boolean[] xor = u.clone();
        PredefinedOp.BXOR.combine(t, 0, xor, 0, 4, MPI.BOOLEAN);
        assertArrayEquals(new boolean[] {false, true, true, false}, xor);

        assertArrayEquals(new int[] {1, 0, 0}, apply(PredefinedOp.LAND, new int[] {5, 0, 0}, new int[] {-2, 3, 0}));
        assertArrayEquals(new int[] {0, 1, 0}, apply(PredefinedOp.LXOR, new int[] {5, 0, 0}, new int[] {-2, 3, 0}));
        assertArrayEquals(new int[] {0b1000, 0b1110, 0b0110},
                apply(PredefinedOp.BAND, new int[] {0b1100, 0b1110, 0b0110}, new int[] {0b1010, 0b1111, 0b0111}));
        assertArrayEquals(new int[] {0b1110}, apply(PredefinedOp.BOR, new int[] {0b1100}, new int[] {0b1010}));
        final long[] l = {0xF0L};
        PredefinedOp.BXOR.combine(new long[] {0xFFL}, 0, l, 0, 1, MPI.LONG);
        assertEquals(0x0FL, l[0]);
    }

    @Test
    void locationOpsKeepTheSmallerIndexOnTies() throws MPIException {
        final double[] io = {5, 7, 1, 0, 3, 3};
        PredefinedOp.MAXLOC.combine(new double[] {5, 2, 0, 9, 4, 8}, 0, io, 0, 3, MPI.DOUBLE2);
        assertArrayEquals(new double[] {5, 2, 1, 0, 4, 8}, io);
        final int[] mi = {5, 7, 1, 0, 3, 3};
        PredefinedOp.MINLOC.combine(new int[] {5, 2, 0, 9, 4, 8}, 0, mi, 0, 3, MPI.INT2);
        assertArrayEquals(new int[] {5, 2, 0, 9, 3, 3}, mi);
        final long[] lo = {9, 9, 1, 1};
        // Offsets count pairs: in item 1 of the source is {2, 0}.
        PredefinedOp.MAXLOC.combine(new long[] {0, 0, 9, 4}, 1, lo, 0, 1, MPI.LONG2);
        assertArrayEquals(new long[] {9, 4, 1, 1}, lo);
        final short[] sh = {1, 1};
        PredefinedOp.MINLOC.combine(new short[] {1, 0}, 0, sh, 0, 1, MPI.SHORT2);
        assertArrayEquals(new short[] {1, 0}, sh);
        final float[] fl = {1, 1};
        PredefinedOp.MAXLOC.combine(new float[] {2, 6}, 0, fl, 0, 1, MPI.FLOAT2);
        assertArrayEquals(new float[] {2, 6}, fl);
    }

    @Test
    void acceptanceTable() {
        for (PredefinedOp op : PredefinedOp.values()) {
            for (Datatype t : ALL) {
                final boolean expected;
                switch (op.kind()) {
                    case LOCATION:
                        expected = t.isPair();
                        break;
                    case ARITHMETIC:
                        expected = !t.isPair() && t != MPI.BOOLEAN && t != MPI.OBJECT;
                        break;
                    default:
                        expected = !t.isPair() && t != MPI.FLOAT && t != MPI.DOUBLE && t != MPI.OBJECT;
                        break;
                }
                assertEquals(expected, op.accepts(t), op + " on " + t);
            }
        }
    }

    @Test
    void wrongCombinationNamesBoth() {
        final MPIException e = assertThrows(MPIException.class,
                () -> PredefinedOp.MAXLOC.check("Intracomm.Allreduce", MPI.DOUBLE));
        assertTrue(e.getMessage().startsWith("Intracomm.Allreduce: operation MPI.MAXLOC is not defined on datatype "
                + "MPI.DOUBLE"), e.getMessage());
        final MPIException f = assertThrows(MPIException.class,
                () -> PredefinedOp.BXOR.check("Intracomm.Reduce", MPI.FLOAT));
        assertTrue(f.getMessage().contains("MPI.BXOR") && f.getMessage().contains("MPI.FLOAT"), f.getMessage());
        assertThrows(MPIException.class, () -> PredefinedOp.SUM.check("x", MPI.INT2));
        assertThrows(MPIException.class, () -> PredefinedOp.SUM.check("x", MPI.OBJECT));
    }
}
