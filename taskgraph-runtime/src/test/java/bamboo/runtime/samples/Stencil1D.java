package bamboo.runtime.samples;

import bamboo.runtime.Graph;
import bamboo.runtime.Task;

/**
 * 1-D Jacobi relaxation {@code u'[i] = (u[i-1] + u[i] + u[i+1]) / 3} on {@code n × cells} points with
 * fixed boundary values, split into N blocks with a halo exchange per iteration; after the last
 * iteration every block goes to task 0, which assembles the field. {@link #sequential} computes the same
 * field in one array with the same floating-point operations, so results compare exactly.
 */
public final class Stencil1D extends Task {
    static final int TO_LEFT = 1;
    static final int TO_RIGHT = 2;
    static final int RESULT = 3;
    public static final double LEFT_BOUNDARY = 1.0;
    public static final double RIGHT_BOUNDARY = -0.5;

    private final int cells;
    private final int iterations;
    private final double[] out;
    private double[] u;
    private double[] v;
    private final double[] halo = new double[1];
    private int iter;
    private int state;

    public Stencil1D(int cells, int iterations, double[] out) {
        this.cells = cells;
        this.iterations = iterations;
        this.out = out;
    }

    /** A builder for {@code n} tasks of {@code cells} points each; the field ends in {@code out}. */
    public static Graph.Builder graph(int n, int cells, int iterations, double[] out) {
        return Graph.builder(n, id -> new Stencil1D(cells, iterations, out));
    }

    /** The initial value of global point {@code g}. */
    public static double initial(int g) {
        return Math.sin(0.1 * g) + (g % 7) * 0.01;
    }

    /** The same relaxation in one array. */
    public static double[] sequential(int points, int iterations) {
        double[] u = new double[points + 2];
        double[] v = new double[points + 2];
        for (int g = 0; g < points; g++) {
            u[g + 1] = initial(g);
        }
        u[0] = LEFT_BOUNDARY;
        u[points + 1] = RIGHT_BOUNDARY;
        v[0] = LEFT_BOUNDARY;
        v[points + 1] = RIGHT_BOUNDARY;
        for (int it = 0; it < iterations; it++) {
            for (int i = 1; i <= points; i++) {
                v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
            }
            double[] t = u;
            u = v;
            v = t;
        }
        double[] r = new double[points];
        System.arraycopy(u, 1, r, 0, points);
        return r;
    }

    @Override
    protected void init() {
        u = new double[cells + 2];
        v = new double[cells + 2];
        for (int i = 0; i < cells; i++) {
            u[i + 1] = initial(id() * cells + i);
        }
        if (id() == 0) {
            u[0] = LEFT_BOUNDARY;
            v[0] = LEFT_BOUNDARY;
        }
        if (id() == numTasks() - 1) {
            u[cells + 1] = RIGHT_BOUNDARY;
            v[cells + 1] = RIGHT_BOUNDARY;
        }
    }

    @Override
    protected Outcome execute() {
        while (true) {
            switch (state) {
                case 0: // region entry: send block, then the evaluation point
                    if (iter == iterations) {
                        send(0, RESULT, u, 1, cells);
                        state = 2;
                        break;
                    }
                    if (id() > 0) {
                        send(id() - 1, TO_LEFT, u, 1, 1);
                    }
                    if (id() < numTasks() - 1) {
                        send(id() + 1, TO_RIGHT, u, cells, 1);
                    }
                    state = 1;
                    break;
                case 1: // receive block + compute block
                    if (!ready()) {
                        return Outcome.WAITING;
                    }
                    if (id() > 0) {
                        receive(id() - 1, TO_RIGHT, halo, 0, 1);
                        u[0] = halo[0];
                    }
                    if (id() < numTasks() - 1) {
                        receive(id() + 1, TO_LEFT, halo, 0, 1);
                        u[cells + 1] = halo[0];
                    }
                    for (int i = 1; i <= cells; i++) {
                        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0;
                    }
                    double[] t = u;
                    u = v;
                    v = t;
                    iter++;
                    state = 0;
                    break;
                default: // gather at task 0
                    if (id() != 0) {
                        return Outcome.FINISHED;
                    }
                    if (!ready()) {
                        return Outcome.WAITING;
                    }
                    for (int s = 0; s < numTasks(); s++) {
                        receive(s, RESULT, out, s * cells, cells);
                    }
                    return Outcome.FINISHED;
            }
        }
    }

    @Override
    protected boolean ready() {
        if (state == 1) {
            return (id() == 0 || arrived(id() - 1, TO_RIGHT)) && (id() == numTasks() - 1 || arrived(id() + 1, TO_LEFT));
        }
        for (int s = 0; s < numTasks(); s++) {
            if (!arrived(s, RESULT)) {
                return false;
            }
        }
        return true;
    }
}
