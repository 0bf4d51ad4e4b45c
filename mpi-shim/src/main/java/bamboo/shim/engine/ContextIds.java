package bamboo.shim.engine;

import bamboo.shim.coll.Channel;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The context ids one rank uses (agreed among a communicator's members when it is made), its COMM_SELF
 * and COMM_WORLD-collective channels, and the sequence numbers of its nonblocking collectives.
 */
final class ContextIds {
    private final Endpoint endpoint;
    private final BitSet contexts = new BitSet();
    /** Per collective wire context, how many nonblocking collectives this rank has started on it. */
    private final Map<Integer, int[]> nonblockingStarted = new HashMap<>();
    private volatile Scope selfScope;
    private volatile Channel worldChannel;

    ContextIds(Endpoint endpoint) {
        this.endpoint = endpoint;
        contexts.set(0); // COMM_WORLD
        contexts.set(1); // COMM_SELF
    }

    /** One more than the highest context id this process uses. Not the lowest free id: the agreed id is the
     *  maximum of all members' candidates, and only an id above everything a member uses is surely free
     *  on that member (with lowest-free ids, gaps left by earlier agreements could yield an id in use). */
    int candidate() {
        synchronized (contexts) {
            return contexts.length();
        }
    }

    void agreed(int context) {
        synchronized (contexts) {
            contexts.set(context);
        }
    }

    /** COMM_SELF's point-to-point scope (context 1: wire contexts 2 and 3). */
    Scope selfScope() {
        Scope s = selfScope;
        if (s == null) {
            s = new Scope(new int[] {endpoint.rank}, endpoint.world.size(), 2, "COMM_SELF");
            selfScope = s;
        }
        return s;
    }

    /** Point-to-point on COMM_WORLD's collective context, for the collectives layer. */
    Channel worldChannel() {
        Channel c = worldChannel;
        if (c == null) {
            c = new ContextChannel(endpoint, endpoint.world.worldCollectiveScope());
            worldChannel = c;
        }
        return c;
    }

    /**
     * The sequence number of the next nonblocking collective this rank starts on the communicator of
     * collective context {@code wireContext}: 0, 1, 2... Every member starts them in the same order (MPI's
     * rule), so the number agrees across members and keeps each one's messages apart from the others'.
     */
    int nextNonblockingCollective(int wireContext) {
        synchronized (nonblockingStarted) {
            return nonblockingStarted.computeIfAbsent(wireContext, c -> new int[1])[0]++;
        }
    }
}
