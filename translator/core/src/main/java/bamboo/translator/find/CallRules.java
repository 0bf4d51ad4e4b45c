package bamboo.translator.find;

import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.YieldStmt;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Stage 2c: checks every MPI call of a program against what the translator can translate, and the rules
 * of the programming model about which call may stand in which block.
 */
public final class CallRules {
    /** MPI calls a helper method may make: they become task calls in the copied method. */
    public static final Set<MpiOp> HELPER_SAFE = Set.of(MpiOp.RANK, MpiOp.SIZE, MpiOp.WTIME, MpiOp.PURE);

    public void check(Program program, Diagnostics d) {
        String file = program.fileName();
        MethodDeclaration main = program.main();
        for (MethodCallExpr call : Walk.findAll(main, MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi != null) {
                checkCall(file, call, mpi, d);
            }
        }
        for (Region r : program.regions()) {
            for (Region.Part p : r.parts()) {
                if (p.kind() != BlockKind.COMPUTE) {
                    checkJumps(file, p, d);
                }
            }
            checkForwarding(file, r, d);
            checkSendsOfReceived(file, r, d);
        }
        checkHelpers(program, d);
    }

    private static final Set<String> DERIVED_DATATYPES =
            Set.of("Contiguous", "Vector", "Hvector", "Indexed", "Hindexed", "Struct", "Commit");

    private void checkCall(String file, MethodCallExpr call, MpiCall mpi, Diagnostics d) {
        String name = call.getNameAsString();
        Optional<Region.Part> part = Where.part(call);
        BlockKind kind = part.map(Region.Part::kind).orElse(null);
        Optional<String> barrier = Where.barrier(call);
        boolean statement = call.getParentNode().orElse(null) instanceof ExpressionStmt;
        switch (mpi.op()) {
            case UNSUPPORTED:
                String blocking = name.length() > 1 && name.charAt(0) == 'I'
                        ? Character.toUpperCase(name.charAt(1)) + name.substring(2) : "";
                if (MpiOp.candidate(blocking) == MpiOp.COLLECTIVE) {
                    d.error(file, call, "nonblocking collective " + name + "(...) is not translated yet: use the "
                            + "blocking " + blocking + " (translated programs overlap it with their regions), or run "
                            + "the program untranslated");
                } else if (DERIVED_DATATYPES.contains(name)) {
                    d.error(file, call, "derived datatype " + name + "(...) is not translated yet: translated sends "
                            + "and receives move contiguous elements of a predefined type; run the program untranslated");
                } else {
                    d.error(file, call, "MPI call " + name + "(...) is not supported by the translator yet");
                }
                return;
            case COLLECTIVE:
                d.error(file, call, "collective " + name + "(...) is not translated yet: the collectives library has no "
                        + "point-to-point implementation of it; write it with Send/Recv in the meantime");
                return;
            case INLINED:
                return;
            case INIT:
            case FINALIZE:
                if (kind != null || barrier.isPresent()) {
                    d.error(file, call, "MPI." + name + " belongs at the top level of main, not inside "
                            + (kind != null ? "a " + kind.label() + " block" : barrier.get()));
                }
                return;
            case SEND:
            case ISEND:
                checkPointToPoint(file, call, 0, d);
                if (barrier.isPresent() && barrier.get().contains("lambda") || barrier.isPresent()
                        && barrier.get().contains("class")) {
                    d.error(file, call, name + " inside " + barrier.get() + " is not translated; call it from main");
                }
                return;
            case RECV:
            case IRECV:
                checkPointToPoint(file, call, 0, d);
                if (kind == BlockKind.SEND) {
                    d.error(file, call, name + " in a send block: receives belong in receive blocks");
                } else if (kind == BlockKind.RECEIVE) {
                    if (barrier.isPresent() && isFunctional(barrier.get())) {
                        d.error(file, call, name + " inside " + barrier.get() + " is not translated; call it directly "
                                + "in the receive block");
                    }
                } else if (mpi.op() == MpiOp.IRECV) {
                    // Deferred to the next Wait/Waitall, which becomes an evaluation point.
                    if (barrier.isPresent() && isFunctional(barrier.get())) {
                        d.error(file, call, "Irecv inside " + barrier.get() + " is not translated; call it from main");
                    }
                } else if (barrier.isPresent()) {
                    d.error(file, call, "blocking Recv inside " + barrier.get() + ": the task cannot suspend there; "
                            + "move the Recv out of it or into the receive block of an olap region");
                } else if (ResultUse.statement(call) == null) {
                    d.error(file, call, "the Status of a Recv outside receive blocks must be assigned to a variable "
                            + "('Status st = ...Recv(...);' or 'st = ...Recv(...);'): the Recv is an evaluation point, "
                            + "and a task suspends only between statements");
                }
                return;
            case PROBE:
            case IPROBE:
                checkProbe(file, call, mpi.op(), kind, barrier, d);
                return;
            case SEND_INIT:
            case RECV_INIT:
                checkPointToPoint(file, call, 0, d);
                return;
            case START:
            case STARTALL:
                checkStart(file, call, kind, barrier, d);
                return;
            case WAITANY:
            case WAITSOME:
            case TEST:
            case TESTALL:
            case TESTANY:
            case TESTSOME:
                checkRequestCall(file, call, kind, barrier, d);
                return;
            case SENDRECV:
            case SENDRECV_REPLACE:
                if (mpi.op() == MpiOp.SENDRECV) {
                    checkPointToPoint(file, call, 0, d);
                    checkPointToPoint(file, call, 6, d);
                } else if (call.getArguments().size() != 8) {
                    d.error(file, call, "Sendrecv_replace(...) with " + call.getArguments().size() + " arguments is not "
                            + "the mpiJava form (buf, offset, count, type, dest, sendtag, source, recvtag)");
                    return;
                }
                if (kind == BlockKind.SEND || kind == BlockKind.RECEIVE) {
                    d.error(file, call, name + " inside a " + kind.label() + " block: split it into a Send in the send "
                            + "block and a Recv in the receive block");
                } else if (barrier.isPresent()) {
                    d.error(file, call, name + " inside " + barrier.get() + ": the task cannot suspend there");
                } else if (ResultUse.statement(call) == null) {
                    d.error(file, call, "the Status of " + name + " must be assigned to a variable ('Status st = ..."
                            + name + "(...);'): it is an evaluation point, and a task suspends only between statements");
                }
                return;
            case WAIT:
            case WAITALL:
                if (kind == BlockKind.SEND || kind == BlockKind.RECEIVE || !DeferredRequests.mayInvolve(call)) {
                    return; // complete at once in translated code: an ordinary call, whatever its result feeds
                }
                if (barrier.isPresent()) {
                    d.error(file, call, name + " inside " + barrier.get() + " waits for an Irecv outside a receive "
                            + "block, so it is an evaluation point, and a task cannot suspend there; move it out");
                } else if (ResultUse.statement(call) == null) {
                    d.error(file, call, name + " waits for an Irecv outside a receive block, so it is an evaluation "
                            + "point: call it as a statement or assign its result to a variable");
                }
                return;
            default:
                return;
        }
    }

