package bamboo.runtime.comm;

import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** MPI.COMM_NULL, MPI.GROUP_NULL and COMM_WORLD's predefined attributes in translated code, as the shim has them. */
class NullHandlesAndAttributesTest {
    @Test
    void everyCallOnTheNullCommunicatorFails() {
        MPIException e = assertThrows(MPIException.class, () -> TaskComm.NULL.Rank());
        assertEquals("Rank: the communicator is MPI.COMM_NULL", e.getMessage());
        assertThrows(MPIException.class, () -> TaskComm.NULL.task(0));
        assertThrows(MPIException.class, () -> TaskComm.Compare(TaskComm.NULL, TaskComm.world(0, 2)));
        assertEquals("MPI.COMM_NULL", TaskComm.NULL.toString());
    }

    @Test
    void theNullGroupIsMpjExpresss() throws MPIException {
        TaskGroup world = TaskComm.world(1, 3).Group();
        assertEquals(MPI.UNDEFINED, TaskGroup.NULL.Size());
        assertSame(world, TaskGroup.Union(TaskGroup.NULL, world));
        assertSame(TaskGroup.NULL, TaskGroup.Intersection(world, TaskGroup.NULL));
        assertSame(world, TaskGroup.Difference(world, TaskGroup.NULL));
        assertEquals(MPI.UNEQUAL, TaskGroup.Compare(TaskGroup.NULL, world));
        assertThrows(MPIException.class, () -> TaskGroup.NULL.Rank());
    }

    @Test
    void worldGivesThePredefinedAttributesUntilATaskDeletesThem() throws MPIException {
        TaskComm world = TaskComm.world(2, 3);
        assertEquals(MPI.TAG_UB, world.Attr_get(MPI.TAG_UB));
        assertEquals(MPI.PROC_NULL, world.Attr_get(MPI.HOST));
        assertEquals(2, world.Attr_get(MPI.IO));
        assertThrows(MPIException.class, () -> world.self().Attr_get(MPI.TAG_UB));
        world.Attr_delete(MPI.IO);
        assertThrows(MPIException.class, () -> world.Attr_get(MPI.IO));
        assertEquals(1, TaskComm.world(1, 3).Attr_get(MPI.IO), "another task's world keeps it");
    }
}
