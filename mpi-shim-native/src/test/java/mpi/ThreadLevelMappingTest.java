package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Java thread levels (1 to 4, MPJ Express's) against the C library's MPI_THREAD_* values. */
class ThreadLevelMappingTest {
    /** MPICH's and Open MPI's values: MPI_THREAD_SINGLE 0 .. MPI_THREAD_MULTIPLE 3. */
    private static final int[] C_LEVELS = {0, 1, 2, 3};
    /** A library with other values, so that a mapping by position is told from the identity. */
    private static final int[] OTHER_LEVELS = {10, 20, 30, 40};

    @Test
    void eachJavaLevelAsksForTheLibrarysValueOfTheSameLevel() {
        assertEquals(0, MPI.libraryLevel(C_LEVELS, MPI.THREAD_SINGLE));
        assertEquals(1, MPI.libraryLevel(C_LEVELS, MPI.THREAD_FUNNELED));
        assertEquals(2, MPI.libraryLevel(C_LEVELS, MPI.THREAD_SERIALIZED));
        assertEquals(3, MPI.libraryLevel(C_LEVELS, MPI.THREAD_MULTIPLE));
        assertEquals(40, MPI.libraryLevel(OTHER_LEVELS, MPI.THREAD_MULTIPLE));
    }

    @Test
    void aLevelOutOfRangeAsksForTheNearestOne() {
        assertEquals(0, MPI.libraryLevel(C_LEVELS, 0));
        assertEquals(3, MPI.libraryLevel(C_LEVELS, 9));
    }

    @Test
    void theProvidedLevelComesBackAsTheJavaConstant() {
        assertEquals(MPI.THREAD_SINGLE, MPI.javaLevel(C_LEVELS, 0));
        assertEquals(MPI.THREAD_FUNNELED, MPI.javaLevel(C_LEVELS, 1));
        assertEquals(MPI.THREAD_SERIALIZED, MPI.javaLevel(C_LEVELS, 2));
        assertEquals(MPI.THREAD_MULTIPLE, MPI.javaLevel(C_LEVELS, 3));
        assertEquals(MPI.THREAD_SERIALIZED, MPI.javaLevel(OTHER_LEVELS, 30));
        assertEquals(MPI.THREAD_SINGLE, MPI.javaLevel(OTHER_LEVELS, 7));
    }

    @Test
    void constantsAreTheThreadsDevicesAndMpjExpresss() {
        assertEquals(1, MPI.THREAD_SINGLE);
        assertEquals(4, MPI.THREAD_MULTIPLE);
        assertEquals(-1, MPI.UNDEFINED);
        assertEquals(1, MPI.GRAPH);
        assertEquals(2, MPI.CART);
    }
}
