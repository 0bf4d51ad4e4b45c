package bamboo.corpus.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A generated program: the seed it came from and the nodes of its rank body, between a fixed prologue
 * (the state {@code x} from the rank) and a fixed epilogue (every rank's checksum collected by rank 0).
 */
public record Program(long seed, List<Node> body) {
    public Program {
        body = List.copyOf(body);
    }

    /** How many nodes the program has, nested ones included (the shrinker's measure of size). */
    public int size() {
        return count(body);
    }

    private static int count(List<Node> nodes) {
        int n = 0;
        for (Node node : nodes) {
            n += 1 + count(node.children());
        }
        return n;
    }

    /** Every node, depth first. */
    public List<Node> nodes() {
        List<Node> all = new ArrayList<>();
        collect(body, all);
        return all;
    }

    private static void collect(List<Node> nodes, List<Node> into) {
        for (Node node : nodes) {
            into.add(node);
            collect(node.children(), into);
        }
    }
}
