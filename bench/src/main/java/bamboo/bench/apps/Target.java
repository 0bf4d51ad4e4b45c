package bamboo.bench.apps;

import java.util.Locale;

/**
 * The targets that {@code bench apps} judges from its own rows, each with its bound and the
 * one rule ({@link #judge}) that turns a figure and its interval into a {@link Verdict.Kind}.
 *
 * <p>Hiding is a share (at least the bound is good); every other target is a time ratio, ours over
 * theirs (at most the bound is good).
 */
public enum Target {
    /** bamboo at its best k hides at least 80% of communication: (T_basic - T) / (T_basic - T_nocomm). */
    HIDDEN("hidden", "hidden >= 80%", 0.80, true),
    /** bamboo at its best k over splitphase, per pair: faster means at most 1. */
    FASTER_THAN_SPLITPHASE("faster-than-splitphase", "faster than splitphase", 1.00, false),
    /** bamboo at its best k over oversubscribed at its own best k, per pair. */
    FASTER_THAN_OVERSUBSCRIBED("faster-than-oversubscribed", "faster than oversubscribed", 1.00, false),
    /** bamboo at its best k over virtual at its own best k, per pair. */
    FASTER_THAN_VIRTUAL("faster-than-virtual", "faster than virtual", 1.00, false),
    /** At latency 0 and infinite bandwidth, bamboo with one task per rank of basic over basic, per pair. */
    ZERO_COST("zero-cost", "zero cost: within 5% of basic", 1.05, false),
    /** Our shim's Basic over MPJ Express's multicore device, both in child JVMs, per pair. */
    MPJ_EXPRESS("mpj-express", "ours/MPJ Express <= 1", 1.00, false);

    private final String id;
    private final String label;
    private final double bound;
    private final boolean atLeast;

    Target(String id, String label, double bound, boolean atLeast) {
        this.id = id;
        this.label = label;
        this.bound = bound;
        this.atLeast = atLeast;
    }

    /** The name in {@code targets.csv}. */
    public String id() {
        return id;
    }

    /** The name in the printed section. */
    public String label() {
        return label;
    }

    /** The bound on the figure (a share for {@link #HIDDEN}, else a time ratio). */
    public double bound() {
        return bound;
    }

    /** True when the figure must be at least the bound, false when at most. */
    public boolean atLeast() {
        return atLeast;
    }

    /** True when {@code x} is on the good side of the bound (the bound itself counts as good). */
    public boolean good(double x) {
        return atLeast ? x >= bound : x <= bound;
    }

    /** True when {@code x} is on the bad side of the bound. */
    public boolean bad(double x) {
        return atLeast ? x < bound : x > bound;
    }

    /**
     * The one rule every target is judged by. MET: the figure and the whole interval are on the good side
     * of the bound; NOT MET: the figure and the whole interval are on the bad side; UNDECIDED otherwise
     * (the interval straddles the bound, or there is no interval); NOT MEASURED without a figure.
     */
    public Verdict.Kind judge(double figure, double low, double high) {
        if (Double.isNaN(figure)) {
            return Verdict.Kind.NOT_MEASURED;
        }
        if (Double.isNaN(low) || Double.isNaN(high)) {
            return Verdict.Kind.UNDECIDED;
        }
        if (good(figure) && good(low) && good(high)) {
            return Verdict.Kind.MET;
        }
        if (bad(figure) && bad(low) && bad(high)) {
            return Verdict.Kind.NOT_MET;
        }
        return Verdict.Kind.UNDECIDED;
    }

    /** A figure as the section prints it: a percentage for hiding, a ratio for the others. */
    public String format(double x) {
        if (Double.isNaN(x)) {
            return "-";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+inf" : "-inf";
        }
        // One digit finer than the result table: a figure near its bound shows on which side it lies.
        return atLeast ? String.format(Locale.ROOT, "%.1f%%", 100 * x) : String.format(Locale.ROOT, "%.3fx", x);
    }
}
