package bamboo.translator.analyse;

import bamboo.translator.parse.Templates;
import bamboo.translator.parse.Walk;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.CallRules;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.PersistentRequests;
import bamboo.translator.find.ResultUse;
import bamboo.translator.find.Region;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stage 3b: the firing rule of a region. Its receive blocks are re-evaluated as a dry run that, instead
 * of receiving, asks whether each message has arrived: the conjunction over possible messages of
 * (not condition or arrived). Only the backward slice the conditions, loops, sources and tags need is
 * kept; sends, copies and other effects are left out.
 *
 * <p>Refused: a condition, loop, source or tag that depends on data received in the same window (that
 * needs an extra evaluation point), or on a variable outside the block that the block itself changes
 * (the dry run would see a different value).
 */
public final class ReceiveSlice {
    private final String file;
    private final Diagnostics diagnostics;

    public ReceiveSlice(String file, Diagnostics diagnostics) {
        this.file = file;
        this.diagnostics = diagnostics;
    }

    /** The body of the region's ready method (ends with {@code return true}); null when refused. */
    public BlockStmt build(Region region) {
        List<BlockStmt> blocks = new ArrayList<>();
        for (Region.Part p : region.parts()) {
            if (p.kind() == BlockKind.RECEIVE) {
                blocks.add(p.block());
            }
        }
        List<MethodCallExpr> receives = new ArrayList<>();
        Set<String> locals = new HashSet<>();
        Set<String> written = new HashSet<>();
        Set<String> buffers = new HashSet<>();
        Map<String, Set<String>> localDeps = new HashMap<>();
        for (BlockStmt b : blocks) {
            for (MethodCallExpr c : Walk.findAll(b, MethodCallExpr.class)) {
                MpiCall m = MpiCall.of(c);
                if (m != null && m.op().isReceive()) {
                    receives.add(c);
                    buffers.add(CallRules.rootName(MpiCall.arg(c, 0, MpiCall.BUF)));
                } else if (m != null && (m.op() == MpiOp.PROBE || startsReceives(c))) {
                    receives.add(c);
                }
            }
            for (VariableDeclarator v : Walk.findAll(b, VariableDeclarator.class)) {
                locals.add(v.getNameAsString());
                v.getInitializer().ifPresent(i -> deps(localDeps, v.getNameAsString()).addAll(valueNames(i)));
            }
            Walk.findAll(b, com.github.javaparser.ast.body.Parameter.class).forEach(p -> locals.add(p.getNameAsString()));
            for (AssignExpr a : Walk.findAll(b, AssignExpr.class)) {
                String t = targetName(a.getTarget());
                if (t != null) {
                    written.add(t);
                    deps(localDeps, t).addAll(valueNames(a.getValue()));
                }
            }
            for (UnaryExpr u : Walk.findAll(b, UnaryExpr.class)) {
                if (isIncDec(u)) {
                    String t = targetName(u.getExpression());
                    if (t != null) {
                        written.add(t);
                    }
                }
            }
        }
        Set<String> outsideWritten = new HashSet<>(written);
        outsideWritten.removeAll(locals);
        boolean ok = true;
        Set<String> needed = new HashSet<>();
        for (MethodCallExpr c : receives) {
            List<Expression> controls = new ArrayList<>();
            controls.addAll(enclosingControls(c, blocks));
            controls.addAll(peerAndTag(c));
            boolean reported = false;
            for (Expression e : controls) {
                Set<String> closure = closure(names(e), localDeps, locals);
                needed.addAll(closure);
                for (String n : closure) {
                    if (reported) {
                        break;
                    }
                    if (buffers.contains(n)) {
                        diagnostics.error(file, e, "'" + e + "' decides which messages " + c.getNameAsString()
                                + " waits for but depends on '" + n + "', received in the same olap region; receive '"
                                + n + "' in an earlier region");
                        ok = false;
                        reported = true;
                    } else if (outsideWritten.contains(n)) {
                        diagnostics.error(file, e, "'" + e + "' decides which messages " + c.getNameAsString()
                                + " waits for but depends on '" + n + "', which the receive block itself changes; "
                                + "compute it before the region");
                        ok = false;
                        reported = true;
                    }
                }
            }
        }
        if (!ok) {
            return null;
        }
        BlockStmt out = new BlockStmt();
        out.addStatement(Templates.statement("unclaim();")); // addStatement(String) builds a parser per call
        for (BlockStmt b : blocks) {
            BlockStmt copy = b.clone();
            prune(copy, needed);
            out.addStatement(copy);
        }
        out.addStatement(new ReturnStmt(new BooleanLiteralExpr(true)));
        return out;
    }

