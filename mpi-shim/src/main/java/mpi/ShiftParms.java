package mpi;

/** What {@link Cartcomm#Shift(int, int)} reports: the neighbours to receive from and to send to
 *  ({@link MPI#PROC_NULL} past the edge of a non-periodic dimension). */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;

    ShiftParms(int source, int dest) {
        this.rank_source = source;
        this.rank_dest = dest;
    }
}