    /**
     * Probe waits (in a receive block the firing rule waits for the probed message; elsewhere it is an
     * evaluation point); Iprobe outside send and receive blocks lets other tasks run when nothing matches
     * (a yield point), so a polling loop cannot hold a worker forever.
     */
    private static void checkProbe(String file, MethodCallExpr call, MpiOp op, BlockKind kind,
                                   Optional<String> barrier, Diagnostics d) {
        String name = call.getNameAsString();
        if (call.getArguments().size() != 2) {
            d.error(file, call, name + "(...) with " + call.getArguments().size() + " arguments is not the mpiJava "
                    + "form (source, tag)");
            return;
        }
        if (kind == BlockKind.SEND) {
            d.error(file, call, name + " in a send block: probes belong in receive blocks or outside regions");
        } else if (kind == BlockKind.RECEIVE && op == MpiOp.IPROBE) {
            d.error(file, call, "Iprobe in a receive block is not translated: the firing rule cannot wait for a "
                    + "message that may never come; use Probe there (the rule waits for it), or Iprobe outside regions");
        } else if (barrier.isPresent()) {
            d.error(file, call, name + " inside " + barrier.get() + " is not translated: "
                    + (op == MpiOp.PROBE ? "it waits" : "it lets other tasks run when nothing has arrived")
                    + ", and a task cannot suspend there; move it out");
        } else if (ResultUse.statement(call) == null) {
            d.error(file, call, "call " + name + " as a statement or assign its Status to a variable "
                    + "('Status st = ..." + name + "(...);'): a task suspends only between statements");
        }
    }

