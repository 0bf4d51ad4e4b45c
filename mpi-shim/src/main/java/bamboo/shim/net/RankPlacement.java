package bamboo.shim.net;

/**
 * Which simulated node each rank (or, in the task-graph runtime, each task) lives on, chosen at launch:
 * the one definition both the shim's threads device and the runtime use.
 *
 * <ul>
 *   <li>{@code block} (the default): node k holds the ranks {@code [k*n/K, (k+1)*n/K)}, contiguous ids, as
 *       {@code mpirun --map-by slot} with the ranks filling one node after the other.</li>
 *   <li>{@code grid}: the ranks form a row-major {@code P x Q} grid (rank {@code r} is at row {@code r / Q},
 *       column {@code r % Q}) and the nodes a row-major {@code R x C} grid; node {@code (a, b)} holds the
 *       {@code (P/R) x (Q/C)} block of ranks at rows {@code [a*P/R, (a+1)*P/R)} and columns
 *       {@code [b*Q/C, (b+1)*Q/C)}. What a user of a 2-D algorithm (Cannon, SUMMA, a 2-D stencil) gets with
 *       a rankfile, or with {@code MPI_Cart_create(reorder=true)}: neighbours in both directions stay on one
 *       node as far as they can. {@code grid} alone takes both shapes as the most square factorisations
 *       (largest first, as {@code MPI_Dims_create}); {@code grid:PxQ} gives the rank grid and derives the
 *       node grid; {@code grid:PxQ/RxC} gives both.</li>
 * </ul>
 *
 * <p>A placement is a value (parsed once from the command line); {@link #nodeOfEach} resolves it for a
 * number of ranks and nodes into a plain array, so per-message lookups are one array read.
 */
public final class RankPlacement {
    /** Today's (and the default) placement: contiguous blocks of ranks. */
    public static final RankPlacement BLOCK = new RankPlacement(false, 0, 0, 0, 0);
    /** The 2-D block placement with both grids derived. */
    public static final RankPlacement GRID = new RankPlacement(true, 0, 0, 0, 0);

    private final boolean grid;
    /** The rank grid, or 0 x 0: derived from the number of ranks. */
    private final int p;
    private final int q;
    /** The node grid, or 0 x 0: derived from the number of nodes. */
    private final int r;
    private final int c;

    private RankPlacement(boolean grid, int p, int q, int r, int c) {
        this.grid = grid;
        this.p = p;
        this.q = q;
        this.r = r;
        this.c = c;
    }

