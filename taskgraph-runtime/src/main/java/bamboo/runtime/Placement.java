package bamboo.runtime;

import bamboo.shim.net.RankPlacement;

/**
 * The tasks of each process, resolved once from a {@link RankPlacement} (the shim's definition, so a
 * translated program's tasks sit where its ranks would): block (process k holds a contiguous range of ids)
 * or 2-D grid blocks (a process's tasks need not be contiguous). Every per-message question is one array read.
 */
final class Placement {
    final int numTasks;
    final int nodes;
    final RankPlacement spec;
    /** The process of each task. */
    private final int[] nodeOf;
    /** Each task's index among its process's tasks. */
    private final int[] indexOf;
    /** Per process, its tasks in increasing id order. */
    private final int[][] tasksOf;

    /** Block placement of N tasks on k processes. */
    Placement(int numTasks, int nodes) {
        this(numTasks, nodes, RankPlacement.BLOCK);
    }

    /** @throws IllegalArgumentException when {@code spec} does not fit these counts */
    Placement(int numTasks, int nodes, RankPlacement spec) {
        this.numTasks = numTasks;
        this.nodes = nodes;
        this.spec = spec;
        this.nodeOf = spec.nodeOfEach(numTasks, nodes);
        this.indexOf = new int[numTasks];
        final int[] counts = new int[nodes];
        for (int t = 0; t < numTasks; t++) {
            indexOf[t] = counts[nodeOf[t]]++;
        }
        this.tasksOf = new int[nodes][];
        for (int k = 0; k < nodes; k++) {
            tasksOf[k] = new int[counts[k]];
        }
        for (int t = 0; t < numTasks; t++) {
            tasksOf[nodeOf[t]][indexOf[t]] = t;
        }
    }

    /** How many tasks process {@code node} holds. */
    int count(int node) {
        return tasksOf[node].length;
    }

    /** The id of the {@code i}-th task of process {@code node}. */
    int task(int node, int i) {
        return tasksOf[node][i];
    }

    int nodeOf(int task) {
        return nodeOf[task];
    }

    /** The index of {@code task} among its process's tasks. */
    int indexOf(int task) {
        return indexOf[task];
    }
}
