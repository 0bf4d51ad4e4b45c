package mpi;

/** What {@link Cartcomm#Get()} reports: the grid's extents, periodicity and this process's coordinates. */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;
}
