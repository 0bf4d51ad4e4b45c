package bamboo.runtime;

/** A (source task, tag) pair: what a firing rule waits for and what an inbox holds. */
public record MessageKey(int source, int tag) {
    @Override
    public String toString() {
        return "(source " + (source == Task.ANY_SOURCE ? "any" : String.valueOf(source)) + ", tag "
                + (tag == Task.ANY_TAG ? "any" : String.valueOf(tag)) + ")";
    }
}
