package bamboo.corpus.fuzz;

import bamboo.corpus.fuzz.Node.Collective;
import bamboo.corpus.fuzz.Node.CollectiveKind;
import bamboo.corpus.fuzz.Node.CountFirst;
import bamboo.corpus.fuzz.Node.EarlyExit;
import bamboo.corpus.fuzz.Node.Exchange;
import bamboo.corpus.fuzz.Node.IfStep;
import bamboo.corpus.fuzz.Node.LocalWork;
import bamboo.corpus.fuzz.Node.Loop;
import bamboo.corpus.fuzz.Node.Op;
import bamboo.corpus.fuzz.Node.Pattern;
import bamboo.corpus.fuzz.Node.SendrecvShift;
import bamboo.corpus.fuzz.Node.ToRoot;
import bamboo.corpus.fuzz.Node.Tree;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates a random {@link Program} from a seed (the same seed, the same program). It only generates
 * what the translator on main supports, so a refusal is a generator bug: regions (on blocks and on
 * loops, Irecv or blocking Recv, receive block before or after the send block), nested regions in
 * compute blocks, regions under a rank condition, halo / ring / pair / all-to-some / all-to-all links,
 * counts and receive conditions on data received in an earlier region, tree reductions and broadcasts
 * forwarded inside receive blocks, the eight collectives (inside compute blocks and outside regions),
 * loops with constant and agreed data-dependent bounds, early exits, step conditions, static helpers
 * with a mutable static, Sendrecv and blocking sends to a root outside regions; and it writes them in the
 * {@link Idiom}s of real programs (kernels in another package, static imports, statics set by a
 * constructor, helper objects, rows of 2-D arrays as buffers, long kernels, nonblocking collectives, a Cartesian grid, a communicator alias, chained waits, try / catch /
 * finally and switch statements around nodes, declarations without initialiser in regions). Programs stay small
 * (at most {@link #MAX_NODES} nodes) so that one runs in milliseconds.
 */
public final class ProgramGenerator {
    /** The most nodes a generated program has. */
    public static final int MAX_NODES = 14;
    private static final int MAX_DEPTH = 3;

    private final SplittableRandom random;
    private int nextId = 1;
    private int budget;

    private ProgramGenerator(long seed) {
        this.random = new SplittableRandom(seed);
        this.budget = 3 + random.nextInt(MAX_NODES - 2);
    }

    /** The program of {@code seed}. */
    public static Program generate(long seed) {
        ProgramGenerator g = new ProgramGenerator(seed);
        List<Node> body = g.list(0, false, true, 2 + g.random.nextInt(4));
        return new Program(seed, body, g.idioms());
    }

    /** How the program is written: drawn after its body, so a seed's nodes do not depend on them. */
    private Set<Idiom> idioms() {
        Set<Idiom> idioms = EnumSet.noneOf(Idiom.class);
        if (random.nextBoolean()) {
            idioms.add(Idiom.KERNEL_CLASS);
            for (Idiom i : List.of(Idiom.STATIC_IMPORT, Idiom.CONSTRUCTOR_STATICS, Idiom.HELPER_OBJECT)) {
                if (random.nextInt(3) == 0) {
                    idioms.add(i);
                }
            }
        }
        if (random.nextInt(3) == 0) {
            idioms.add(Idiom.ROW_BUFFERS);
        }
        if (random.nextInt(8) == 0) {
            idioms.add(Idiom.BIG_KERNEL);
        }
        if (random.nextInt(3) == 0) {
            idioms.add(Idiom.NONBLOCKING_COLLECTIVES);
        }
        if (random.nextInt(4) == 0) {
            idioms.add(Idiom.CARTESIAN_GRID);
        }
        if (random.nextInt(4) == 0) {
            idioms.add(Idiom.COMMUNICATOR_ALIAS);
        }
        if (random.nextInt(4) == 0) {
            idioms.add(Idiom.CHAINED_WAITS);
        }
        if (random.nextInt(3) == 0) {
            idioms.add(Idiom.TRY_CATCH);
        }
        if (random.nextInt(3) == 0) {
            idioms.add(Idiom.SWITCH_RANK);
        }
        if (random.nextInt(3) == 0) {
            idioms.add(Idiom.DECL_WITHOUT_INIT);
        }
        return idioms;
    }

    /** Where a node is generated: may it be a collective, a break, a loop? */
    private List<Node> list(int depth, boolean inLoop, boolean collectives, int wanted) {
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < wanted && budget > 0; i++) {
            nodes.add(node(depth, inLoop, collectives));
        }
        if (nodes.isEmpty()) {
            nodes.add(new LocalWork(id()));
        }
        return nodes;
    }

    private Node node(int depth, boolean inLoop, boolean collectives) {
        budget--;
        while (true) {
            int pick = random.nextInt(100);
            if (pick < 28) {
                return exchange(depth, collectives);
            } else if (pick < 36) {
                return new CountFirst(id(), pattern(), 1 + random.nextInt(3), random.nextBoolean());
            } else if (pick < 43) {
                if (!collectives) {
                    continue;
                }
                int id = id();
                return new Tree(id, random.nextBoolean(), inner(depth, true));
            } else if (pick < 58) {
                if (!collectives) {
                    continue;
                }
                return collective();
            } else if (pick < 70) {
                if (!collectives || depth >= MAX_DEPTH - 1) {
                    continue;
                }
                int id = id();
                boolean agreed = random.nextInt(3) == 0;
                int count = agreed ? 2 + random.nextInt(2) : 1 + random.nextInt(3);
                List<Node> body = list(depth + 1, true, true, 1 + random.nextInt(3));
                if (random.nextInt(4) == 0 && budget > 0) {
                    budget--;
                    body.add(random.nextInt(body.size() + 1), new EarlyExit(id(), 2 + random.nextInt(3)));
                }
                return new Loop(id, count, agreed, body);
            } else if (pick < 76) {
                if (!collectives || depth >= MAX_DEPTH) {
                    continue;
                }
                int id = id();
                int modulus = 2 + random.nextInt(2);
                return new IfStep(id, modulus, random.nextInt(modulus), list(depth + 1, inLoop, true, 1 + random.nextInt(2)));
            } else if (pick < 85) {
                return new LocalWork(id());
            } else if (pick < 92) {
                if (!collectives) {
                    continue;
                }
                return new SendrecvShift(id(), 1 + random.nextInt(3));
            } else {
                if (!collectives) {
                    continue;
                }
                return new ToRoot(id(), random.nextInt(5));
            }
        }
    }

    private Exchange exchange(int depth, boolean collectives) {
        int id = id();
        Pattern pattern = pattern();
        int group = collectives && random.nextInt(7) == 0 ? 2 + random.nextInt(2) : 1;
        boolean blocking = random.nextInt(4) == 0;
        boolean onLoop = random.nextInt(6) == 0;
        List<Node> inner = group > 1 ? innerLocal(depth) : inner(depth, collectives);
        return new Exchange(id, pattern, 1 + random.nextInt(3), random.nextInt(50), blocking, random.nextBoolean(),
                group, onLoop, 1 + random.nextInt(3), inner);
    }

    /** What goes in a compute block after the mixing: usually nothing, sometimes a nested region or more. */
    private List<Node> inner(int depth, boolean collectives) {
        if (depth >= MAX_DEPTH || budget <= 0 || random.nextInt(3) != 0) {
            return List.of();
        }
        return list(depth + 1, false, collectives, 1 + random.nextInt(2));
    }

    /** Inside a region under a rank condition only local work may stand (the other ranks skip it). */
    private List<Node> innerLocal(int depth) {
        if (depth >= MAX_DEPTH || budget <= 0 || random.nextInt(3) != 0) {
            return List.of();
        }
        budget--;
        return List.of(new LocalWork(id()));
    }

    private Collective collective() {
        CollectiveKind kind = CollectiveKind.values()[random.nextInt(CollectiveKind.values().length)];
        return new Collective(id(), kind, random.nextInt(5), Op.values()[random.nextInt(Op.values().length)],
                random.nextInt(3) == 0);
    }

    private Pattern pattern() {
        return Pattern.values()[random.nextInt(Pattern.values().length)];
    }

    private int id() {
        return nextId++;
    }
}
