package bamboo.runtime;

/** A (source task, tag) pair: what a firing rule waits for and what an inbox holds. */
public record MessageKey(int source, int tag) {
    @Override
    public String toString() {
        return "(source " + source + ", tag " + tag + ")";
    }
}
