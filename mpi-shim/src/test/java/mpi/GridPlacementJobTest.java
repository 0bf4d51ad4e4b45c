package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bamboo.shim.job.JobConfig;
import bamboo.shim.net.RankPlacement;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A job launched with a grid placement: each rank knows its node as the placement says. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GridPlacementJobTest {

    @Test
    void processorNamesFollowTheGrid() {
        final JobConfig config = JobConfig.of(16).withNodes(4).withPlacement(RankPlacement.GRID).withCoresPerNode(1);
        final AtomicReferenceArray<String> names = new AtomicReferenceArray<>(16);
        Jobs.run(config, (rank, size) -> names.set(rank, MPI.Get_processor_name()));
        final int[] node = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};
        for (int r = 0; r < 16; r++) {
            assertEquals("-node" + node[r], names.get(r).substring(names.get(r).lastIndexOf('-')), "rank " + r);
            assertEquals(node[r], config.nodeOf(r));
        }
    }

    @Test
    void aGridThatDoesNotFitIsRefusedBeforeAnyRankStarts() {
        final JobConfig twelve = JobConfig.of(12).withNodes(4);
        assertEquals("placement grid: a 4x3 grid of ranks does not split into equal blocks over 2x2 nodes (each "
                        + "extent must divide; give the shapes as grid:PxQ/RxC, or use block)",
                assertThrows(IllegalArgumentException.class, () -> twelve.withPlacement(RankPlacement.GRID))
                        .getMessage());
    }
}