    /**
     * Prequest.Start / Startall: a started persistent send sends the buffer as it is at the Start (like an
     * Isend there); a started persistent receive is a receive of the window in a receive block (the firing
     * rule claims its message), and elsewhere it is deferred like an Irecv outside receive blocks, so a
     * later wait on it is an evaluation point. Where the kind matters it must be known from the variable
     * the requests are started from ({@link PersistentRequests}).
     */
    private static void checkStart(String file, MethodCallExpr call, BlockKind kind, Optional<String> barrier,
                                   Diagnostics d) {
        String name = call.getNameAsString();
        if (call.getArguments().size() != (MpiCall.of(call).op() == MpiOp.STARTALL ? 1 : 0)) {
            d.error(file, call, name + "(...) with " + call.getArguments().size() + " arguments is not the mpiJava form ("
                    + (MpiCall.of(call).op() == MpiOp.STARTALL ? "Prequest.Startall(requests)" : "request.Start()") + ")");
            return;
        }
        Set<PersistentRequests.Kind> kinds = PersistentRequests.started(call);
        String what = "'" + PersistentRequests.requests(call) + "'";
        boolean receives = kinds.contains(PersistentRequests.Kind.RECEIVE);
        boolean both = receives && kinds.contains(PersistentRequests.Kind.SEND);
        if (kind == BlockKind.SEND && receives) {
            d.error(file, call, name + " in a send block starts " + (both ? "requests the translator cannot tell "
                    + "from receives (" + what + " is not only assigned Send_init results)" : "persistent receives ("
                    + what + " holds Recv_init requests)") + ": receives belong in receive blocks");
        } else if (kind == BlockKind.RECEIVE && both) {
            d.error(file, call, name + " in a receive block of " + what + ", which may hold persistent sends and "
                    + "receives: the firing rule must know which it waits for; start receives and sends from "
                    + "separate variables (assigned Recv_init and Send_init results)");
        } else if (receives && barrier.isPresent() && isFunctional(barrier.get())) {
            d.error(file, call, name + " of persistent receives inside " + barrier.get() + " is not translated; call "
                    + "it from main");
        }
    }

    /**
     * Waitany, Waitsome and the Test family. Translated requests are complete at once, except Irecvs outside
     * receive blocks: with those, a wait is an evaluation point and a test a yield point (a polling loop
     * must let the sender run), which must stand as statements where a task can suspend.
     */
    private static void checkRequestCall(String file, MethodCallExpr call, BlockKind kind, Optional<String> barrier,
                                         Diagnostics d) {
        String name = call.getNameAsString();
        if (!DeferredRequests.mayInvolve(call)) {
            return;
        }
        if (kind == BlockKind.SEND || kind == BlockKind.RECEIVE) {
            d.error(file, call, name + " in a " + kind.label() + " block of a program with Irecvs outside receive "
                    + "blocks is not translated: it may wait for one of them; call it in the compute block or after "
                    + "the region");
        } else if (barrier.isPresent()) {
            d.error(file, call, name + " inside " + barrier.get() + " may wait for an Irecv outside a receive block, "
                    + "and a task cannot suspend there; move it out");
        } else if (ResultUse.statement(call) == null) {
            d.error(file, call, name + " may wait for an Irecv outside a receive block: call it as a statement or "
                    + "assign its result to a variable");
        }
    }