    /** Whether the ready method needs counting (several receives, or receives in loops). */
    public static boolean single(Region region) {
        int n = 0;
        for (Region.Part p : region.parts()) {
            if (p.kind() != BlockKind.RECEIVE) {
                continue;
            }
            for (MethodCallExpr c : Walk.findAll(p.block(), MethodCallExpr.class)) {
                MpiCall m = MpiCall.of(c);
                if (m != null && m.op().isStart()) {
                    return false; // its helper claims (several requests, maybe): needs unclaim() first
                }
                if (m != null && (m.op().isReceive() || m.op() == MpiOp.PROBE)) {
                    n++;
                    for (Node x = c; x != p.block(); x = x.getParentNode().orElseThrow()) {
                        if (x instanceof ForStmt || x instanceof WhileStmt || x instanceof DoStmt
                                || x instanceof ForEachStmt) {
                            return false;
                        }
                    }
                }
            }
        }
        return n <= 1;
    }

    /** Whether {@code c} is a Start / Startall of persistent receives (one of sends is a send). */
    private static boolean startsReceives(MethodCallExpr c) {
        MpiCall m = MpiCall.of(c);
        return m != null && m.op().isStart()
                && PersistentRequests.started(c).contains(PersistentRequests.Kind.RECEIVE);
    }

    /** Source and tag of a receive (buffer arguments first) or of a Probe (source, tag); the requests of a
     *  Start (their sources and tags are in the requests). */
    private static List<Expression> peerAndTag(MethodCallExpr c) {
        if (MpiCall.of(c).op().isStart()) {
            return List.of(PersistentRequests.requests(c));
        }
        if (MpiCall.of(c).op() == MpiOp.PROBE) {
            return List.of(c.getArgument(0), c.getArgument(1));
        }
        return List.of(MpiCall.arg(c, 0, MpiCall.PEER), MpiCall.arg(c, 0, MpiCall.TAG));
    }

    /**
     * The names a variable's value depends on. The Status a receive or Probe returns depends on which
     * message it matches (its source and tag), not on the data in the buffer, so a later receive may take
     * its source from it ({@code Recv(buf, 0, n, T, st.source, st.tag)}) and the dry run can follow.
     */
    private static Set<String> valueNames(Expression value) {
        if (value instanceof MethodCallExpr) {
            MpiCall m = MpiCall.of((MethodCallExpr) value);
            if (m != null && (m.op().isReceive() && m.op() != MpiOp.SENDRECV || m.op() == MpiOp.PROBE)) {
                Set<String> out = new HashSet<>();
                peerAndTag((MethodCallExpr) value).forEach(e -> out.addAll(names(e)));
                return out;
            }
        }
        return names(value);
    }

    private static Set<String> deps(Map<String, Set<String>> m, String k) {
        return m.computeIfAbsent(k, x -> new HashSet<>());
    }

    private static Set<String> closure(Set<String> start, Map<String, Set<String>> deps, Set<String> locals) {
        Set<String> out = new HashSet<>(start);
        Deque<String> work = new ArrayDeque<>(start);
        while (!work.isEmpty()) {
            String n = work.pop();
            if (!locals.contains(n)) {
                continue;
            }
            for (String d : deps.getOrDefault(n, Set.of())) {
                if (out.add(d)) {
                    work.push(d);
                }
            }
        }
        return out;
    }

