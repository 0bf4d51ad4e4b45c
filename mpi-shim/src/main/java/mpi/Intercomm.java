package mpi;

import bamboo.shim.coll.Allreduce;
import bamboo.shim.coll.Bcast;
import bamboo.shim.coll.Channel;
import bamboo.shim.coll.PredefinedOp;
import bamboo.shim.engine.ContextChannel;
import bamboo.shim.engine.Endpoint;
import bamboo.shim.engine.Scope;
import java.util.Arrays;

/**
 * An inter-communicator: two disjoint groups, the local one (this process's) and the remote one. In
 * point-to-point calls {@code dest} and {@code source} are ranks of the remote group, and a status's
 * source is one; {@link #Rank()} and {@link #Size()} are those of the local group (MPI-1 semantics).
 *
 * <p>It holds two context ids: {@code c} carries its point-to-point traffic (wire context {@code 2c})
 * and the exchange between the two leaders ({@code 2c + 1}); {@code c + 1} carries the collective steps
 * within the local group ({@code 2(c + 1) + 1}). Both are agreed over both groups at creation.
 */
public class Intercomm extends Comm {
    private final int[] localRanks;
    private final int[] remoteRanks;
    private final int context;

    Intercomm(Comm parent, int[] localRanks, int[] remoteRanks, int context) {
        super(parent, remoteRanks, context);
        this.localRanks = localRanks.clone();
        this.remoteRanks = remoteRanks.clone();
        this.context = context;
    }

    /** The collective part of {@link Comm#Create_intercomm}: agree the contexts, exchange the groups. */
    static Intercomm create(Intracomm localComm, int localLeader, Comm peer, int remoteLeader, int tag, int peerSize)
            throws MPIException {
        final String call = "Create_intercomm";
        final Channel local = localComm.collectiveChannel(call);
        final int n = local.size();
        if (localLeader < 0 || localLeader >= n) {
            throw new MPIException(call + ": local_leader " + localLeader + " is out of range (local_comm has " + n
                    + " ranks)");
        }
        if (remoteLeader < 0 || remoteLeader >= peerSize) {
            throw new MPIException(call + ": remote_leader " + remoteLeader + " is out of range (the peer"
                    + " communicator has " + peerSize + " ranks)");
        }
        final int[] candidate = new int[1];
        Allreduce.run(local, new int[] {localComm.contextCandidate()}, 0, candidate, 0, 1, MPI.INT,
                PredefinedOp.MAX);
        final int[] localRanks = localComm.worldRanks();
        final int[] header = new int[2]; // agreed context, remote group size
        int[] remote = null;
        if (local.rank() == localLeader) {
            final int[] theirs = new int[2];
            peer.Sendrecv(new int[] {candidate[0], n}, 0, 2, MPI.INT, remoteLeader, tag,
                    theirs, 0, 2, MPI.INT, remoteLeader, tag);
            remote = new int[theirs[1]];
            peer.Sendrecv(localRanks, 0, n, MPI.INT, remoteLeader, tag, remote, 0, remote.length, MPI.INT,
                    remoteLeader, tag);
            header[0] = Math.max(candidate[0], theirs[0]);
            header[1] = theirs[1];
        }
        Bcast.run(local, header, 0, 2, MPI.INT, localLeader);
        if (remote == null) {
            remote = new int[header[1]];
        }
        Bcast.run(local, remote, 0, remote.length, MPI.INT, localLeader);
        for (int w : remote) {
            if (Arrays.stream(localRanks).anyMatch(l -> l == w)) {
                throw new MPIException(call + ": the local and remote groups overlap (world rank " + w
                        + " is in both)");
            }
        }
        final int context = header[0];
        localComm.contextAgreed(context);
        localComm.contextAgreed(context + 1);
        return new Intercomm(localComm, localRanks, remote, context);
    }

