package bamboo.runtime.comm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.concurrent.atomic.AtomicReferenceArray;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Messages with one user tag on COMM_WORLD, on a derived communicator and on the collective context
 * never match each other: each receive gets its own message although all three are sent to the same
 * task with the same user tag (the negative wire tags of encoded contexts travel like any other, also
 * between processes).
 */
class CommunicatorTrafficTest {
    static final int TAG = 7;

    static final class Pair extends Task {
        private final AtomicReferenceArray<int[]> out;
        private TaskComm world;
        private TaskComm dup;
        private boolean sent;

        Pair(AtomicReferenceArray<int[]> out) {
            this.out = out;
        }

        @Override
        protected Outcome execute() {
            if (!sent) {
                world = TaskComm.world(id(), numTasks());
                dup = world.derive(new int[] {1, 0}, 2); // reversed ranks
                int peer = 1 - id();
                // Sent in the order opposite to the order they are received in.
                send(dup.task(dup.Rank() == 0 ? 1 : 0), dup.collectiveTag(TAG), new int[] {30 + id()}, 0, 1);
                send(dup.task(dup.Rank() == 0 ? 1 : 0), dup.tag(TAG), new int[] {20 + id()}, 0, 1);
                send(world.task(peer), world.tag(TAG), new int[] {10 + id()}, 0, 1);
                sent = true;
            }
            if (!ready()) {
                return Outcome.WAITING;
            }
            int[] got = new int[3];
            int peerTask = 1 - id();
            receive(peerTask, world.tag(TAG), got, 0, 1);
            receive(peerTask, dup.tag(TAG), got, 1, 1);
            receive(peerTask, dup.collectiveTag(TAG), got, 2, 1);
            out.set(id(), got);
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            int peerTask = 1 - id();
            return arrived(peerTask, world.tag(TAG)) && arrived(peerTask, dup.tag(TAG))
                    && arrived(peerTask, dup.collectiveTag(TAG));
        }
    }

    @Test
    @Timeout(60)
    void contextsKeepMessagesApartOnOneAndTwoProcesses() {
        for (int nodes = 1; nodes <= 2; nodes++) {
            AtomicReferenceArray<int[]> out = new AtomicReferenceArray<>(2);
            Graph.builder(2, id -> new Pair(out)).nodes(nodes).build().run();
            assertArrayEquals(new int[] {11, 21, 31}, out.get(0), "nodes " + nodes);
            assertArrayEquals(new int[] {10, 20, 30}, out.get(1), "nodes " + nodes);
        }
    }

    /** ANY_TAG (a COMM_WORLD wildcard) never takes a message of a translated communicator's context. */
    static final class Wild extends Task {
        private final AtomicReferenceArray<int[]> out;

        Wild(AtomicReferenceArray<int[]> out) {
            this.out = out;
        }

        @Override
        protected Outcome execute() {
            TaskComm world = TaskComm.world(id(), numTasks());
            if (id() == 0) {
                send(1, world.collectiveTag(3), new int[] {-1}, 0, 1); // first, and the oldest at task 1
                send(1, 9, new int[] {9}, 0, 1);
                return Outcome.FINISHED;
            }
            if (!ready()) {
                return Outcome.WAITING;
            }
            int[] got = new int[2];
            receive(ANY_SOURCE, ANY_TAG, got, 0, 1);
            receive(0, world.collectiveTag(3), got, 1, 1);
            out.set(1, got);
            return Outcome.FINISHED;
        }

        @Override
        protected boolean ready() {
            return id() == 0 || arrivedCount(ANY_SOURCE, ANY_TAG) == 1 && arrived(0, TaskComm.world(1, 2).collectiveTag(3));
        }
    }

    @Test
    @Timeout(60)
    void anyTagMatchesOnlyUserTags() {
        AtomicReferenceArray<int[]> out = new AtomicReferenceArray<>(2);
        Graph.builder(2, id -> new Wild(out)).build().run();
        assertArrayEquals(new int[] {9, -1}, out.get(1));
    }
}
