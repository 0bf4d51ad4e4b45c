package bamboo.shim.engine;

/** An operation complete from the start: an eager or buffered send (the data was copied), or an
 *  operation on {@code PROC_NULL}. */
final class Completed extends KnownStatus {
    Completed(Endpoint owner, int dest, int tag, int elements) {
        super(owner, dest, tag, elements);
    }

    @Override
    public boolean poll() {
        return true;
    }

    @Override
    public String describe() {
        return "a completed send";
    }
}
