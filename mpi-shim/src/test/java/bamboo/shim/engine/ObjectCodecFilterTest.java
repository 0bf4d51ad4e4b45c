package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.ShimConfiguration;
import java.io.File;
import java.io.Serializable;
import java.math.BigDecimal;
import java.net.URL;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import mpi.MPIException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What MPI.OBJECT data may carry: the program's classes and the JDK's values, collections and arrays. */
class ObjectCodecFilterTest {
    record Point(int x, double y, List<String> tags) implements Serializable {
    }

    enum Colour { RED, GREEN }

    @AfterEach
    void clearProperty() {
        System.clearProperty(ShimConfiguration.SERIAL_FILTER_PROP_NAME);
    }

    private static Object[] roundTrip(Object... objects) throws MPIException {
        final byte[] bytes = ObjectCodec.serialize(objects, 0, objects.length, "Send");
        return ObjectCodec.deserialize(bytes, objects.length, ObjectCodecFilterTest.class.getClassLoader(), "Recv");
    }

    @Test
    void theProgramsClassesAndTheJdksValuesCollectionsAndArraysTravel() throws MPIException {
        final Map<String, List<Integer>> map = new HashMap<>(Map.of("a", new ArrayList<>(List.of(1, 2))));
        final Object[] sent = {"text", 42, 2.5, new BigDecimal("1.25"), LocalDate.of(2026, 11, 28),
            new Point(1, 2.0, List.of("x")), Colour.GREEN, TimeUnit.SECONDS, map, new TreeMap<>(Map.of(3, "c")),
            new int[][] {{1, 2}, {3}}, new Point[] {new Point(0, 0, List.of())}, List.of(1, 2, 3),
            new java.io.Serializable[] {"s", 1}, new Comparable<?>[] {"c"},
            java.util.Collections.unmodifiableList(new ArrayList<>(List.of("u")))};
        final Object[] got = roundTrip(sent);
        assertEquals(sent.length, got.length);
        for (int i = 0; i < sent.length; i++) {
            if (sent[i] instanceof Object[] a) {
                assertArrayEquals(a, (Object[]) got[i]);
            } else if (!(sent[i] instanceof int[][])) {
                assertEquals(sent[i], got[i]);
            }
        }
        assertArrayEquals(new int[] {1, 2}, ((int[][]) got[10])[0]);
        assertArrayEquals(new Object[] {"s", 1}, (Object[]) got[13]);
    }

    @Test
    void aJdkClassThatIsNoValueIsRefusedInOneLine() throws Exception {
        final MPIException e = assertThrows(MPIException.class, () -> roundTrip(new File("/etc/passwd")));
        assertEquals("Recv: cannot deserialise the received MPI.OBJECT data: refused class java.io.File is not allowed"
                + " in MPI.OBJECT data (allowed: the program's classes and the JDK's value types, collections and"
                + " arrays; allow more with -Dbamboo.serial.filter=PATTERN)", e.getMessage());
        // nested in a collection too
        assertThrows(MPIException.class, () -> roundTrip(new ArrayList<>(List.of(new URL("http://example.org/")))));
    }

    @Test
    void thePropertyAllowsMoreOrRefusesSome() throws MPIException {
        System.setProperty(ShimConfiguration.SERIAL_FILTER_PROP_NAME, "java.io.File;!java.util.TreeMap");
        assertEquals(new File("/tmp"), roundTrip(new File("/tmp"))[0]);
        final MPIException e = assertThrows(MPIException.class, () -> roundTrip(new TreeMap<>(Map.of(1, 1))));
        assertTrue(e.getMessage().contains("refused class java.util.TreeMap (refused by -Dbamboo.serial.filter)"),
                e.getMessage());
    }

    @Test
    void anArrayLongerThanItsBytesIsRefusedBeforeItIsAllocated() throws MPIException {
        final byte[] bytes = ObjectCodec.serialize(new Object[] {new int[10]}, 0, 1, "Send");
        // the array's length is the last 4-byte 10 before its 40 zero bytes
        int at = -1;
        for (int i = 0; i + 4 <= bytes.length - 40; i++) {
            if (bytes[i] == 0 && bytes[i + 1] == 0 && bytes[i + 2] == 0 && bytes[i + 3] == 10) {
                at = i;
            }
        }
        assertTrue(at > 0);
        bytes[at] = 0x7f;
        bytes[at + 1] = (byte) 0xff;
        bytes[at + 2] = (byte) 0xff;
        bytes[at + 3] = (byte) 0xff;
        final MPIException e = assertThrows(MPIException.class,
                () -> ObjectCodec.deserialize(bytes, 1, getClass().getClassLoader(), "Recv"));
        assertTrue(e.getMessage().contains("refused an array of 2147483647 elements in " + bytes.length + " bytes"),
                e.getMessage());
    }
}
