package bamboo.runtime.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link TaskComm#newBufferLike}, the scratch buffers of the collectives the translator inlines into a
 * task's {@code execute()}, gives every buffer type the collectives accept an array of its own element type
 * and length, as {@code Array.newInstance(buf.getClass().getComponentType(), n)} would, without reflection
 * for the primitive types (a reflective call inlined into {@code execute()} carries a class check that a
 * second element type fails, and the whole compiled {@code execute()} is thrown away).
 */
class CollectiveScratchBufferTest {

    @Test
    void everyPrimitiveBufferGetsAnArrayOfItsOwnTypeAndLength() {
        Object[] likes = {new double[3], new long[3], new int[3], new float[3], new byte[3], new short[3],
                new char[3], new boolean[3]};
        for (Object like : likes) {
            Object made = TaskComm.newBufferLike(like, 7);
            assertSame(like.getClass(), made.getClass(), "element type of the buffer made like " + like.getClass());
            assertEquals(7, java.lang.reflect.Array.getLength(made));
        }
    }

    @Test
    void objectBuffersKeepTheirElementType() {
        Object made = TaskComm.newBufferLike(new String[1], 4);
        assertSame(String[].class, made.getClass());
        assertEquals(4, ((String[]) made).length);
        Object nested = TaskComm.newBufferLike(new double[2][2], 3);
        assertSame(double[][].class, nested.getClass());
    }

    @Test
    void aZeroLengthBufferIsFine() {
        assertEquals(0, ((double[]) TaskComm.newBufferLike(new double[5], 0)).length);
    }

    @Test
    void aBufferThatIsNoArrayGetsAClearMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TaskComm.newBufferLike("not an array", 2));
        assertTrue(e.getMessage().contains("must be an array") && e.getMessage().contains("java.lang.String"),
                e.getMessage());
    }
}
