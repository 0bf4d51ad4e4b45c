package bamboo.translator.comm;

import bamboo.translator.analyse.Marks;
import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.ExpressionStmt;

import java.util.List;

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

    public void rewrite(Program program, Diagnostics d) {
        boolean statuses = usesRequestStatuses(program);
        for (MethodCallExpr call : program.type().findAll(MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null || call.getScope().isEmpty()) {
                continue;
            }
            boolean collective = call.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC);
            Expression comm = call.getScope().get();
            if (!collective && (isWorld(comm) || !refused(program.fileName(), call, mpi, statuses, d))) {
                continue;
            }
            if (!(mpi.op().isSend() || mpi.op().isReceive())) {
                continue;
            }
            wrap(call, 0, comm, collective);
            if (mpi.op() == MpiOp.SENDRECV) {
                wrap(call, 6, comm, collective);
            }
        }
    }

    /**
     * What cannot be translated on a communicator other than COMM_WORLD yet: wildcards and probes (their
     * firing rules would have to match the communicator's tag range) and statuses (their source would be
     * a task id, not a rank of the communicator). False when {@code call} was refused.
     */
    private static boolean refused(String file, MethodCallExpr call, MpiCall mpi, boolean statuses, Diagnostics d) {
        String name = call.getNameAsString();
        if (mpi.op().isProbe()) {
            d.error(file, call, name + " on a communicator other than MPI.COMM_WORLD is not translated yet "
                    + "(wildcards and probes on derived communicators); probe on MPI.COMM_WORLD");
            return false;
        }
        if (!mpi.op().isReceive() && !mpi.op().isSend()) {
            return true;
        }
        int halves = mpi.op() == MpiOp.SENDRECV ? 2 : 1;
        for (int h = 0; h < halves; h++) {
            int base = 6 * h;
            if (call.getArguments().size() < base + 6) {
                return true;
            }
            for (Expression e : List.of(MpiCall.arg(call, base, MpiCall.PEER), MpiCall.arg(call, base, MpiCall.TAG))) {
                String text = e.toString();
                if (text.endsWith("ANY_SOURCE") || text.endsWith("ANY_TAG")) {
                    d.error(file, e, text + " in " + name + " on a communicator other than MPI.COMM_WORLD is not "
                            + "translated yet (wildcards and probes on derived communicators)");
                    return false;
                }
            }
        }
        boolean statement = call.getParentNode().orElse(null) instanceof ExpressionStmt;
        if ((mpi.op() == MpiOp.RECV || mpi.op() == MpiOp.SENDRECV) && !statement
                || mpi.op() == MpiOp.IRECV && statuses) {
            d.error(file, call, "the Status of a receive on a communicator other than MPI.COMM_WORLD is not "
                    + "translated yet (its source would be a task id, not a rank of the communicator); "
                    + (mpi.op() == MpiOp.IRECV ? "this program reads statuses of its requests" : "call " + name
                    + " as a statement"));
            return false;
        }
        return true;
    }

    /** Whether the program reads the Status of a request (Wait used as a value, Waitany, Test...). */
    private static boolean usesRequestStatuses(Program program) {
        for (MethodCallExpr c : program.type().findAll(MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m == null) {
                continue;
            }
            boolean statement = c.getParentNode().orElse(null) instanceof ExpressionStmt;
            switch (m.op()) {
                case WAIT:
                case WAITALL:
                    if (!statement) {
                        return true;
                    }
                    break;
                case WAITANY:
                case WAITSOME:
                case TEST:
                case TESTALL:
                case TESTANY:
                case TESTSOME:
                    return true;
                default:
                    break;
            }
        }
        return false;
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
