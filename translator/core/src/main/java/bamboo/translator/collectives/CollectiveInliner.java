package bamboo.translator.collectives;

import bamboo.translator.analyse.Marks;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.find.Where;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.comments.LineComment;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;

import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.stmt.ReturnStmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The utility layer: replaces each collective call of a rank body by the library's point-to-point
 * implementation, inlined as a block (parameters bound to the arguments, names made unique), before the
 * regions are found, so the collective's regions and receives become evaluation points of the task.
 * Nonblocking collectives become their blocking forms first ({@link NonblockingCollectives}).
 */
public final class CollectiveInliner {
    private final CollectiveLibrary library;
    private int count;

    public CollectiveInliner(CollectiveLibrary library) {
        this.library = library;
    }

    /** On the point-to-point calls of inlined library code: their tags go to the collective context. */
    public static final com.github.javaparser.ast.DataKey<Boolean> COLLECTIVE_TRAFFIC =
            new com.github.javaparser.ast.DataKey<>() {
            };
    /** On the block an inlined collective becomes: the call it replaces (what the reorder stage knows of it). */
    public static final com.github.javaparser.ast.DataKey<MethodCallExpr> INLINED_FROM =
            new com.github.javaparser.ast.DataKey<>() {
            };
    /** On the same block: where the call it replaces stood in the program, when known (for notes). */
    public static final com.github.javaparser.ast.DataKey<com.github.javaparser.Position> INLINED_AT =
            new com.github.javaparser.ast.DataKey<>() {
            };
    /** The block of the inlined collective {@code n} stands in (itself included), or null. */
    public static com.github.javaparser.ast.Node enclosingCollective(com.github.javaparser.ast.Node n) {
        for (com.github.javaparser.ast.Node at = n; at != null; at = at.getParentNode().orElse(null)) {
            if (at.containsData(INLINED_FROM)) {
                return at;
            }
        }
        return null;
    }

    /** Library bodies call collectives themselves (Split runs an Allgather): inline to this depth. */
    private static final int MAX_DEPTH = 8;

