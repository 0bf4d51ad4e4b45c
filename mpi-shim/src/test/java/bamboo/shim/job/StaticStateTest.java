package bamboo.shim.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class StaticStateTest {
    @SuppressWarnings("unused")
    static final class Constants {
        static final int N = 4;
        static final int[] TABLE = {1, 2}; // not found: a final field may hold a constant table (a stated limit)
        private final int perObject = 1;
    }

    @SuppressWarnings("unused")
    static final class Counter {
        static final int N = 4;
        private static long calls;
    }

    enum Colour { RED, GREEN }

    @Test
    void nonFinalStaticIsFound() {
        assertEquals("class bamboo.shim.job.StaticStateTest$Counter has a mutable static field 'calls'",
                StaticState.mutableStatic(Counter.class));
    }

    @Test
    void constantsInstanceFieldsAndEnumsAreNot() {
        assertNull(StaticState.mutableStatic(Constants.class));
        assertNull(StaticState.mutableStatic(Colour.class));
        assertNull(StaticState.mutableStatic(List.of(Constants.class, Colour.class)));
    }

    @Test
    void theFirstOfSeveralIsNamed() {
        assertEquals("class bamboo.shim.job.StaticStateTest$Counter has a mutable static field 'calls'",
                StaticState.mutableStatic(List.of(Constants.class, Counter.class)));
    }
}
