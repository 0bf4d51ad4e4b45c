package bamboo.bench.apps;

/** Runs one plan once and reports the program's own timing of its main loop. */
@FunctionalInterface
public interface Runner {
    /**
     * Runs {@code plan} with program arguments {@code argv}.
     *
     * @return the time the program reported, in seconds
     * @throws RunFailure when the run failed or did not verify
     */
    double run(RunPlan plan, String[] argv) throws RunFailure;

    /**
     * The CPU time (seconds, every thread of the process that ran it) of the last {@link #run}'s timed
     * part, or NaN when this runner cannot tell (runs inside the benchmark's JVM share its CPU clock
     * with everything else). Runners that start a child JVM per run can: on a shared machine a run's
     * CPU time tells a library that does more work from one that was merely descheduled.
     */
    default double lastCpuSeconds() {
        return Double.NaN;
    }

    /**
     * What {@link #prepare} will do for {@code plan} before its first run, for the progress display
     * (e.g. "translating X"), or null when there is nothing to prepare.
     */
    default String preparing(RunPlan plan) {
        return null;
    }

    /**
     * Does the once-per-benchmark work for {@code plan} before its first run (the translated runner
     * translates and compiles the program), so that its cost is neither hidden in a warm-up run nor
     * silent.
     *
     * @throws RunFailure when the plan cannot run at all
     */
    default void prepare(RunPlan plan) throws RunFailure {
    }

    /**
     * Steady state: from this call until {@link #release}, the runs of {@code plan} may keep the program's
     * classes, loaded, initialised and JIT-compiled by the first of them, for the next (each run still
     * starts the program's {@code main} afresh). Without it every run loads its own copy. Runners that
     * start a child JVM per run, or cannot keep classes, ignore it.
     */
    default void retain(RunPlan plan) {
    }

    /** Ends {@link #retain} for {@code plan}: its classes are let go (called when its row is done). */
    default void release(RunPlan plan) {
    }

    /** A run that failed: the message is one line for the table. */
    final class RunFailure extends Exception {
        private static final long serialVersionUID = 1L;

        public RunFailure(String message) {
            super(message);
        }
    }
}
