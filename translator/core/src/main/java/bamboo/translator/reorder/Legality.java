package bamboo.translator.reorder;

import bamboo.translator.parse.Walk;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.JumpTargets;
import bamboo.translator.find.Region;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.YieldStmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a region's send blocks may be pipelined into the previous iteration of its loop, and why not.
 *
 * <p>The move runs the send blocks X of iteration i+1 right after the region's compute block of iteration
 * i, before what lies between: the loop tail T (statements after the region in the body), the update U,
 * the condition C, the statements P before the region in the body. It preserves the program's meaning when:
 * <ul>
 * <li>the region is a statement of the body of a {@code for} loop (or labels the loop) whose one update
 *     steps one variable by a fixed amount, which nothing in the body writes: the guard is C with the next
 *     value, and X reads the loop variable as that value;</li>
 * <li>iteration i+1 surely runs once the guard holds: T has no {@code break} or {@code return} out of the
 *     loop (a {@code continue} of the loop is fine), P no jump at all, and what C reads besides the loop
 *     variable T and U do not write;</li>
 * <li>X and the statements between do not interfere, by name: X writes nothing they read or write, reads
 *     nothing they write; a call of unknown effect on either side forbids the move when the other side has
 *     one too or touches the program's statics. A local that P declares and only X uses
 *     ({@code int s = nn;} before {@code reqs[s++] = Isend(...)}) is set again, with the next iteration's
 *     value, right before the pipelined copy;</li>
 * <li>no message overtakes another: T and P send nothing point-to-point (an inlined collective travels in
 *     its own context and cannot be overtaken by user messages).</li>
 * </ul>
 * A region under a conditional, in a nested block, or in a {@code while}/{@code do}/for-each loop is not
 * pipelined (there is no update from which to derive the next iteration).
 */
final class Legality {
    /** The verdict; for a legal move also what the rewrite needs. */
    record Decision(boolean legal, String reason, List<Region.Part> sends, Map<String, Expression> resets,
                    NextIteration step, ForStmt loop) {
        static Decision no(String reason) {
            return new Decision(false, reason, List.of(), Map.of(), null, null);
        }
    }

    private final Effects.Names names;
    private final MethodDeclaration main;

    Legality(Effects.Names names, MethodDeclaration main) {
        this.names = names;
        this.main = main;
    }

    /** The decision for a region, or null when there is nothing to pipeline (no send block, no loop). */
    Decision decide(Region r) {
        List<Region.Part> sends = new ArrayList<>();
        for (Region.Part p : r.parts()) {
            if (p.kind() == BlockKind.COMPUTE) {
                break;
            }
            if (p.kind() == BlockKind.SEND) {
                sends.add(p);
            }
        }
        if (sends.isEmpty()) {
            return null;
        }
        ForStmt loop;
        List<Statement> before = new ArrayList<>();
        List<Statement> after = new ArrayList<>();
        if (r.onLoop()) {
            Statement l = r.labelled().getStatement();
            if (!(l instanceof ForStmt)) {
                return Decision.no("the region labels a " + kind(l) + " loop; only a for loop's update gives the"
                        + " next iteration");
            }
            loop = (ForStmt) l;
        } else {
            Node parent = r.labelled().getParentNode().orElse(null);
            Node grand = parent == null ? null : parent.getParentNode().orElse(null);
            if (!(parent instanceof BlockStmt) || !JumpTargets.isLoop(grand)) {
                return enclosingLoop(r.labelled()) == null ? null
                        : Decision.no("the region is not a statement of its loop's body (it sits under a "
                        + "conditional, in a block or in another region)");
            }
            if (!(grand instanceof ForStmt)) {
                return Decision.no("the region is in a " + kind((Statement) grand) + " loop; only a for loop's "
                        + "update gives the next iteration");
            }
            loop = (ForStmt) grand;
            List<Statement> body = ((BlockStmt) parent).getStatements();
            int at = body.indexOf(r.labelled());
            before.addAll(body.subList(0, at));
            after.addAll(body.subList(at + 1, body.size()));
        }
        NextIteration step = NextIteration.of(loop);
        if (step == null) {
            return Decision.no("the loop's update is not one step of one variable (i++, i += c, ...) "
                    + "or it has no condition");
        }
        if (!intOrLong(loop, step.variable())) {
            return Decision.no("the loop variable " + step.variable() + " is not an int or long local "
                    + "(i + c must compute what i += c does)");
        }
        return new Check(r, sends, loop, step, before, after).run();
    }

