package bamboo.translator.find.rules;

import bamboo.translator.collectives.CollectiveInliner;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.find.Region;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.LambdaExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;
import com.github.javaparser.ast.expr.SwitchExpr;
import com.github.javaparser.ast.stmt.CatchClause;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.TryStmt;
import com.github.javaparser.ast.stmt.WhileStmt;


/**
 * A blocking Recv (or Probe) in a receive block written before the region's send block: untranslated,
 * every rank that runs the region waits there before it sends, and no rank sends, so the program
 * deadlocks; translated, the send block runs first and it does not. The program then works only
 * translated, which is not what the user meant. Warned only when the deadlock is sure: every rank
 * reaches the call (nothing conditional around it or the region, no loop around it in the block), main
 * sends nothing before the region that the Recv could take, and the program names no MPI.PROC_NULL
 * (a receive from it returns at once, so a non-periodic halo's edge rank goes on to send).
 */
public final class ReceiveBeforeSendRule implements ProgramRule {
    @Override
    public void check(Program program, Diagnostics d) {
        if (program.unit().unit().findFirst(SimpleName.class, n -> n.getIdentifier().equals("PROC_NULL")).isPresent()) {
            return; // a Recv from MPI.PROC_NULL returns at once: the edge rank of a non-periodic halo sends first
        }
        for (Region r : program.regions()) {
            Region.Part receive = receiveBeforeSend(r);
            if (receive == null || conditional(r.labelled(), program.main().getBody().orElseThrow())
                    || sendsBefore(program, r)) {
                continue;
            }
            for (MethodCallExpr call : receive.block().findAll(MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi != null && (mpi.op() == MpiOp.RECV || mpi.op() == MpiOp.PROBE)
                        && !conditionalOrRepeated(call, receive.block())) {
                    d.warning(program.fileName(), call, "blocking " + mpi.name() + " in a receive block written before "
                            + "the region's send block: untranslated, every rank waits here before any rank sends, so "
                            + "the program deadlocks (translated, the send block runs first); write the send block "
                            + "before the receive block, which translates the same");
                }
            }
        }
    }

    /** The first receive block of {@code r} followed by a send block that runs, translated, before the receives. */
    private static Region.Part receiveBeforeSend(Region r) {
        Region.Part receive = null;
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.COMPUTE) {
                return null; // send blocks after the compute block run after the receives translated too
            }
            if (p.kind() == BlockKind.SEND) {
                return receive;
            }
            if (receive == null) {
                receive = p;
            }
        }
        return null;
    }

    /**
     * Whether main makes a point-to-point send before region {@code r} (in source order; inlined code stands
     * where it was called), which a receive of the region could take. Sends of inlined collectives do not
     * count: a collective completes its own messages.
     */
    private static boolean sendsBefore(Program program, Region r) {
        for (Node n : program.main().findAll(Node.class)) {
            if (n == r.labelled()) {
                return false;
            }
            MpiCall m = n instanceof MethodCallExpr c ? MpiCall.of(c) : null;
            if (m != null && !n.containsData(CollectiveInliner.COLLECTIVE_TRAFFIC) && (m.op().isSend()
                    || m.op().isStart() || m.op() == MpiOp.SENDRECV || m.op() == MpiOp.SENDRECV_REPLACE)) {
                return true;
            }
        }
        return false;
    }

    /** Whether something between {@code n} and {@code limit} may skip it (loops around a region are fine). */
    private static boolean conditional(Node n, Node limit) {
        Node child = n;
        for (Node x = n.getParentNode().orElse(null); x != null && x != limit; child = x, x = x.getParentNode().orElse(null)) {
            if (x instanceof BodyDeclaration || x instanceof LambdaExpr || x instanceof ObjectCreationExpr
                    || x instanceof IfStmt || x instanceof SwitchStmt || x instanceof SwitchExpr
                    || x instanceof CatchClause || x instanceof ConditionalExpr && child != ((ConditionalExpr) x).getCondition()
                    || x instanceof TryStmt && child != ((TryStmt) x).getTryBlock()
                    || x instanceof BinaryExpr b && child == b.getRight()
                    && (b.getOperator() == BinaryExpr.Operator.AND || b.getOperator() == BinaryExpr.Operator.OR)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the call may be skipped, or run a number of times that may be zero, inside its block. */
    private static boolean conditionalOrRepeated(Node call, Node block) {
        for (Node x = call.getParentNode().orElse(null); x != null && x != block; x = x.getParentNode().orElse(null)) {
            if (x instanceof ForStmt || x instanceof ForEachStmt || x instanceof WhileStmt || x instanceof DoStmt) {
                return true;
            }
        }
        return conditional(call, block);
    }
}