    /** Always true. */
    @Override
    public boolean Test_inter() throws MPIException {
        enter("Intercomm.Test_inter");
        return true;
    }

    /** This process's rank in the local group. */
    @Override
    public int Rank() throws MPIException {
        final Endpoint e = enter("Intercomm.Rank");
        return indexOf(localRanks, e.rank());
    }

    /** The size of the local group. */
    @Override
    public int Size() throws MPIException {
        enter("Intercomm.Size");
        return localRanks.length;
    }

    /** The local group. */
    @Override
    public Group Group() throws MPIException {
        final Endpoint e = enter("Intercomm.Group");
        return new Group(localRanks.clone(), e.rank());
    }

    /** The size of the remote group (MPI_COMM_REMOTE_SIZE). */
    public int Remote_size() throws MPIException {
        enter("Intercomm.Remote_size");
        return remoteRanks.length;
    }

    /** The remote group (MPI_COMM_REMOTE_GROUP). */
    public Group Remote_group() throws MPIException {
        final Endpoint e = enter("Intercomm.Remote_group");
        return new Group(remoteRanks.clone(), e.rank());
    }

    /**
     * An intra-communicator over both groups (MPI_INTERCOMM_MERGE): the group that passed {@code high =
     * false} comes first; when both passed the same value, the group with the lower world rank at its
     * rank 0. Collective over both groups.
     */
    public Intracomm Merge(boolean high) throws MPIException {
        final String call = "Intercomm.Merge";
        final int[] agreed = agreeAcross(call, high ? 1 : 0);
        final boolean remoteHigh = agreed[1] == 1;
        final boolean localFirst = high != remoteHigh ? !high : localRanks[0] < remoteRanks[0];
        final int[] members = new int[localRanks.length + remoteRanks.length];
        final int[] first = localFirst ? localRanks : remoteRanks;
        final int[] second = localFirst ? remoteRanks : localRanks;
        System.arraycopy(first, 0, members, 0, first.length);
        System.arraycopy(second, 0, members, first.length, second.length);
        process().contextAgreed(agreed[0]);
        return new Intracomm(this, members, agreed[0]);
    }

    /** A new inter-communicator over the same two groups (MPI_COMM_DUP). Collective over both groups. */
    @Override
    public Object clone() throws MPIException {
        final int[] agreed = agreeAcross("Intercomm.clone", 0);
        process().contextAgreed(agreed[0]);
        process().contextAgreed(agreed[0] + 1);
        return new Intercomm(this, localRanks, remoteRanks, agreed[0]);
    }

    /**
     * A context id free on every process of both groups (the maximum of their candidates), and the value
     * the remote group's leader passed: the local group reduces its candidates, each group's leader (its
     * rank 0) swaps them with the other leader, and each leader broadcasts the result locally.
     */
    private int[] agreeAcross(String call, int value) throws MPIException {
        final Endpoint e = enter(call);
        final Channel local = new ContextChannel(e, new Scope(localRanks, e.world().size(), 2 * (context + 1) + 1,
                "intercomm " + context + " (local group)")).named(call);
        final int[] candidate = new int[1];
        Allreduce.run(local, new int[] {e.contextCandidate()}, 0, candidate, 0, 1, MPI.INT, PredefinedOp.MAX);
        final int[] header = new int[2];
        if (local.rank() == 0) {
            final Channel leaders = collectiveChannel(call);
            final int[] theirs = new int[2];
            leaders.sendrecv(new int[] {candidate[0], value}, 0, 2, MPI.INT, 0, 0, theirs, 0, 2, MPI.INT, 0, 0);
            header[0] = Math.max(candidate[0], theirs[0]);
            header[1] = theirs[1];
        }
        Bcast.run(local, header, 0, 2, MPI.INT, 0);
        return header;
    }

    private static int indexOf(int[] ranks, int world) {
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] == world) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    @Override
    public String toString() {
        return "Intercomm[context " + context + "]";
    }
}
