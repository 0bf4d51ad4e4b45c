package bamboo.corpus.fuzz;

import bamboo.corpus.fuzz.Node.EarlyExit;
import bamboo.corpus.fuzz.Node.Exchange;
import bamboo.corpus.fuzz.Node.Loop;
import bamboo.corpus.fuzz.Node.Tree;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Delta debugging over a program's tree: tries smaller variants (a node dropped, half of a list dropped,
 * a node replaced by its children, a loop cut to one iteration, a region made plainer, an idiom
 * dropped) and keeps the
 * first that still fails, until no variant fails or the test budget is spent. Every variant is a correct
 * program, because every node is a self-contained phase (see {@link Node}); a break left outside its
 * loop is dropped.
 */
public final class Shrinker {
    private Shrinker() {
    }

    /** The result: the smallest failing program found and how many variants were tried. */
    public record Result(Program program, int tests) {
    }

    /**
     * Shrinks {@code program}, which fails, as long as {@code stillFails} says a variant does.
     *
     * @param maxTests the most variants to try
     */
    public static Result shrink(Program program, Predicate<Program> stillFails, int maxTests) {
        Program current = program;
        int tests = 0;
        boolean progress = true;
        while (progress && tests < maxTests) {
            progress = false;
            for (Program candidate : candidates(current)) {
                if (tests >= maxTests) {
                    break;
                }
                tests++;
                if (stillFails.test(candidate)) {
                    current = candidate;
                    progress = true;
                    break;
                }
            }
        }
        return new Result(current, tests);
    }

    /** The variants of {@code p} strictly smaller by {@link #weight}, biggest cuts first. */
    static List<Program> candidates(Program p) {
        Set<List<Node>> bodies = new LinkedHashSet<>();
        for (List<Node> body : variants(p.body())) {
            bodies.add(clean(body, false));
        }
        long w = weight(p);
        List<Program> out = new ArrayList<>();
        for (List<Node> body : bodies) {
            if (weight(body) < weight(p.body())) {
                out.add(p.withBody(body));
            }
        }
        for (Idiom idiom : p.idioms()) {
            Set<Idiom> fewer = EnumSet.copyOf(p.idioms());
            fewer.remove(idiom);
            Program plainer = new Program(p.seed(), p.body(), fewer);
            if (weight(plainer) < w) {
                out.add(plainer);
            }
        }
        out.sort((a, b) -> Long.compare(weight(a), weight(b)));
        return out;
    }

    /** The body's weight, then one more for each idiom the program is written in. */
    static long weight(Program p) {
        return weight(p.body()) + p.idioms().size();
    }

    /** Variants of one list of nodes. */
    private static List<List<Node>> variants(List<Node> nodes) {
        List<List<Node>> out = new ArrayList<>();
        int n = nodes.size();
        if (n > 1) {
            out.add(List.copyOf(nodes.subList(0, n / 2)));
            out.add(List.copyOf(nodes.subList(n / 2, n)));
        }
        for (int i = 0; i < n; i++) {
            Node node = nodes.get(i);
            out.add(without(nodes, i));
            if (!node.children().isEmpty()) {
                out.add(replaced(nodes, i, node.children()));
            }
            for (Node simpler : simpler(node)) {
                out.add(replaced(nodes, i, List.of(simpler)));
            }
            for (List<Node> children : variants(node.children())) {
                out.add(replaced(nodes, i, List.of(node.withChildren(children))));
            }
        }
        return out;
    }

    /** The node with plainer parameters. */
    private static List<Node> simpler(Node node) {
        List<Node> out = new ArrayList<>();
        if (node instanceof Loop l) {
            if (l.agreed()) {
                out.add(new Loop(l.id(), l.count(), false, l.body()));
            }
            if (l.count() > 1) {
                out.add(new Loop(l.id(), 1, l.agreed(), l.body()));
            }
        } else if (node instanceof Exchange e) {
            if (e.onLoop()) {
                out.add(new Exchange(e.id(), e.pattern(), e.shift(), e.salt(), e.blockingRecv(), e.receiveFirst(), e.group(),
                        false, e.loopCount(), e.inner()));
            }
            if (e.group() > 1) {
                out.add(new Exchange(e.id(), e.pattern(), e.shift(), e.salt(), e.blockingRecv(), e.receiveFirst(), 1,
                        e.onLoop(), e.loopCount(), e.inner()));
            }
            if (e.blockingRecv()) {
                out.add(new Exchange(e.id(), e.pattern(), e.shift(), e.salt(), false, e.receiveFirst(), e.group(),
                        e.onLoop(), e.loopCount(), e.inner()));
            }
        }
        return out;
    }

    /** Size first, then how elaborate the parameters are: every accepted variant lowers it, so shrinking ends. */
    static long weight(List<Node> nodes) {
        long w = 0;
        for (Node node : nodes) {
            w += 16 + weight(node.children());
            if (node instanceof Loop l) {
                w += l.count() + (l.agreed() ? 1 : 0);
            } else if (node instanceof Exchange e) {
                w += (e.onLoop() ? 1 : 0) + (e.group() > 1 ? 1 : 0) + (e.blockingRecv() ? 1 : 0);
            }
        }
        return w;
    }

    /** Drops every early exit that no longer stands directly in a loop body (or in a condition there). */
    static List<Node> clean(List<Node> nodes, boolean inLoop) {
        List<Node> out = new ArrayList<>();
        for (Node node : nodes) {
            if (node instanceof EarlyExit && !inLoop) {
                continue;
            }
            if (node.children().isEmpty()) {
                out.add(node);
            } else {
                boolean childInLoop = node instanceof Loop || node instanceof Node.IfStep && inLoop;
                if (node instanceof Exchange || node instanceof Tree) {
                    childInLoop = false;
                }
                out.add(node.withChildren(clean(node.children(), childInLoop)));
            }
        }
        return List.copyOf(out);
    }

    private static List<Node> without(List<Node> nodes, int i) {
        List<Node> out = new ArrayList<>(nodes);
        out.remove(i);
        return out;
    }

    private static List<Node> replaced(List<Node> nodes, int i, List<Node> by) {
        List<Node> out = new ArrayList<>(nodes.subList(0, i));
        out.addAll(by);
        out.addAll(nodes.subList(i + 1, nodes.size()));
        return out;
    }
}
