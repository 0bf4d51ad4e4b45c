package bamboo.corpus.fuzz;

/**
 * What running one program both ways showed.
 *
 * @param kind the class of the outcome
 * @param detail empty when clean, else what went wrong: the run (label) and the difference, the
 *               diagnostics of a refusal, or why the program itself is wrong
 */
public record Verdict(Kind kind, String detail) {
    /** The classes of outcome; only {@link #DIVERGED} is a translator or runtime bug. */
    public enum Kind {
        /** Every translated run printed exactly what the untranslated run printed. */
        CLEAN,
        /** A translated run printed something else, failed, hung, or its companions did not compile. */
        DIVERGED,
        /** The translator refused the program: a generator bug (it must generate only what is supported). */
        REFUSED,
        /** The generated program itself is wrong (does not compile, fails or deadlocks untranslated): a
         *  generator bug, or a bug of the shim. */
        INVALID
    }

    static Verdict clean() {
        return new Verdict(Kind.CLEAN, "");
    }

    public boolean isClean() {
        return kind == Kind.CLEAN;
    }
}
