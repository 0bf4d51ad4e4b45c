package bamboo.examples.common;

import java.util.Locale;

/**
 * The lines an example prints from rank 0. Their format is a contract with the benchmark driver, which
 * reads {@code "<app> <form>: time <seconds> s"} and requires a {@code verified} line before it.
 */
public final class Report {
    private Report() {
    }

    /** Prints a description line. */
    public static void info(String app, String form, String text) {
        System.out.println(app + " " + form + ": " + text);
    }

    /**
     * Compares a run's checksum and scalar with the reference, prints the verification line, and fails
     * when they differ. {@code relTol} 0 demands the scalar bit for bit (max-reductions are exact);
     * sums reduced in another order need a small tolerance.
     */
    public static void verify(String app, String form, String scalarName, long checksum, double scalar,
                              Reference ref, double relTol) {
        boolean sumOk = checksum == ref.checksum();
        double diff = Math.abs(scalar - ref.value());
        boolean scalarOk = relTol == 0 ? Double.compare(scalar, ref.value()) == 0
                : diff <= relTol * Math.max(Math.abs(ref.value()), Double.MIN_NORMAL);
        String detail = String.format(Locale.ROOT, "checksum %016x (expected %016x), %s %.12e (expected %.12e)",
                checksum, ref.checksum(), scalarName, scalar, ref.value());
        if (!sumOk || !scalarOk) {
            System.out.println(app + " " + form + ": verification FAILED: " + detail);
            throw new IllegalStateException(app + " " + form + ": result differs from the sequential reference: "
                    + detail);
        }
        System.out.println(app + " " + form + ": verified against the sequential reference: " + detail);
    }

    /**
     * Prints the verification line of a check by invariant (a known solution, a residual computed anew)
     * and fails when it does not hold.
     */
    public static void verifyInvariant(String app, String form, boolean holds, String detail) {
        if (!holds) {
            System.out.println(app + " " + form + ": verification FAILED: " + detail);
            throw new IllegalStateException(app + " " + form + ": result fails its check: " + detail);
        }
        System.out.println(app + " " + form + ": verified: " + detail);
    }

    /** Prints the timing line the benchmark reads. */
    public static void time(String app, String form, double seconds) {
        System.out.println(String.format(Locale.ROOT, "%s %s: time %.6f s", app, form, seconds));
    }
}
