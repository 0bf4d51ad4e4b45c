package bamboo.translator.outline;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import bamboo.translator.comm.CommunicatorCalls;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Rewrites the MPI calls of a (cloned) piece of the rank body into the task API: Rank/Size become
 * id()/numTasks(), sends become send(...), receives in receive blocks become receive(...) (the task
 * stands past the region's evaluation point, so the message is there), waits disappear.
 */
public final class MpiRewriter {
    private final String argsField;
    private final boolean keepRequests;

    public MpiRewriter(String argsField) {
        this(argsField, false);
    }

    /**
     * @param keepRequests the program looks at requests beyond waiting (Waitany, Test...): Wait and Waitall
     *                     statements then complete their requests (they become inactive) instead of vanishing
     */
    /** Waits whose requests an MPI call computes in place: never dropped (see {@link #callsMpi}). */
    private final java.util.Set<MethodCallExpr> computedRequests =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    public MpiRewriter(String argsField, boolean keepRequests) {
        this.argsField = argsField;
        this.keepRequests = keepRequests;
    }

    /**
     * The rewriter for {@code p}'s rank body. When main looks at requests beyond waiting for them
     * (Waitany, Test..., a Wait's Status, Is_null, and Start, which must find its persistent request
     * inactive again), its Wait / Waitall statements mark requests inactive instead of vanishing.
     */
    public static MpiRewriter of(bamboo.translator.find.Program p) {
        boolean inspects = false;
        for (MethodCallExpr c : Walk.findAll(p.main(), MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().inspectsRequests() || m.op().isStart() || m.op() == MpiOp.IS_NULL
                    || m.op().isWait() && !(c.getParentNode().orElse(null) instanceof ExpressionStmt))) {
                inspects = true;
                break;
            }
        }
        return new MpiRewriter(p.main().getParameter(0).getNameAsString(), inspects);
    }

    /** Rewrites every MPI call under {@code root}; {@code root} itself may be replaced: use the result. */
    public Node rewrite(Node root) {
        List<MethodCallExpr> calls = new ArrayList<>(Walk.findAll(root, MethodCallExpr.class));
        for (MethodCallExpr call : calls) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi != null && (mpi.op() == MpiOp.WAIT && callsMpi(call.getScope().orElseThrow())
                    || mpi.op() == MpiOp.WAITALL && callsMpi(call.getArgument(0)))) {
                computedRequests.add(call);
            }
        }
        Collections.reverse(calls); // innermost first: arguments before the calls that hold them
        Node result = root;
        for (MethodCallExpr call : calls) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null) {
                continue;
            }
            Node replaced = rewriteCall(call, mpi);
            if (call == root) {
                result = replaced;
            }
        }
        return result;
    }

    private Node rewriteCall(MethodCallExpr call, MpiCall mpi) {
        boolean statement = call.getParentNode().orElse(null) instanceof ExpressionStmt;
        switch (mpi.op()) {
            case RANK:
            case SIZE:
                if (call.getScope().isPresent() && !CommunicatorCalls.isWorld(call.getScope().get())) {
                    return call; // a call on a translated communicator (bamboo.runtime.comm.TaskComm)
                }
                return replace(call, task(mpi.op() == MpiOp.RANK ? "id" : "numTasks"));
            case WTIME:
                // mpi.MPI.Wtime is a plain clock, valid on any thread: keeping the call keeps one time origin
                // even where a call escapes rewriting (regression: jacobi3d printed a negative time).
                return call;
            case INIT:
                return statement ? drop(call) : replace(call, new NameExpr(argsField));
            case FINALIZE:
                return drop(call);
            case WAIT:
                return statement && !keepRequests && !computedRequests.contains(call) ? drop(call)
                        : replace(call, helper("bambooWait", call.getScope().orElseThrow()));
            case WAITALL:
            case WAITANY:
            case WAITSOME:
            case TESTALL:
            case TESTANY:
            case TESTSOME:
                if (mpi.op() == MpiOp.WAITALL && statement && !keepRequests && !computedRequests.contains(call)) {
                    return drop(call);
                }
                return replace(call, helper("bamboo" + call.getNameAsString(),
                        call.getArgument(0)));
            case TEST:
                return replace(call, helper("bambooTest", call.getScope().orElseThrow()));
            case PROBE:
            case IPROBE:
                // In a receive block (the firing rule waited for a Probe's message) or a yield point's value.
                return replace(call, helper("bambooProbe", call.getArgument(0), call.getArgument(1)));
            case SEND:
                return replace(call, transfer("send", call));
            case ISEND:
                if (statement) {
                    return replace(call, transfer("send", call));
                }
                return replace(call, transfer("bambooIsend", call));
            case RECV:
                return replace(call, statement ? transfer("receive", call)
                        : helper("bambooStatus", transfer("receive", call)));
            case IRECV:
                if (call.containsData(bamboo.translator.analyse.Marks.DEFERRED)) {
                    return replace(call, transfer("bambooDefer", call));
                }
                if (statement) {
                    return replace(call, transfer("receive", call));
                }
                return replace(call, transfer("bambooIrecv", call));
            case SEND_INIT:
                return replace(call, transfer("bambooSendInit", call));
            case RECV_INIT:
                return replace(call, transfer("bambooRecvInit", call));
            case START:
            case STARTALL:
                // In a receive block a started receive is one of the window (its message is there); elsewhere
                // it is noted and received when a Wait / Test asks for it. Sends go at once either way.
                return replace(call, helper(call.containsData(bamboo.translator.analyse.Marks.DEFERRED)
                        ? "bambooStart" : "bambooStartNow", mpi.op() == MpiOp.START ? call.getScope().orElseThrow()
                        : call.getArgument(0)));
            case REQUEST_FREE:
                return replace(call, helper("bambooFree", call.getScope().orElseThrow()));
            case INITIALIZED:
                return replace(call, new com.github.javaparser.ast.expr.BooleanLiteralExpr(true));
            case BUFFER_ATTACH:
                return replace(call, helper("bambooBufferAttach", call.getArgument(0)));
            case BUFFER_DETACH:
                return replace(call, helper("bambooBufferDetach"));
            case IS_NULL:
                return replace(call, helper("bambooIsNull", call.getScope().orElseThrow()));
            case PRIORITY:
                return replace(call, new MethodCallExpr(null, "priority", NodeList.nodeList(call.getArgument(0))));
            case YIELD_AFTER_REGION:
                return replace(call, Templates.expression("bambooYield = true"));
            default:
                // Refused by CallRules where it matters (main and what it calls); elsewhere (a helper nobody
                // calls) the call stays as written.
                return call;
        }
    }

    private static MethodCallExpr helper(String method, Expression... args) {
        return new MethodCallExpr(null, method, NodeList.nodeList(args));
    }

    private static MethodCallExpr task(String method) {
        return new MethodCallExpr(null, method);
    }

    /** {@code method(peer, tag, buf, offset, count)} from an mpiJava (buf, offset, count, type, peer, tag). */
    static MethodCallExpr transfer(String method, MethodCallExpr call) {
        return transfer(method, call, 0);
    }

    public static MethodCallExpr transfer(String method, MethodCallExpr call, int base) {
        return transfer(method, MpiCall.arg(call, base, MpiCall.PEER), MpiCall.arg(call, base, MpiCall.TAG),
                MpiCall.arg(call, base, MpiCall.BUF), MpiCall.arg(call, base, MpiCall.OFFSET),
                MpiCall.arg(call, base, MpiCall.COUNT), MpiCall.arg(call, base, MpiCall.TYPE));
    }

    /**
     * {@code method(peer, tag, buf, offset, count)} in array elements for a predefined datatype named as a
     * constant of {@code MPI}; for any other datatype expression (a variable may hold a derived type, whose items are
     * not consecutive elements) {@code method(peer, tag, buf, offset, count, type)} in items, which the task
     * maps to elements, packing and unpacking non-contiguous layouts.
     */
    public static MethodCallExpr transfer(String method, Expression peer, Expression tag, Expression buf,
                                          Expression offset, Expression count, Expression type) {
        if (!type.isFieldAccessExpr() || !ELEMENTS.contains(type.asFieldAccessExpr().getNameAsString())
                || !isMpi(Printed.text(type.asFieldAccessExpr().getScope()))) {
            return new MethodCallExpr(null, method, NodeList.nodeList(peer, tag, buf, offset, count, type.clone()));
        }
        return new MethodCallExpr(null, method, NodeList.nodeList(peer, tag, buf, scaled(offset, type),
                scaled(count, type)));
    }

    /** The constants of MPI whose items are consecutive array elements: the others (PACKED, LB, UB, NULL)
     *  go through the task's checks like a datatype held in a variable. */
    private static final java.util.Set<String> ELEMENTS = java.util.Set.of("BYTE", "CHAR", "SHORT", "BOOLEAN",
            "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT", "SHORT2", "INT2", "LONG2", "FLOAT2", "DOUBLE2");
    private static final java.util.Set<String> SINGLE = java.util.Set.of("BYTE", "CHAR", "SHORT", "BOOLEAN", "INT",
            "LONG", "FLOAT", "DOUBLE", "OBJECT");

    /**
     * Offsets and counts of mpiJava are in items of the datatype; the task API counts array elements.
     * They are the same for the predefined single types; otherwise (a pair type, or a datatype held in a
     * variable) the translation multiplies by {@code elementsPerItem()}.
     */
    public static Expression scaled(Expression items, Expression datatype) {
        if (datatype.isFieldAccessExpr() && SINGLE.contains(datatype.asFieldAccessExpr().getNameAsString())
                && isMpi(Printed.text(datatype.asFieldAccessExpr().getScope()))) {
            return items;
        }
        Expression left = items.isNameExpr() || items.isLiteralExpr() || items.isMethodCallExpr()
                || items.isFieldAccessExpr() || items.isEnclosedExpr() ? items : new EnclosedExpr(items);
        return new com.github.javaparser.ast.expr.BinaryExpr(left,
                new MethodCallExpr(datatype.clone(), "elementsPerItem"),
                com.github.javaparser.ast.expr.BinaryExpr.Operator.MULTIPLY);
    }

    /** {@code scope.matches("(mpi\\.)?MPI")}, without compiling the pattern per call. */
    private static boolean isMpi(String scope) {
        return scope.equals("MPI") || scope.equals("mpi.MPI");
    }

    private static Node replace(MethodCallExpr call, Expression with) {
        if (call.getParentNode().isPresent()) {
            call.replace(with);
        }
        return with;
    }

    /**
     * Whether the requests a wait names come from an MPI call ({@code comm.Isend(...).Wait()}): the wait
     * then stays (as a call on the completed request), or dropping it would drop the send.
     */
    private static boolean callsMpi(Expression requests) {
        return requests.isMethodCallExpr() && MpiCall.of(requests.asMethodCallExpr()) != null
                || Walk.findAll(requests, MethodCallExpr.class).stream().anyMatch(c -> MpiCall.of(c) != null);
    }

    /** Removes a call that translates to nothing (its statement goes; an empty block stands in if needed). */
    private static Node drop(MethodCallExpr call) {
        Node parent = call.getParentNode().orElse(null);
        if (!(parent instanceof ExpressionStmt)) {
            return call; // its value is used: refused by CallRules where it matters
        }
        Statement s = (Statement) parent;
        Node holder = s.getParentNode().orElse(null);
        if (holder instanceof BlockStmt) {
            s.remove();
        } else if (holder != null) {
            s.replace(new BlockStmt());
        }
        return s;
    }
}
