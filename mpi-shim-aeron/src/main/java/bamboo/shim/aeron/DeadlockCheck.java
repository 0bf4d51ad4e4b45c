package bamboo.shim.aeron;

/**
 * Rank 0's view of a multi-process job, for deadlock detection: the job is deadlocked when, in two
 * successive rounds of fresh reports from every rank, every rank is stuck or finished (at least one
 * stuck), all their counters are unchanged, and every message sent between processes has been
 * received (so none is still in flight). Counters only grow, so two equal rounds mean nothing happened
 * in between (the double-counting method of termination detection). Used by the receiver thread only.
 */
final class DeadlockCheck {
    private final StateReport[] latest;
    private final long[] usedSeq;
    private StateReport[] previous;

    DeadlockCheck(int size) {
        latest = new StateReport[size];
        usedSeq = new long[size];
    }

    void report(int rank, StateReport r) {
        if (latest[rank] == null || r.seq() > latest[rank].seq()) {
            latest[rank] = r;
        }
    }

    /** The report (one rank per line) once the job is deadlocked, else null. */
    String deadlock() {
        for (int r = 0; r < latest.length; r++) {
            if (latest[r] == null || latest[r].seq() <= usedSeq[r]) {
                return null; // wait until every rank has reported since the last round
            }
        }
        final StateReport[] round = latest.clone();
        for (int r = 0; r < round.length; r++) {
            usedSeq[r] = round[r].seq();
        }
        boolean stuck = true;
        boolean anyStuck = false;
        long sent = 0;
        long received = 0;
        for (StateReport s : round) {
            stuck &= s.status() != StateReport.RUNNING;
            anyStuck |= s.status() == StateReport.STUCK;
            sent += s.sent();
            received += s.received();
        }
        if (!stuck || !anyStuck || sent != received) {
            previous = null;
            return null;
        }
        boolean same = previous != null;
        for (int r = 0; same && r < round.length; r++) {
            same = round[r].sameAs(previous[r]);
        }
        previous = round;
        if (!same) {
            return null;
        }
        final StringBuilder b = new StringBuilder();
        for (StateReport s : round) {
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(s.waits());
        }
        return b.toString();
    }
}
