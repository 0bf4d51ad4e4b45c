package bamboo.runtime.comm;

/** {@code mpi.ShiftParms} in translated code: the neighbours {@link TaskCartcomm#Shift} reports. */
public final class TaskShiftParms {
    public int rank_source;
    public int rank_dest;

    TaskShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }
}
