package bamboo.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import bamboo.corpus.harness.RunOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Priorities change the order of execution, observably and deterministically: the translated
 * {@code PriorityOrder} (src/test/resources/priority) on one worker and one process releases its waiting
 * tasks in one step, and they must run highest priority first. Were priorities ignored, the run queue's
 * FIFO order would print ranks 1, 2, ... instead.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PriorityOrderTest {

    @Test
    void tasksReleasedTogetherRunInPriorityOrderOnOneWorker() {
        CorpusProgram p = new CorpusProgram("priority-order", Path.of("src/test/resources/priority/PriorityOrder.java"), List.of(),
                "PriorityOrder", java.util.Optional.empty());
        int tasks = 6;
        RunOutcome r = TranslatedSide.run(p, tasks, 1, 1, 0);
        assertNull(r.problem(), r.label());
        List<String> expected = new ArrayList<>();
        expected.add("priority-order: rank 0 released " + (tasks - 1) + " ranks");
        for (int rank = tasks - 1; rank >= 1; rank--) {
            expected.add("priority-order: rank " + rank + " runs");
        }
        assertEquals(expected, r.output().lines().toList(), "exact order of the translated run");
    }
}