    /** Whether the rank body holding {@code call} has an Irecv outside receive blocks (waits then suspend). */
    public static boolean deferredReceives(Node inMain) {
        Node body = inMain;
        while (body.getParentNode().isPresent() && !(body instanceof MethodDeclaration)) {
            body = body.getParentNode().get();
        }
        for (MethodCallExpr c : Walk.findAll(body, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && m.op() == MpiOp.IRECV && Where.part(c).map(p -> p.kind() != BlockKind.RECEIVE).orElse(true)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isFunctional(String barrier) {
        return barrier.contains("lambda") || barrier.contains("class");
    }

    private void checkPointToPoint(String file, MethodCallExpr call, int base, Diagnostics d) {
        if (call.getArguments().size() < base + 6) {
            d.error(file, call, call.getNameAsString() + "(...) with " + call.getArguments().size()
                    + " arguments is not the mpiJava form (buf, offset, count, type, peer, tag)");
            return;
        }
        Expression peer = MpiCall.arg(call, base, MpiCall.PEER);
        Expression tag = MpiCall.arg(call, base, MpiCall.TAG);
        boolean sends = base == 0 && call.getNameAsString().toLowerCase(java.util.Locale.ROOT).contains("send");
        if (sends && lastName(peer).equals("ANY_SOURCE")) {
            d.error(file, peer, "MPI.ANY_SOURCE as the destination of " + call.getNameAsString()
                    + ": a send needs a real destination");
        }
        if (sends && lastName(tag).equals("ANY_TAG")) {
            d.error(file, tag, "MPI.ANY_TAG as the tag of " + call.getNameAsString() + ": a send needs a real tag");
        }
    }

    private static String lastName(Expression e) {
        if (e instanceof FieldAccessExpr) {
            return ((FieldAccessExpr) e).getNameAsString();
        }
        if (e instanceof NameExpr) {
            return ((NameExpr) e).getNameAsString();
        }
        return "";
    }

    /** return / break / continue may not leave a send or receive block: it runs as one piece. */
    private void checkJumps(String file, Region.Part p, Diagnostics d) {
        for (Statement s : Walk.findAll(p.block(), Statement.class)) {
            if (s instanceof ReturnStmt && !insideFunction(s, p.block())) {
                d.error(file, s, "return inside a " + p.kind().label() + " block is not translated: leave the "
                        + "region after its compute block instead");
            } else if (s instanceof BreakStmt || s instanceof ContinueStmt || s instanceof YieldStmt) {
                Node target = JumpTargets.target(s);
                if (target != null && !p.block().isAncestorOf(target)) {
                    d.error(file, s, s.getClass().getSimpleName().replace("Stmt", "").toLowerCase(java.util.Locale.ROOT)
                            + " out of a " + p.kind().label() + " block is not translated: a " + p.kind().label()
                            + " block runs as one piece");
                }
            }
        }
    }

    private static boolean insideFunction(Node n, Node limit) {
        for (Node x = n.getParentNode().orElse(null); x != null && x != limit; x = x.getParentNode().orElse(null)) {
            if (JumpTargets.isFunctionBoundary(x)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A send in a receive block must forward: stand after a receive of that block. The translation runs a
     * receive block after its region's evaluation point, so a send before every receive of the block would
     * be held back until the messages arrive, which a peer may be waiting for (a deadlock the original did
     * not have). After a receive, the original already waited there.
     */
    private void checkForwarding(String file, Region r, Diagnostics d) {
        for (Region.Part p : r.parts()) {
            if (p.kind() != BlockKind.RECEIVE) {
                continue;
            }
            boolean received = false;
            for (MethodCallExpr call : Walk.findAll(p.block(), MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi == null) {
                    continue;
                }
                Set<PersistentRequests.Kind> started = mpi.op().isStart() ? PersistentRequests.started(call) : Set.of();
                if (mpi.op().isReceive() || started.contains(PersistentRequests.Kind.RECEIVE)) {
                    received = true;
                } else if ((mpi.op().isSend() || started.contains(PersistentRequests.Kind.SEND)) && !received) {
                    d.error(file, call, mpi.name() + " in a receive block before any receive: a send there must "
                            + "forward received data; move it to a send block or after the receive it forwards");
                }
            }
        }
    }

    /**
     * A send block before the compute block runs, translated, before the region's receives (that is the
     * overlap), so it must not send a buffer a receive block written before it receives into: untranslated
     * it would send the received data (after a blocking Recv) or race with the receive (after an Irecv),
     * translated the data from before the region. A send block written before the receive block sends the
     * old data both ways; send blocks after the compute block run after the receives and may send it.
     * Only a sure overlap is refused: the same array (or row) at the same offset expression (a halo sends the interior of the array whose ghost cells it receives: not refused).
     */
    private void checkSendsOfReceived(String file, Region r, Diagnostics d) {
        Set<String> received = new HashSet<>(); // "root@offset" of the receive blocks so far
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.COMPUTE) {
                return;
            }
            for (MethodCallExpr call : Walk.findAll(p.block(), MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi == null || call.getArguments().size() < 6) {
                    continue;
                }
                if (p.kind() == BlockKind.RECEIVE && (mpi.op() == MpiOp.RECV || mpi.op() == MpiOp.IRECV)) {
                    received.add(slice(call));
                } else if (p.kind() == BlockKind.SEND && mpi.op().isSend() && received.contains(slice(call))) {
                    d.error(file, call.getArgument(MpiCall.BUF), mpi.name() + " in a send block sends '"
                            + rootName(call.getArgument(MpiCall.BUF)) + "', which a receive block before it receives "
                            + "into at the same offset: send blocks do not depend on receive blocks (translated, they "
                            + "run before the receives and would send the old data); send it after the compute block "
                            + "or in a later region");
                }
            }
        }
    }

    /**
     * The buffer and offset of a point-to-point call, e.g. {@code b@0}; a row of a 2-D array keeps its
     * index ({@code p[n - 2]@0}), so a halo that sends one row and receives into another is not taken for
     * a send of what it receives.
     */
    private static String slice(MethodCallExpr call) {
        Expression b = call.getArgument(MpiCall.BUF);
        while (b.isEnclosedExpr() || b.isCastExpr()) {
            b = b.isEnclosedExpr() ? b.asEnclosedExpr().getInner() : b.asCastExpr().getExpression();
        }
        String buffer = b.isArrayAccessExpr() ? Printed.text(b).replace(" ", "") : rootName(b);
        return buffer + "@" + Printed.text(call.getArgument(MpiCall.OFFSET));
    }

    /** The variable an array expression is rooted in ({@code a} for {@code a}, {@code a[i]}, {@code this.a}). */
    public static String rootName(Expression e) {
        Expression x = e;
        while (true) {
            if (x.isEnclosedExpr()) {
                x = x.asEnclosedExpr().getInner();
            } else if (x.isArrayAccessExpr()) {
                x = x.asArrayAccessExpr().getName();
            } else if (x.isCastExpr()) {
                x = x.asCastExpr().getExpression();
            } else {
                break;
            }
        }
        if (x.isNameExpr()) {
            return x.asNameExpr().getNameAsString();
        }
        if (x.isFieldAccessExpr()) {
            return x.asFieldAccessExpr().getNameAsString();
        }
        return x.toString();
    }

    /**
     * Static methods of the program class that main still calls are copied into the task class as
     * methods (every other method that needs the task was inlined into main): they may only ask for
     * Rank / Size / Wtime, which the copy rewrites.
     */
    private void checkHelpers(Program program, Diagnostics d) {
        Map<String, List<MethodDeclaration>> byName = new LinkedHashMap<>();
        for (MethodDeclaration m : program.type().getMethods()) {
            if (m != program.main()) {
                byName.computeIfAbsent(m.getNameAsString(), k -> new java.util.ArrayList<>()).add(m);
            }
        }
        Set<MethodDeclaration> seen = new HashSet<>();
        Deque<MethodDeclaration> work = new ArrayDeque<>();
        for (MethodCallExpr c : Walk.findAll(program.main(), MethodCallExpr.class)) {
            enqueue(program, c, byName, seen, work);
        }
        while (!work.isEmpty()) {
            MethodDeclaration m = work.pop();
            for (MethodCallExpr c : Walk.findAll(m, MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(c);
                if (mpi != null && !mpi.op().isHint() && !HELPER_SAFE.contains(mpi.op())) {
                    d.error(program.fileName(), c, "method " + m.getNameAsString() + " is called from main and calls "
                            + "MPI (" + c.getNameAsString() + "); MPI calls in helper methods are not translated yet: "
                            + "move the call into main");
                }
                enqueue(program, c, byName, seen, work);
            }
        }
    }

    private static void enqueue(Program program, MethodCallExpr c, Map<String, List<MethodDeclaration>> byName,
                                Set<MethodDeclaration> seen, Deque<MethodDeclaration> work) {
        boolean local = c.getScope().isEmpty()
                || Printed.text(c.getScope().get()).equals(program.simpleName());
        if (!local) {
            return;
        }
        for (MethodDeclaration m : byName.getOrDefault(c.getNameAsString(), List.of())) {
            if (!m.containsData(Program.INLINED) && seen.add(m)) {
                work.push(m);
            }
        }
    }
}