    /** The loop variable's declaration (in the loop's initialisation, else anywhere in main) has type int or long. */
    private boolean intOrLong(ForStmt loop, String v) {
        List<VariableDeclarator> found = new ArrayList<>();
        loop.getInitialization().forEach(e -> found.addAll(Walk.findAll(e, VariableDeclarator.class,
                d -> d.getNameAsString().equals(v))));
        if (found.isEmpty()) {
            found.addAll(Walk.findAll(main, VariableDeclarator.class, d -> d.getNameAsString().equals(v)));
        }
        return !found.isEmpty() && found.stream().allMatch(d -> d.getType().asString().equals("int")
                || d.getType().asString().equals("long"));
    }

    private static String kind(Statement loop) {
        String s = loop.getClass().getSimpleName().replace("Stmt", "");
        return s.equals("ForEach") ? "for-each" : s.toLowerCase(java.util.Locale.ROOT);
    }

    private static Statement enclosingLoop(Node n) {
        for (Node p = n.getParentNode().orElse(null); p != null; p = p.getParentNode().orElse(null)) {
            if (JumpTargets.isLoop(p)) {
                return (Statement) p;
            }
            if (JumpTargets.isFunctionBoundary(p)) {
                return null;
            }
        }
        return null;
    }

    /** The checks for one region whose loop has a step. */
    private final class Check {
        private final Region region;
        private final List<Region.Part> sends;
        private final ForStmt loop;
        private final NextIteration step;
        private final List<Statement> before;
        private final List<Statement> after;

        Check(Region region, List<Region.Part> sends, ForStmt loop, NextIteration step, List<Statement> before,
              List<Statement> after) {
            this.region = region;
            this.sends = sends;
            this.loop = loop;
            this.step = step;
            this.before = before;
            this.after = after;
        }

