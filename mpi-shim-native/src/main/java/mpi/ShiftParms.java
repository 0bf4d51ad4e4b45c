package mpi;

/** The neighbours {@link Cartcomm#Shift} finds: where to receive from and where to send to. */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;
}
