package bamboo.runtime;

/** Block placement of N tasks on k processes: the first N mod k processes hold one task more. */
final class Placement {
    final int numTasks;
    final int nodes;
    private final int base;
    private final int extra;

    Placement(int numTasks, int nodes) {
        this.numTasks = numTasks;
        this.nodes = nodes;
        this.base = numTasks / nodes;
        this.extra = numTasks % nodes;
    }

    int first(int node) {
        return node * base + Math.min(node, extra);
    }

    int count(int node) {
        return base + (node < extra ? 1 : 0);
    }

    int nodeOf(int task) {
        int cut = extra * (base + 1);
        return task < cut ? task / (base + 1) : extra + (task - cut) / base;
    }
}
