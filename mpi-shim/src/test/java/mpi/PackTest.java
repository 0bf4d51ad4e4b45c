package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Comm.Pack, Unpack and Pack_size: values of several kinds in one byte buffer, sent as MPI.PACKED. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PackTest {

    @Test
    void packedValuesTravelAsBytesAndUnpackInOrder() {
        Jobs.run(2, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            if (rank == 0) {
                final byte[] buf = new byte[200];
                int pos = w.Pack(new int[] {10}, 0, 1, MPI.INT, buf, 0);
                assertEquals(4, pos);
                pos = w.Pack(new double[] {1.1, 2.2}, 0, 2, MPI.DOUBLE, buf, pos);
                assertEquals(20, pos);
                pos = w.Pack(new Object[] {"x", 7}, 0, 2, MPI.OBJECT, buf, pos);
                pos = w.Pack(new boolean[] {true, false}, 0, 2, MPI.BOOLEAN, buf, pos);
                pos = w.Pack(new long[] {0, 5, 0, 6}, 1, 1, Datatype.Vector(2, 1, 2, MPI.LONG), buf, pos);
                w.Send(new int[] {pos}, 0, 1, MPI.INT, 1, 0);
                w.Send(buf, 0, pos, MPI.PACKED, 1, 1);
            } else {
                final int[] len = new int[1];
                w.Recv(len, 0, 1, MPI.INT, 0, 0);
                final byte[] buf = new byte[len[0]];
                w.Recv(buf, 0, len[0], MPI.PACKED, 0, 1);
                final int[] n = new int[1];
                final double[] d = new double[2];
                final Object[] o = new Object[2];
                final boolean[] b = new boolean[2];
                final long[] l = new long[3];
                int pos = w.Unpack(buf, 0, n, 0, 1, MPI.INT);
                pos = w.Unpack(buf, pos, d, 0, 2, MPI.DOUBLE);
                pos = w.Unpack(buf, pos, o, 0, 2, MPI.OBJECT);
                pos = w.Unpack(buf, pos, b, 0, 2, MPI.BOOLEAN);
                pos = w.Unpack(buf, pos, l, 0, 2, MPI.LONG);
                assertEquals(len[0], pos);
                assertEquals(10, n[0]);
                assertArrayEquals(new double[] {1.1, 2.2}, d);
                assertArrayEquals(new Object[] {"x", 7}, o);
                assertArrayEquals(new boolean[] {true, false}, b);
                assertArrayEquals(new long[] {5, 6, 0}, l);
            }
        });
    }

    @Test
    void unpackedObjectsPassTheSameClassFilterAsReceivedOnes() {
        Jobs.run(1, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            final byte[] buf = new byte[400];
            final int end = w.Pack(new Object[] {new java.io.File("/etc/passwd")}, 0, 1, MPI.OBJECT, buf, 0);
            final MPIException e = assertThrows(MPIException.class,
                    () -> w.Unpack(buf, 0, new Object[1], 0, 1, MPI.OBJECT));
            assertTrue(e.getMessage().startsWith("Unpack: cannot deserialise the received MPI.OBJECT data: refused "
                    + "class java.io.File is not allowed"), e.getMessage());
            final MPIException count = assertThrows(MPIException.class,
                    () -> w.Unpack(buf, 0, new Object[2], 0, 2, MPI.OBJECT));
            assertEquals("Unpack: inbuf holds 1 objects at position 0 but 2 are unpacked", count.getMessage());
            assertTrue(end > 8);
        });
    }

    @Test
    void packSizeIsTheBytesPackWrites() {
        Jobs.run(1, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            assertEquals(400, w.Pack_size(100, MPI.INT));
            assertEquals(16, w.Pack_size(1, MPI.DOUBLE2));
            assertEquals(24, w.Pack_size(1, Datatype.Vector(3, 1, 4, MPI.DOUBLE)));
            final byte[] buf = new byte[w.Pack_size(5, MPI.SHORT)];
            assertEquals(buf.length, w.Pack(new short[5], 0, 5, MPI.SHORT, buf, 0));
        });
    }

    @Test
    void packIntoTooSmallABufferNamesTheCall() {
        Jobs.run(1, (rank, size) -> {
            final Comm w = MPI.COMM_WORLD;
            final MPIException small = assertThrows(MPIException.class,
                    () -> w.Pack(new int[4], 0, 4, MPI.INT, new byte[10], 2));
            assertEquals("Pack: outbuf too small: 16 bytes from position 2 run past its length 10", small.getMessage());
            final MPIException past = assertThrows(MPIException.class,
                    () -> w.Unpack(new byte[8], 9, new int[1], 0, 1, MPI.INT));
            assertEquals("Unpack: position 9 is outside inbuf (length 8)", past.getMessage());
            final MPIException negative = assertThrows(MPIException.class, () -> w.Pack_size(-1, MPI.INT));
            assertEquals("Pack_size: count -1 is negative", negative.getMessage());
        });
    }
}
