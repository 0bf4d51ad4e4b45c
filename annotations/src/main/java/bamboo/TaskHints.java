package bamboo;

/**
 * Scheduling hints for translated programs. Untranslated, every method is a no-op, so a program that
 * uses them still runs unchanged on the mpi-shim.
 */
public final class TaskHints {
    private TaskHints() {
    }

    /**
     * Sets the scheduling priority of the calling task from here on. Higher runs first. A negative
     * priority also makes the task yield at the end of each region even when it could continue
     * (cooperative scheduling, as SUMMA and LU need).
     *
     * @param priority the priority; 0 is the default
     */
    public static void priority(int priority) {
        // Untranslated: nothing to do. The translator replaces the call.
    }

    /** Makes the calling task yield to the scheduler at the end of the enclosing region. */
    public static void yieldAfterRegion() {
        // Untranslated: nothing to do. The translator replaces the call.
    }
}