        Decision run() {
            String v = step.variable();
            Effects body = new Effects(names).add(loop.getBody());
            if (body.writes.contains(v)) {
                return Decision.no("the loop body writes the loop variable " + v);
            }
            if (step.stepName() != null && body.writes.contains(step.stepName())) {
                return Decision.no("the loop body writes " + step.stepName() + ", the loop's step");
            }
            String jump = jumps();
            if (jump != null) {
                return Decision.no(jump);
            }
            Effects x = new Effects(names);
            Set<String> ownX = new HashSet<>();
            for (Region.Part p : sends) {
                x.add(p.block());
                Walk.findAll(p.block(), VariableDeclarator.class).forEach(d -> ownX.add(d.getNameAsString()));
            }
            dropLocals(x, ownX);
            x.reads.remove(v); // read as its next value

            Map<String, Expression> resets = new LinkedHashMap<>();
            Map<String, Effects> between = new LinkedHashMap<>();
            Effects pre = new Effects(names);
            for (Statement s : before) {
                String reset = reset(s, x);
                if (reset != null) {
                    Expression value = declarator(s).getInitializer().orElseThrow();
                    Effects e = new Effects(names).add(value);
                    if (e.global() || !e.writes.isEmpty()) {
                        return Decision.no("the send block uses " + reset + ", whose value before the region ("
                                + value + ") calls code of unknown effect");
                    }
                    resets.put(reset, value);
                    x.reads.addAll(e.reads);
                    x.reads.remove(v);
                    continue;
                }
                pre.add(s);
                dropLocals(pre, nestedDeclarations(s));
            }
            for (String reset : resets.keySet()) {
                x.reads.remove(reset);
                x.writes.remove(reset);
            }
            Effects tail = new Effects(names);
            Set<String> tailLocals = new HashSet<>();
            for (Statement s : after) {
                tail.add(s);
                Walk.findAll(s, VariableDeclarator.class).forEach(d -> tailLocals.add(d.getNameAsString()));
            }
            dropLocals(tail, tailLocals);
            Effects update = new Effects(names);
            loop.getUpdate().forEach(update::add);
            update.reads.remove(v);
            update.writes.remove(v);
            Effects condition = new Effects(names).add(loop.getCompare().orElseThrow());
            condition.reads.remove(v);
            between.put("the loop tail (the statements after the region)", tail);
            between.put("the loop update", update);
            between.put("the loop condition", condition);
            between.put("the statements before the region in the loop body", pre);

            for (String c : condition.reads) {
                if (tail.writes.contains(c) || update.writes.contains(c)) {
                    return Decision.no("the loop condition reads " + c + ", which the loop "
                            + (tail.writes.contains(c) ? "tail" : "update") + " changes: the guard cannot be "
                            + "evaluated early");
                }
            }
            if (condition.global()) {
                return Decision.no("the loop condition calls " + first(condition.unknownCalls) + ", of unknown effect");
            }
            for (Map.Entry<String, Effects> e : between.entrySet()) {
                String why = interference(x, e.getValue(), e.getKey());
                if (why != null) {
                    return Decision.no(why);
                }
            }
            return new Decision(true, null, sends, resets, step, loop);
        }

        /** Why X and one of the pieces between may not be swapped, or null. */
        private String interference(Effects x, Effects w, String where) {
            if (!w.sends.isEmpty()) {
                return where + " sends (" + first(w.sends) + "): the next iteration's messages would overtake it";
            }
            for (String n : x.writes) {
                if (w.reads.contains(n) || w.writes.contains(n)) {
                    return "the send block changes " + names.describe(n) + ", used by " + where;
                }
            }
            for (String n : x.reads) {
                if (w.writes.contains(n)) {
                    return "the send block reads " + names.describe(n) + ", changed by " + where;
                }
            }
            if (x.global() && w.global()) {
                return "the send block calls " + first(x.unknownCalls) + " and " + where + " calls "
                        + first(w.unknownCalls) + ", both of unknown effect";
            }
            if (x.global()) {
                for (String n : w.writes) {
                    if (names.isField(n)) {
                        return "the send block calls " + first(x.unknownCalls) + ", of unknown effect, and " + where
                                + " changes the static " + n;
                    }
                }
            }
            if (x.global() && (w.reads.contains(Effects.Names.SHARED) || w.writes.contains(Effects.Names.SHARED))) {
                return "the send block calls " + first(x.unknownCalls) + ", of unknown effect, and " + where
                        + " uses objects that static calls returned";
            }
            if (w.global() && (x.reads.contains(Effects.Names.SHARED) || x.writes.contains(Effects.Names.SHARED))) {
                return where + " calls " + first(w.unknownCalls) + ", of unknown effect, and the send block uses "
                        + "objects that static calls returned";
            }
            if (w.global()) {
                Set<String> used = new LinkedHashSet<>(x.reads);
                used.addAll(x.writes);
                for (String n : used) {
                    if (names.isField(n)) {
                        return where + " calls " + first(w.unknownCalls) + ", of unknown effect, and the send block "
                                + "uses the static " + n;
                    }
                }
            }
            return null;
        }