    /** Conditions and loop headers between the receive call and its receive block. */
    private static List<Expression> enclosingControls(MethodCallExpr c, List<BlockStmt> blocks) {
        List<Expression> out = new ArrayList<>();
        for (Node x = c.getParentNode().orElse(null); x != null && !blocks.contains(x);
             x = x.getParentNode().orElse(null)) {
            if (x instanceof IfStmt) {
                out.add(((IfStmt) x).getCondition());
            } else if (x instanceof WhileStmt) {
                out.add(((WhileStmt) x).getCondition());
            } else if (x instanceof DoStmt) {
                out.add(((DoStmt) x).getCondition());
            } else if (x instanceof ForStmt) {
                ForStmt f = (ForStmt) x;
                out.addAll(f.getInitialization());
                f.getCompare().ifPresent(out::add);
                out.addAll(f.getUpdate());
            } else if (x instanceof ForEachStmt) {
                out.add(((ForEachStmt) x).getIterable());
            } else if (x instanceof com.github.javaparser.ast.expr.ConditionalExpr) {
                out.add(((com.github.javaparser.ast.expr.ConditionalExpr) x).getCondition());
            }
        }
        return out;
    }

    private static Set<String> names(Node e) {
        Set<String> s = new HashSet<>();
        if (e instanceof NameExpr) {
            s.add(((NameExpr) e).getNameAsString());
        }
        for (NameExpr n : Walk.findAll(e, NameExpr.class)) {
            s.add(n.getNameAsString());
        }
        return s;
    }

    private static String targetName(Expression t) {
        if (t instanceof NameExpr) {
            return ((NameExpr) t).getNameAsString();
        }
        if (t.isFieldAccessExpr() && t.asFieldAccessExpr().getScope().isThisExpr()) {
            return t.asFieldAccessExpr().getNameAsString();
        }
        return null;
    }

    private static boolean isIncDec(UnaryExpr u) {
        return u.getOperator() == UnaryExpr.Operator.PREFIX_INCREMENT
                || u.getOperator() == UnaryExpr.Operator.PREFIX_DECREMENT
                || u.getOperator() == UnaryExpr.Operator.POSTFIX_INCREMENT
                || u.getOperator() == UnaryExpr.Operator.POSTFIX_DECREMENT;
    }

    // ---- pruning the copy to the slice --------------------------------------------------------------

    private static final com.github.javaparser.ast.DataKey<Boolean> SPLICE = new com.github.javaparser.ast.DataKey<>() {
    };

    /** Keeps, in {@code block}, receives (as arrival checks) and what the needed names depend on. */
    private static void prune(BlockStmt block, Set<String> needed) {
        NodeList<Statement> kept = new NodeList<>();
        for (Statement s : new ArrayList<>(block.getStatements())) {
            Statement t = pruneStmt(s, needed);
            if (t != null && t.containsData(SPLICE)) {
                kept.addAll(((BlockStmt) t).getStatements());
            } else if (t != null) {
                kept.add(t);
            }
        }
        block.setStatements(kept);
    }

    private static Statement pruneStmt(Statement s, Set<String> needed) {
        if (s instanceof ExpressionStmt) {
            Expression e = ((ExpressionStmt) s).getExpression();
            MethodCallExpr recv = receiveIn(e);
            if (recv != null) {
                return arrivalCheck(recv, (ExpressionStmt) s, needed);
            }
            if (e instanceof VariableDeclarationExpr) {
                VariableDeclarationExpr v = (VariableDeclarationExpr) e;
                boolean any = v.getVariables().stream().anyMatch(x -> needed.contains(x.getNameAsString()));
                return any ? s : null;
            }
            if (e instanceof AssignExpr) {
                String t = targetName(((AssignExpr) e).getTarget());
                return t != null && needed.contains(t) && receiveIn(((AssignExpr) e).getValue()) == null ? s : null;
            }
            if (e instanceof UnaryExpr && isIncDec((UnaryExpr) e)) {
                String t = targetName(((UnaryExpr) e).getExpression());
                return t != null && needed.contains(t) ? s : null;
            }
            return null;
        }
        if (!relevant(s, needed)) {
            return null;
        }
        if (s instanceof BlockStmt) {
            prune((BlockStmt) s, needed);
            return s;
        }
        for (Node child : new ArrayList<>(s.getChildNodes())) {
            if (child instanceof Statement) {
                Statement c = (Statement) child;
                Statement t = pruneStmt(c, needed);
                if (t == null) {
                    c.replace(new BlockStmt());
                } else if (t != c) {
                    c.replace(t);
                }
            }
        }
        return s;
    }

