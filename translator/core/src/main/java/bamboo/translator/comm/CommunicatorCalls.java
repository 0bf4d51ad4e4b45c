package bamboo.translator.comm;

import bamboo.translator.parse.Walk;
import bamboo.translator.analyse.Marks;
import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;


/**
 * Point-to-point calls on communicators other than {@code MPI.COMM_WORLD}, and every message of inlined
 * collectives, name their peer as a rank of the communicator and their tag in its matching space. The
 * runtime knows only task ids and tags, so this pass rewrites the peer argument {@code p} into
 * {@code comm.task(p)} and the tag {@code t} into {@code comm.tag(t)} (or {@code comm.collectiveTag(t)}
 * for the collectives library's own messages) on the call itself, before analysis: every later stage
 * (firing rules, evaluation points, deferred receives) then reads task ids and wire tags from the usual
 * argument positions. Calls written on {@code MPI.COMM_WORLD} keep their arguments: its ranks are the
 * task ids and its tags are the wire tags (see {@code bamboo.runtime.comm.TaskComm}). Receives and probes
 * (and Recv_init) use {@code comm.source(p)} and {@code comm.recvTag(t)} instead, which keep the wildcards
 * (ANY_TAG becomes the wildcard of the communicator's own tags); their statuses are translated back by
 * the task's status helpers ({@link #RECEIVES_ON_DERIVED}).
 */
public final class CommunicatorCalls {

    /** Whether {@code scope} is {@code MPI.COMM_WORLD} as written (the fast path: no translation). */
    public static boolean isWorld(Expression scope) {
        if (!(scope instanceof FieldAccessExpr)) {
            return false;
        }
        FieldAccessExpr f = (FieldAccessExpr) scope;
        String owner = CommunicatorTypes.printed(f.getScope());
        return f.getNameAsString().equals("COMM_WORLD") && (owner.equals("MPI") || owner.equals("mpi.MPI"));
    }

    /** On the program class when it receives or probes on a communicator other than COMM_WORLD: its
     *  statuses must then be translated back to ranks and user tags ({@code TaskComm.status}). */
    public static final DataKey<Boolean> RECEIVES_ON_DERIVED = new DataKey<>() {
    };

    public void rewrite(Program program, Diagnostics d) {
        for (MethodCallExpr call : Walk.findAll(program.type(), MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null || call.getScope().isEmpty()) {
                continue;
            }
            boolean collective = call.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC);
            Expression comm = call.getScope().get();
            if (!collective && isWorld(comm)) {
                continue;
            }
            MpiOp op = mpi.op();
            boolean receives = op.isReceive() || op.isProbe() || op == MpiOp.RECV_INIT || op == MpiOp.SENDRECV_REPLACE;
            if (receives && !collective) {
                program.type().setData(RECEIVES_ON_DERIVED, true);
            }
            if (op.isProbe()) {
                if (call.getArguments().size() == 2) {
                    wrapPeer(call, 0, 1, comm, Side.RECEIVE);
                }
            } else if (op == MpiOp.SENDRECV_REPLACE) {
                if (call.getArguments().size() == 8) {
                    // (buf, offset, count, type, dest, sendtag, source, recvtag)
                    wrapPeer(call, 4, 5, comm, collective ? Side.COLLECTIVE : Side.SEND);
                    wrapPeer(call, 6, 7, comm, collective ? Side.COLLECTIVE : Side.RECEIVE);
                }
            } else if (op.isSend() || op.isReceive() || op == MpiOp.SEND_INIT || op == MpiOp.RECV_INIT) {
                boolean receiveHalf = op == MpiOp.RECV || op == MpiOp.IRECV || op == MpiOp.RECV_INIT;
                wrap(call, 0, comm, collective ? Side.COLLECTIVE : receiveHalf ? Side.RECEIVE : Side.SEND);
                if (op == MpiOp.SENDRECV) {
                    wrap(call, 6, comm, collective ? Side.COLLECTIVE : Side.RECEIVE);
                }
            }
        }
    }

    /** How a peer and tag are translated: a send's, a receive's (wildcards allowed), a collective's. */
    private enum Side { SEND, RECEIVE, COLLECTIVE }

    private static void wrap(MethodCallExpr call, int base, Expression comm, Side side) {
        if (call.getArguments().size() < base + 6) {
            return; // refused by CallRules (not the mpiJava form)
        }
        wrapPeer(call, base + MpiCall.PEER, base + MpiCall.TAG, comm, side);
    }

    /**
     * Rewrites the peer argument {@code p} into {@code comm.task(p)} (receives: {@code comm.source(p)},
     * which keeps ANY_SOURCE) and the tag {@code t} into {@code comm.tag(t)} (receives:
     * {@code comm.recvTag(t)}, which turns ANY_TAG into the wildcard of the communicator's tags;
     * collectives: {@code comm.collectiveTag(t)}).
     */
    private static void wrapPeer(MethodCallExpr call, int peerAt, int tagAt, Expression comm, Side side) {
        int line = Marks.line(call);
        Expression peer = call.getArgument(peerAt);
        Expression tag = call.getArgument(tagAt);
        MethodCallExpr task = new MethodCallExpr(comm.clone(), side == Side.RECEIVE ? "source" : "task",
                NodeList.nodeList(peer.clone()));
        MethodCallExpr wire = new MethodCallExpr(comm.clone(), side == Side.COLLECTIVE ? "collectiveTag"
                : side == Side.RECEIVE ? "recvTag" : "tag", NodeList.nodeList(tag.clone()));
        task.setData(Marks.LINE, line);
        wire.setData(Marks.LINE, line);
        call.setArgument(peerAt, task);
        call.setArgument(tagAt, wire);
    }
}
