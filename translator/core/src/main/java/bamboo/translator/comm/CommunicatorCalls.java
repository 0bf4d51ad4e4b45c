package bamboo.translator.comm;

import bamboo.translator.analyse.Marks;
import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
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
 * task ids and its tags are the wire tags (see {@code bamboo.runtime.comm.TaskComm}).
 */
public final class CommunicatorCalls {

    /** Whether {@code scope} is {@code MPI.COMM_WORLD} as written (the fast path: no translation). */
    public static boolean isWorld(Expression scope) {
        if (!(scope instanceof FieldAccessExpr)) {
            return false;
        }
        FieldAccessExpr f = (FieldAccessExpr) scope;
        String owner = f.getScope().toString();
        return f.getNameAsString().equals("COMM_WORLD") && (owner.equals("MPI") || owner.equals("mpi.MPI"));
    }

    public void rewrite(Program program) {
        for (MethodCallExpr call : program.type().findAll(MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null || !(mpi.op().isSend() || mpi.op().isReceive()) || call.getScope().isEmpty()) {
                continue;
            }
            boolean collective = call.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC);
            Expression comm = call.getScope().get();
            if (!collective && isWorld(comm)) {
                continue;
            }
            wrap(call, 0, comm, collective);
            if (mpi.op() == MpiOp.SENDRECV) {
                wrap(call, 6, comm, collective);
            }
        }
    }

    private static void wrap(MethodCallExpr call, int base, Expression comm, boolean collective) {
        if (call.getArguments().size() < base + 6) {
            return; // refused by CallRules (not the mpiJava form)
        }
        int line = Marks.line(call);
        Expression peer = MpiCall.arg(call, base, MpiCall.PEER);
        Expression tag = MpiCall.arg(call, base, MpiCall.TAG);
        MethodCallExpr task = new MethodCallExpr(comm.clone(), "task", NodeList.nodeList(peer.clone()));
        MethodCallExpr wire = new MethodCallExpr(comm.clone(), collective ? "collectiveTag" : "tag",
                NodeList.nodeList(tag.clone()));
        task.setData(Marks.LINE, line);
        wire.setData(Marks.LINE, line);
        call.setArgument(base + MpiCall.PEER, task);
        call.setArgument(base + MpiCall.TAG, wire);
    }
}
