package bamboo.runtime.comm;

/** {@code mpi.CartParms} in translated code: what {@link TaskCartcomm#Get} reports. */
public final class TaskCartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;

    TaskCartParms(int[] dims, boolean[] periods, int[] coords) {
        this.dims = dims;
        this.periods = periods;
        this.coords = coords;
    }
}
