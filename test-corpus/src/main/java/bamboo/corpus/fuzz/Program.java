package bamboo.corpus.fuzz;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A generated program: the seed it came from, the nodes of its rank body, between a fixed prologue
 * (the state {@code x} from the rank) and a fixed epilogue (every rank's checksum collected by rank 0),
 * and the {@link Idiom}s it is written in.
 */
public record Program(long seed, List<Node> body, Set<Idiom> idioms) {
    public Program {
        body = List.copyOf(body);
        idioms = Collections.unmodifiableSet(Idiom.consistent(idioms));
    }

    /** A program written plainly, in one class. */
    public Program(long seed, List<Node> body) {
        this(seed, body, EnumSet.noneOf(Idiom.class));
    }

    /** The same program with another body. */
    public Program withBody(List<Node> newBody) {
        return new Program(seed, newBody, idioms);
    }

    /** Whether the program is written in {@code idiom}. */
    public boolean uses(Idiom idiom) {
        return idioms.contains(idiom);
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
