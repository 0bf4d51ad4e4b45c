package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.engine.Binding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A translated task's view of the world answers COMM_WORLD's rank and size for code left as written. */
class WorldViewTest {
    private static final Binding.WorldView TASK_3_OF_8 = new Binding.WorldView() {
        @Override
        public int rank() {
            return 3;
        }

        @Override
        public int size() {
            return 8;
        }
    };

    @AfterEach
    void unbind() {
        Binding.bindView(null);
    }

    @Test
    void commWorldAnswersFromTheBoundViewWithoutARank() throws MPIException {
        Binding.bindView(TASK_3_OF_8);
        assertEquals(3, MPI.COMM_WORLD.Rank());
        assertEquals(8, MPI.COMM_WORLD.Size());
    }

    @Test
    void withoutAViewCommWorldStillSaysMpiIsNotInitialised() {
        MPIException e = assertThrows(MPIException.class, () -> MPI.COMM_WORLD.Rank());
        assertTrue(e.getMessage().contains("MPI is not initialised"), e.getMessage());
    }

    @Test
    void theViewIsTheBindingThreadsOnly() throws Exception {
        Binding.bindView(TASK_3_OF_8);
        Throwable[] seen = new Throwable[1];
        Thread other = new Thread(() -> {
            try {
                MPI.COMM_WORLD.Rank();
            } catch (Throwable t) {
                seen[0] = t;
            }
        });
        other.start();
        other.join();
        assertTrue(seen[0] instanceof MPIException, String.valueOf(seen[0]));
    }

    @Test
    void commSelfIgnoresTheView() throws MPIException {
        Binding.bindView(TASK_3_OF_8);
        assertThrows(MPIException.class, () -> MPI.COMM_SELF.Size());
    }
}
