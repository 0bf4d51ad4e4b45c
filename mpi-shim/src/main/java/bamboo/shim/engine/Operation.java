package bamboo.shim.engine;

/**
 * What every operation of a rank shares: the rank that started it, and the defaults of one that waits for
 * no simulated arrival (its completion wakes the waiter) and cannot be cancelled.
 */
abstract class Operation implements Pending {
    final Endpoint owner;

    Operation(Endpoint owner) {
        this.owner = owner;
    }

    @Override
    public long deadline() {
        return Long.MAX_VALUE;
    }

    @Override
    public boolean cancel() {
        return false;
    }

    @Override
    public final Endpoint owner() {
        return owner;
    }
}