    public void inline(Program program, Diagnostics d) {
        new NonblockingCollectives(library).rewrite(program, d);
        String file = program.fileName();
        for (int depth = 0; ; depth++) {
            List<MethodCallExpr> pending = new ArrayList<>();
            for (MethodCallExpr call : program.main().findAll(MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(call);
                if (mpi != null && mpi.op() == MpiOp.COLLECTIVE && library.method(mpi.name()).isPresent()) {
                    pending.add(call);
                }
            }
            if (pending.isEmpty()) {
                return;
            }
            if (depth == MAX_DEPTH) {
                MethodCallExpr call = pending.get(0);
                d.error(file, call, "the collectives library calls " + call.getNameAsString() + " " + MAX_DEPTH
                        + " levels deep: a library method must not (indirectly) call itself");
                return;
            }
            for (MethodCallExpr call : pending) {
                inlineOne(file, program, call, d);
            }
        }
    }

    private void inlineOne(String file, Program program, MethodCallExpr call, Diagnostics d) {
        MpiCall mpi = MpiCall.of(call);
        MethodDeclaration impl = library.method(mpi.name()).orElseThrow();
        String where = placement(call);
        if (where != null) {
            d.error(file, call, "collective " + mpi.name() + " inside " + where + " is not translated: " + switch (where) {
                case "a send block" -> "a send block runs as one piece before the region waits, and a collective "
                        + "waits for messages from its partners; call it in the compute block, or before or after the region";
                case "a receive block" -> "a receive block runs as one piece once the messages of its receives are "
                        + "there, and a collective waits for more from its partners; call it in the compute block, or "
                        + "before or after the region";
                default -> "call it outside olap regions or in a compute block";
            });
            call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name())); // reported once
            return;
        }
        Result target = result(call);
        if (target == null) {
            d.error(file, call, impl.getType().isVoidType()
                    ? "the result of " + mpi.name() + " is not supported; call it as a statement"
                    : "the result of " + mpi.name() + " must initialise or be assigned to a variable "
                    + "(Intracomm c = comm." + mpi.name() + "(...);) to be translated");
            call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name()));
            return;
        }
        int params = impl.getParameters().size() - 1;
        if (call.getArguments().size() != params) {
            d.error(file, call, mpi.name() + " takes " + params + " arguments in mpiJava, not "
                    + call.getArguments().size());
            call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name()));
            return;
        }
        Expression held = heldDatatype(call, impl);
        if (held != null) {
            d.error(file, held, "collective " + mpi.name() + " with a datatype that may be derived is not translated: the "
                    + "collectives library lays items out as consecutive elements, so it takes a datatype named as a "
                    + "constant of MPI (MPI.INT, MPI.DOUBLE2, ...) or a variable only ever assigned one; a derived "
                    + "datatype goes with Bcast or Send/Recv, or run the program untranslated");
            call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name()));
            return;
        }
        int line = call.getBegin().map(p -> p.line).orElse(call.containsData(Marks.LINE) ? call.getData(Marks.LINE) : 0);
        Expression comm = call.getScope().map(Expression::clone).orElseThrow();
        BlockStmt block = expand(call, comm, impl, program.sourceBaseName(), line, target.assignTo);
        call.getBegin().ifPresent(at -> block.setData(INLINED_AT, at));
        target.place(block);
    }

    /** Collectives whose library form moves the buffer with point-to-point calls alone (no offsets computed
     *  from counts, no local copies or reductions): any datatype, derived ones included, goes through. */
    private static final Set<String> ANY_DATATYPE = Set.of("Bcast");

    /**
     * The first datatype argument of a collective that may hold a derived datatype, or null: the library
     * computes offsets and copies in consecutive elements, right for the predefined types only. A constant
     * of {@code MPI} is predefined; so is a variable of the program's file every assignment of which
     * (its initialiser included) is one.
     */
    private static Expression heldDatatype(MethodCallExpr call, MethodDeclaration impl) {
        if (ANY_DATATYPE.contains(call.getNameAsString())) {
            return null;
        }
        for (int i = 1; i < impl.getParameters().size() && i - 1 < call.getArguments().size(); i++) {
            String type = impl.getParameter(i).getType().asString();
            if (!type.equals("mpi.Datatype") && !type.equals("Datatype")) {
                continue;
            }
            Expression a = call.getArgument(i - 1);
            if (!predefined(call, a, new HashSet<>())) {
                return a;
            }
        }
        return null;
    }

    private static boolean predefinedConstant(Expression e) {
        if (!e.isFieldAccessExpr()) {
            return false;
        }
        String scope = e.asFieldAccessExpr().getScope().toString();
        return scope.equals("MPI") || scope.equals("mpi.MPI");
    }

    /** A constant of MPI, or a variable {@link #onlyPredefined} (an inlined library's parameter included). */
    private static boolean predefined(Node at, Expression e, Set<String> seen) {
        return predefinedConstant(e) || e.isNameExpr() && seen.add(e.asNameExpr().getNameAsString())
                && onlyPredefined(at, e.asNameExpr().getNameAsString(), seen);
    }

    /** Whether every value the file gives variables named {@code name} is a predefined datatype. */
    private static boolean onlyPredefined(Node at, String name, Set<String> seen) {
        Node root = at.findCompilationUnit().map(Node.class::cast).orElse(null);
        if (root == null) {
            return false;
        }
        boolean declared = false;
        for (VariableDeclarator v : root.findAll(VariableDeclarator.class)) {
            if (v.getNameAsString().equals(name)) {
                declared = true;
                if (v.getInitializer().isPresent() && !predefined(at, v.getInitializer().get(), seen)) {
                    return false;
                }
            }
        }
        for (Parameter p : root.findAll(Parameter.class)) {
            if (p.getNameAsString().equals(name)) {
                return false; // its value comes from callers
            }
        }
        for (AssignExpr a : root.findAll(AssignExpr.class)) {
            Expression t = a.getTarget();
            String target = t.isNameExpr() ? t.asNameExpr().getNameAsString()
                    : t.isFieldAccessExpr() ? t.asFieldAccessExpr().getNameAsString() : null;
            if (name.equals(target) && !predefined(at, a.getValue(), seen)) {
                return false;
            }
        }
        return declared;
    }

    /** Where the value of a collective goes: nowhere (a statement), or a variable. */
    private static final class Result {
        final Statement statement;
        final Expression assignTo;
        final VariableDeclarationExpr declaration;

        Result(Statement statement, Expression assignTo, VariableDeclarationExpr declaration) {
            this.statement = statement;
            this.assignTo = assignTo;
            this.declaration = declaration;
        }

        /** Puts the inlined block where the call's statement was (after the declaration, if any). */
        void place(BlockStmt block) {
            if (declaration == null) {
                statement.replace(block);
                return;
            }
            // T x = comm.Split(...);  becomes  T x; { ...; x = result; }
            declaration.getVariable(0).removeInitializer();
            BlockStmt holder = (BlockStmt) statement.getParentNode().orElseThrow();
            holder.getStatements().addAfter(block, statement);
        }
    }

    private static Result result(MethodCallExpr call) {
        Node parent = call.getParentNode().orElse(null);
        if (parent instanceof ExpressionStmt) {
            return new Result((Statement) parent, null, null);
        }
        if (parent instanceof AssignExpr && ((AssignExpr) parent).getOperator() == AssignExpr.Operator.ASSIGN
                && ((AssignExpr) parent).getValue() == call
                && parent.getParentNode().orElse(null) instanceof ExpressionStmt) {
            return new Result((Statement) parent.getParentNode().get(), ((AssignExpr) parent).getTarget(), null);
        }
        if (parent instanceof VariableDeclarator) {
            Node decl = parent.getParentNode().orElse(null);
            if (decl instanceof VariableDeclarationExpr && ((VariableDeclarationExpr) decl).getVariables().size() == 1
                    && decl.getParentNode().orElse(null) instanceof ExpressionStmt
                    && decl.getParentNode().get().getParentNode().orElse(null) instanceof BlockStmt) {
                return new Result((Statement) decl.getParentNode().get(),
                        new NameExpr(((VariableDeclarator) parent).getNameAsString()), (VariableDeclarationExpr) decl);
            }
        }
        return null;
    }

    /** Why a collective cannot stand here (inside a send or receive block, or where a task cannot suspend). */
    private static String placement(MethodCallExpr call) {
        for (Node n = call.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof LabeledStmt) {
                BlockKind k = BlockKind.ofLabel(((LabeledStmt) n).getLabel().asString());
                if (k == BlockKind.SEND || k == BlockKind.RECEIVE) {
                    return "a " + k.label() + " block";
                }
            }
        }
        return Where.barrier(call).orElse(null);
    }

    private BlockStmt expand(MethodCallExpr call, Expression comm, MethodDeclaration impl, String source, int line,
                             Expression assignTo) {
        String suffix = "c" + (++count) + "_";
        Set<String> names = new HashSet<>();
        impl.getParameters().forEach(p -> names.add(p.getNameAsString()));
        impl.findAll(VariableDeclarator.class).forEach(v -> names.add(v.getNameAsString()));
        BlockStmt body = impl.getBody().orElseThrow().clone();
        for (NameExpr n : body.findAll(NameExpr.class)) {
            String name = n.getNameAsString();
            if (names.contains(name)) {
                n.setName(suffix + name);
            } else if (library.constants(impl.getNameAsString()).containsKey(name)) {
                n.replace(library.constants(impl.getNameAsString()).get(name).clone());
            }
        }
        body.findAll(VariableDeclarator.class).forEach(v -> v.setName(suffix + v.getNameAsString()));
        for (LabeledStmt l : body.findAll(LabeledStmt.class)) {
            String label = l.getLabel().asString();
            if (label.startsWith("olap")) {
                l.setLabel(new com.github.javaparser.ast.expr.SimpleName(label + impl.getNameAsString() + count));
            }
        }
        for (MethodCallExpr c : body.findAll(MethodCallExpr.class)) {
            MpiCall m = MpiCall.of(c);
            if (m != null && (m.op().isSend() || m.op().isReceive())) {
                c.setData(COLLECTIVE_TRAFFIC, true);
            }
        }
        NodeList<Statement> statements = new NodeList<>();
        for (int i = 0; i < impl.getParameters().size(); i++) {
            Parameter p = impl.getParameter(i);
            Expression value = i == 0 ? comm : call.getArgument(i - 1).clone();
            statements.add(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(p.getType().clone(),
                    suffix + p.getNameAsString(), value))));
        }
        statements.addAll(body.getStatements());
        if (!impl.getType().isVoidType()) {
            // The library checked that a value-returning method ends with its only return.
            ReturnStmt last = (ReturnStmt) statements.get(statements.size() - 1);
            Expression value = last.getExpression().orElseThrow();
            if (assignTo != null) {
                statements.set(statements.size() - 1,
                        new ExpressionStmt(new AssignExpr(assignTo.clone(), value, AssignExpr.Operator.ASSIGN)));
            } else if (value.isMethodCallExpr()) {
                statements.set(statements.size() - 1, new ExpressionStmt(value)); // the result is dropped
            } else {
                statements.remove(statements.size() - 1);
            }
        }
        BlockStmt block = new BlockStmt(statements);
        block.setData(INLINED_FROM, call.clone());
        for (Node n : block.findAll(Node.class)) {
            n.setRange(null); // positions of the library file mean nothing in the program
            n.setData(Marks.LINE, line);
        }
        block.setComment(new LineComment(" " + call.getNameAsString() + " from " + source + ":" + line
                + ", inlined from the collectives library"));
        return block;
    }

}
