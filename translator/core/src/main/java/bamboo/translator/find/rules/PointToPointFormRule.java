package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;

import java.util.Locale;
import java.util.Set;

/**
 * Point-to-point calls in the mpiJava form the translator reads arguments from (buf, offset, count, type,
 * peer, tag), and sends with a real destination and tag: the wildcards only make sense for receives.
 */
public final class PointToPointFormRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.SEND, MpiOp.ISEND, MpiOp.RECV, MpiOp.IRECV, MpiOp.SEND_INIT, MpiOp.RECV_INIT,
                MpiOp.SENDRECV);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        check(c.file(), c.call(), 0, d);
        if (c.op() == MpiOp.SENDRECV) {
            check(c.file(), c.call(), 6, d);
        }
    }

    /** The six arguments from {@code base} on (6 for the receive half of Sendrecv). */
    private static void check(String file, MethodCallExpr call, int base, Diagnostics d) {
        if (call.getArguments().size() < base + 6) {
            d.error(file, call, call.getNameAsString() + "(...) with " + call.getArguments().size()
                    + " arguments is not the mpiJava form (buf, offset, count, type, peer, tag)");
            return;
        }
        Expression peer = MpiCall.arg(call, base, MpiCall.PEER);
        Expression tag = MpiCall.arg(call, base, MpiCall.TAG);
        boolean sends = base == 0 && call.getNameAsString().toLowerCase(Locale.ROOT).contains("send");
        if (sends && lastName(peer).equals("ANY_SOURCE")) {
            d.error(file, peer, "MPI.ANY_SOURCE as the destination of " + call.getNameAsString()
                    + ": a send needs a real destination");
        }
        if (sends && lastName(tag).equals("ANY_TAG")) {
            d.error(file, tag, "MPI.ANY_TAG as the tag of " + call.getNameAsString() + ": a send needs a real tag");
        }
    }

    private static String lastName(Expression e) {
        if (e instanceof FieldAccessExpr f) {
            return f.getNameAsString();
        }
        if (e instanceof NameExpr n) {
            return n.getNameAsString();
        }
        return "";
    }
}