    /** Whether a compound statement contains a receive or sets a needed name. */
    private static boolean relevant(Statement s, Set<String> needed) {
        for (MethodCallExpr c : Walk.findAll(s, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().isReceive() || m.op() == MpiOp.PROBE) || startsReceives(c)) {
                return true;
            }
        }
        for (AssignExpr a : Walk.findAll(s, AssignExpr.class)) {
            String t = targetName(a.getTarget());
            if (t != null && needed.contains(t)) {
                return true;
            }
        }
        for (UnaryExpr u : Walk.findAll(s, UnaryExpr.class)) {
            String t = isIncDec(u) ? targetName(u.getExpression()) : null;
            if (t != null && needed.contains(t)) {
                return true;
            }
        }
        for (VariableDeclarator v : Walk.findAll(s, VariableDeclarator.class)) {
            if (needed.contains(v.getNameAsString())) {
                return true;
            }
        }
        return s instanceof com.github.javaparser.ast.stmt.BreakStmt
                || s instanceof com.github.javaparser.ast.stmt.ContinueStmt
                || s instanceof com.github.javaparser.ast.stmt.ThrowStmt;
    }

    /** The receive or Probe in an expression, if any. */
    private static MethodCallExpr receiveIn(Expression e) {
        for (MethodCallExpr c : Walk.findAll(e, MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().isReceive() || m.op() == MpiOp.PROBE) || startsReceives(c)) {
                return c;
            }
        }
        return null;
    }

    /**
     * The dry run of one receive or Probe: {@code if (!claim(source, tag)) return false;} (a Probe only
     * looks: {@code probeUnclaimed}); when the rule needs the Status it returns (a later receive takes its
     * source from it), the variable gets the claimed message's Status and a null check follows.
     */
    private static Statement arrivalCheck(MethodCallExpr recv, ExpressionStmt at, Set<String> needed) {
        if (MpiCall.of(recv).op().isStart()) {
            // the persistent receives it starts: each claims its message (sends among them claim nothing)
            Statement out = new IfStmt(new UnaryExpr(new MethodCallExpr(null, "bambooClaimStart",
                    NodeList.nodeList(PersistentRequests.requests(recv).clone())), UnaryExpr.Operator.LOGICAL_COMPLEMENT),
                    new ReturnStmt(new BooleanLiteralExpr(false)), null);
            if (at.containsData(Marks.LINE)) {
                out.setData(Marks.LINE, at.getData(Marks.LINE));
            }
            return out;
        }
        List<Expression> pt = peerAndTag(recv);
        boolean probe = MpiCall.of(recv).op() == MpiOp.PROBE;
        String target = ResultUse.call(at) == recv ? ResultUse.target(at) : null;
        Statement out;
        if (target != null && needed.contains(target)) {
            MethodCallExpr status = new MethodCallExpr(null, probe ? "bambooProbeUnclaimed" : "bambooClaimStatus",
                    NodeList.nodeList(pt.get(0).clone(), pt.get(1).clone()));
            ExpressionStmt bind = at.clone();
            MethodCallExpr old = ResultUse.call(bind);
            old.replace(status);
            IfStmt check = new IfStmt(new com.github.javaparser.ast.expr.BinaryExpr(new NameExpr(target),
                    new com.github.javaparser.ast.expr.NullLiteralExpr(),
                    com.github.javaparser.ast.expr.BinaryExpr.Operator.EQUALS),
                    new ReturnStmt(new BooleanLiteralExpr(false)), null);
            out = new BlockStmt(NodeList.nodeList(bind, check));
            out.setData(SPLICE, true); // in a block, its statements stand in its place (the declaration's scope)
        } else {
            MethodCallExpr need = new MethodCallExpr(null, probe ? "probeUnclaimed" : "claim",
                    NodeList.nodeList(pt.get(0).clone(), pt.get(1).clone()));
            out = new IfStmt(new UnaryExpr(need, UnaryExpr.Operator.LOGICAL_COMPLEMENT),
                    new ReturnStmt(new BooleanLiteralExpr(false)), null);
        }
        if (at.containsData(Marks.LINE)) {
            out.setData(Marks.LINE, at.getData(Marks.LINE));
        }
        return out;
    }
}