        /**
         * A local that a statement before the region declares (with a plain value) and that, in the loop
         * body, only the send blocks use: the pipelined copy sets it itself. Returns its name, or null.
         */
        private String reset(Statement s, Effects x) {
            VariableDeclarator d = declarator(s);
            if (d == null || d.getInitializer().isEmpty()) {
                return null;
            }
            String name = d.getNameAsString();
            if (!x.reads.contains(name) && !x.writes.contains(name)) {
                return null;
            }
            for (NameExpr n : Walk.findAll(loop.getBody(), NameExpr.class, e -> e.getNameAsString().equals(name))) {
                if (!inSends(n)) {
                    return null; // the rest of the iteration sees what the send block left in it
                }
            }
            return name;
        }

        private boolean inSends(Node n) {
            for (Region.Part p : sends) {
                if (n.isDescendantOf(p.block())) {
                    return true;
                }
            }
            return false;
        }

        /** break / continue / return that would leave the loop after the guard said "next iteration". */
        private String jumps() {
            for (Statement s : before) {
                for (Statement j : Walk.findAll(s, Statement.class)) {
                    if (j instanceof ReturnStmt && !insideFunction(j, s)) {
                        return "the statements before the region may return";
                    }
                    if ((j instanceof BreakStmt || j instanceof ContinueStmt) && !inside(JumpTargets.target(j), s)) {
                        return "the statements before the region may leave the iteration (" + j + ")";
                    }
                }
            }
            for (Statement s : after) {
                for (Statement j : Walk.findAll(s, Statement.class)) {
                    if (j instanceof ReturnStmt && !insideFunction(j, s)) {
                        return "the loop tail may return (" + j + ")";
                    }
                    if (j instanceof YieldStmt) {
                        continue;
                    }
                    if (j instanceof BreakStmt || j instanceof ContinueStmt) {
                        Statement target = JumpTargets.target(j);
                        boolean ofThisLoop = j instanceof ContinueStmt && (target == loop
                                || target instanceof LabeledStmt && ((LabeledStmt) target).getStatement() == loop);
                        if (!ofThisLoop && !inside(target, s)) {
                            return "the loop tail may leave the loop (" + j + ")";
                        }
                    }
                }
            }
            return null;
        }
    }

    private static boolean inside(Statement target, Statement s) {
        return target != null && (target == s || target.isDescendantOf(s));
    }

    private static boolean insideFunction(Node n, Node top) {
        for (Node p = n.getParentNode().orElse(null); p != null && p != top; p = p.getParentNode().orElse(null)) {
            if (JumpTargets.isFunctionBoundary(p)) {
                return true;
            }
        }
        return false;
    }

    /** The one declarator of {@code T x = e;}, or null. */
    private static VariableDeclarator declarator(Statement s) {
        if (s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr) {
            VariableDeclarationExpr d = (VariableDeclarationExpr) ((ExpressionStmt) s).getExpression();
            return d.getVariables().size() == 1 ? d.getVariable(0) : null;
        }
        return null;
    }

    /** Locals declared inside a statement (not by it): the send blocks cannot see them. */
    private static Set<String> nestedDeclarations(Statement s) {
        Set<String> out = new HashSet<>();
        VariableDeclarator top = declarator(s);
        boolean topLevelDecl = s instanceof ExpressionStmt && ((ExpressionStmt) s).getExpression() instanceof VariableDeclarationExpr;
        for (VariableDeclarator d : Walk.findAll(s, VariableDeclarator.class)) {
            if (d != top && !(topLevelDecl && d.getParentNode().orElse(null) == ((ExpressionStmt) s).getExpression())) {
                out.add(d.getNameAsString());
            }
        }
        return out;
    }

    /** Forgets names that are locals of the piece itself (a static of the same name stays: it may be shadowed). */
    private void dropLocals(Effects e, Set<String> locals) {
        for (String n : locals) {
            if (!names.isField(n) && names.unaliased(n)) {
                e.reads.remove(n);
                e.writes.remove(n);
            }
        }
    }

    private static String first(Set<String> s) {
        return s.iterator().next();
    }
}
