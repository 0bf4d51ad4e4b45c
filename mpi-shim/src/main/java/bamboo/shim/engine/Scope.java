package bamboo.shim.engine;

import java.util.Arrays;

/**
 * The view one communicator gives on the world: its group (world ranks in communicator-rank order), the
 * inverse map, and the wire context its messages carry. Immutable; shared by all ranks of a job for
 * COMM_WORLD, held by each derived communicator.
 */
public final class Scope {
    private final int[] worldRanks;
    private final int[] localOf;
    private final int wireContext;
    private final String name;

    /**
     * @param worldRanks  the group as world ranks in communicator-rank order
     * @param worldSize   number of ranks in the world (size of the inverse map)
     * @param wireContext the context id on the wire (communicator context * 2, + 1 for collectives)
     * @param name        how reports name the communicator
     */
    public Scope(int[] worldRanks, int worldSize, int wireContext, String name) {
        this.worldRanks = worldRanks.clone();
        this.localOf = new int[worldSize];
        Arrays.fill(localOf, -1);
        for (int i = 0; i < worldRanks.length; i++) {
            localOf[worldRanks[i]] = i;
        }
        this.wireContext = wireContext;
        this.name = name;
    }

    /** Identity group of {@code size} ranks. */
    public static int[] identity(int size) {
        final int[] ranks = new int[size];
        for (int i = 0; i < size; i++) {
            ranks[i] = i;
        }
        return ranks;
    }

    /** The same group on another wire context (e.g. the collective context of a communicator). */
    public Scope withContext(int context, String newName) {
        return new Scope(worldRanks, localOf.length, context, newName);
    }

    public int size() {
        return worldRanks.length;
    }

    public int worldRank(int local) {
        return worldRanks[local];
    }

    /** Communicator rank of a world rank, or -1 when it is not a member. */
    public int local(int world) {
        return localOf[world];
    }

    public int wireContext() {
        return wireContext;
    }

    public String name() {
        return name;
    }

    /** A copy of the group. */
    public int[] worldRanks() {
        return worldRanks.clone();
    }
}