    /**
     * The placement named by {@code spec}: {@code block}, {@code grid}, {@code grid:PxQ} or
     * {@code grid:PxQ/RxC}.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad part
     */
    public static RankPlacement parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("placement: empty (expected block, grid, grid:PxQ or grid:PxQ/RxC)");
        }
        String s = spec.trim();
        if (s.equals("block")) {
            return BLOCK;
        }
        if (s.equals("grid")) {
            return GRID;
        }
        if (!s.startsWith("grid:")) {
            throw new IllegalArgumentException("placement '" + spec
                    + "': unknown (expected block, grid, grid:PxQ or grid:PxQ/RxC)");
        }
        String shapes = s.substring("grid:".length());
        int slash = shapes.indexOf('/');
        int[] ranks = shape(spec, "rank grid", slash < 0 ? shapes : shapes.substring(0, slash));
        int[] nodes = slash < 0 ? new int[2] : shape(spec, "node grid", shapes.substring(slash + 1));
        return new RankPlacement(true, ranks[0], ranks[1], nodes[0], nodes[1]);
    }

    private static int[] shape(String spec, String what, String text) {
        int x = text.indexOf('x');
        if (x < 0) {
            throw new IllegalArgumentException("placement '" + spec + "': " + what + " '" + text
                    + "' is not ROWSxCOLUMNS (e.g. 6x6)");
        }
        int rows = positive(spec, what, text, text.substring(0, x));
        int cols = positive(spec, what, text, text.substring(x + 1));
        return new int[] {rows, cols};
    }

    private static int positive(String spec, String what, String text, String number) {
        try {
            int v = Integer.parseInt(number);
            if (v >= 1) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("placement '" + spec + "': " + what + " '" + text
                + "' needs two positive whole numbers ROWSxCOLUMNS (e.g. 6x6)");
    }

    /** True for the 2-D block placement. */
    public boolean isGrid() {
        return grid;
    }

    /**
     * The node of every rank of {@code ranks} on {@code nodes} nodes: element {@code i} is rank i's node,
     * each in {@code [0, nodes)}, every node holding at least one rank.
     *
     * @throws IllegalArgumentException with a one-line message when the shapes do not fit (a grid not
     *                                  matching the number of ranks or nodes, or not split evenly)
     */
    public int[] nodeOfEach(int ranks, int nodes) {
        if (ranks < 1 || nodes < 1 || nodes > ranks) {
            throw new IllegalArgumentException("placement " + this + ": " + nodes + " nodes for " + ranks
                    + " ranks (every node needs at least one rank)");
        }
        final int[] out = new int[ranks];
        if (!grid || nodes == 1) {
            for (int i = 0; i < ranks; i++) {
                out[i] = block(i, ranks, nodes);
            }
            return out;
        }
        final int[] g = rankGrid(ranks);
        final int[] n = nodeGrid(nodes);
        if (g[0] % n[0] != 0 || g[1] % n[1] != 0) {
            throw new IllegalArgumentException("placement " + this + ": a " + g[0] + "x" + g[1]
                    + " grid of ranks does not split into equal blocks over " + n[0] + "x" + n[1]
                    + " nodes (each extent must divide; give the shapes as grid:PxQ/RxC, or use block)");
        }
        final int br = g[0] / n[0];
        final int bc = g[1] / n[1];
        for (int i = 0; i < ranks; i++) {
            out[i] = (i / g[1] / br) * n[1] + (i % g[1]) / bc;
        }
        return out;
    }

    /** What {@link #nodeOfEach} does for these counts, for headers and logs, e.g. {@code grid 6x6 on 2x2 nodes}. */
    public String describe(int ranks, int nodes) {
        if (!grid) {
            return "block";
        }
        int[] g = rankGrid(ranks);
        int[] n = nodeGrid(nodes);
        return "grid " + g[0] + "x" + g[1] + " on " + n[0] + "x" + n[1] + " nodes";
    }

    private int[] rankGrid(int ranks) {
        if (p == 0) {
            return dims(ranks);
        }
        if (p * q != ranks) {
            throw new IllegalArgumentException("placement " + this + ": a " + p + "x" + q + " grid has " + p * q
                    + " ranks, not " + ranks);
        }
        return new int[] {p, q};
    }

    private int[] nodeGrid(int nodes) {
        if (r == 0) {
            return dims(nodes);
        }
        if (r * c != nodes) {
            throw new IllegalArgumentException("placement " + this + ": a " + r + "x" + c + " node grid has "
                    + r * c + " nodes, not " + nodes);
        }
        return new int[] {r, c};
    }

    /** The most square {@code rows x columns} factorisation of {@code n}, rows &gt;= columns (as MPI_Dims_create). */
    public static int[] dims(int n) {
        int cols = (int) Math.sqrt(n);
        while (n % cols != 0) {
            cols--;
        }
        return new int[] {n / cols, cols};
    }

    /** Block placement: node k holds ranks {@code [k*n/K, (k+1)*n/K)}. */
    public static int block(int rank, int ranks, int nodes) {
        return (int) (((long) rank * nodes) / ranks);
    }

    /** The spec this placement was parsed from, in its canonical form. */
    @Override
    public String toString() {
        if (!grid) {
            return "block";
        }
        if (p == 0) {
            return "grid";
        }
        return "grid:" + p + "x" + q + (r == 0 ? "" : "/" + r + "x" + c);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RankPlacement other && other.grid == grid && other.p == p && other.q == q
                && other.r == r && other.c == c;
    }

    @Override
    public int hashCode() {
        return ((((grid ? 1 : 0) * 31 + p) * 31 + q) * 31 + r) * 31 + c;
    }
}
