package bamboo.translator.collectives;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayCreationExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.type.PrimitiveType;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.ArrayCreationLevel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * MPI-3's nonblocking collectives in a rank body ({@code Ibarrier}, {@code Ibcast}, {@code Iallreduce}, ...):
 * each becomes its blocking form, run where the program starts it, and its request one that is complete
 * at once (a send of nothing to {@code MPI.PROC_NULL}, which every later stage already understands). A
 * nonblocking collective may complete at its start, so this is one of the behaviours MPI allows; and
 * since the blocking form's receives are evaluation points of the task, other tasks compute while this
 * one waits, the overlap the task graph gives any collective.
 *
 * <p>A program that needs the collective to progress while it communicates (the NBX pattern: Ibarrier,
 * then Iprobe until the barrier completes) would deadlock so. Hence the rule: between the call and the
 * first wait or test of its request, in the same block, stands only computation (or more nonblocking
 * collectives); anything else is refused at the call.
 */
final class NonblockingCollectives {
    private final CollectiveLibrary library;

    NonblockingCollectives(CollectiveLibrary library) {
        this.library = library;
    }

    /** Rewrites every nonblocking collective of the rank body, or reports why it cannot. */
    void rewrite(Program program, Diagnostics d) {
        String file = program.fileName();
        for (MethodCallExpr call : program.main().findAll(MethodCallExpr.class)) {
            String blocking = blockingName(call);
            if (blocking != null) {
                String problem = problem(call);
                if (problem != null) {
                    d.error(file, call, "nonblocking collective " + call.getNameAsString() + "(...) " + problem);
                    call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, call.getNameAsString())); // reported once
                } else {
                    rewriteOne(call, blocking);
                }
            }
        }
    }

    /** The blocking form of a nonblocking collective the library implements, else null. */
    private String blockingName(MethodCallExpr call) {
        MpiCall mpi = MpiCall.of(call);
        String name = call.getNameAsString();
        if (mpi == null || mpi.op() != MpiOp.UNSUPPORTED || name.length() < 2 || name.charAt(0) != 'I'
                || call.getScope().isEmpty()) {
            return null;
        }
        String blocking = Character.toUpperCase(name.charAt(1)) + name.substring(2);
        return MpiOp.candidate(blocking) == MpiOp.COLLECTIVE && library.method(blocking).isPresent() ? blocking : null;
    }

    /** Why the call cannot be translated, or null. */
    private String problem(MethodCallExpr call) {
        for (Node n = call.getParentNode().orElse(null); n != null; n = n.getParentNode().orElse(null)) {
            if (n instanceof LabeledStmt l) {
                BlockKind k = BlockKind.ofLabel(l.getLabel().asString());
                if (k == BlockKind.SEND || k == BlockKind.RECEIVE) {
                    return "inside a " + k.label() + " block is not translated: start it outside olap regions or "
                            + "in a compute block";
                }
            }
        }
        Optional<Statement> statement = statementOf(call);
        Optional<String> request = requestName(call);
        if (statement.isEmpty() || request.isEmpty()) {
            return "is translated only when its request is kept in a variable or an array element "
                    + "(Request r = comm." + call.getNameAsString() + "(...);) and waited for in the same block";
        }
        BlockStmt block = (BlockStmt) statement.get().getParentNode().orElseThrow();
        List<Statement> after = block.getStatements();
        for (int i = after.indexOf(statement.get()) + 1; i < after.size(); i++) {
            Statement s = after.get(i);
            String other = communication(s, request.get());
            if (other == null && completes(s, request.get())) {
                return null;
            }
            if (other != null) {
                return "is translated only when nothing but computation stands between it and the wait or test of "
                        + "its request, in the same block: " + other + " comes first (the translation completes the "
                        + "collective where it starts)";
            }
        }
        return "is translated only when its request '" + request.get() + "' is waited for or tested later in the same "
                + "block (the translation completes the collective where it starts)";
    }

    /** The statement that holds the call as {@code call;}, {@code T r = call;} or {@code x = call;}. */
    private static Optional<Statement> statementOf(MethodCallExpr call) {
        Node parent = call.getParentNode().orElse(null);
        Node stmt = null;
        if (parent instanceof VariableDeclarator v && v.getInitializer().orElse(null) == call
                && v.getParentNode().orElse(null) instanceof VariableDeclarationExpr decl
                && decl.getVariables().size() == 1) {
            stmt = decl.getParentNode().orElse(null);
        } else if (parent instanceof AssignExpr a && a.getValue() == call && a.getOperator() == AssignExpr.Operator.ASSIGN) {
            stmt = a.getParentNode().orElse(null);
        }
        if (stmt instanceof ExpressionStmt s && s.getParentNode().orElse(null) instanceof BlockStmt) {
            return Optional.of(s);
        }
        return Optional.empty();
    }

    /** The variable (or array) the request goes to. */
    private static Optional<String> requestName(MethodCallExpr call) {
        Node parent = call.getParentNode().orElse(null);
        if (parent instanceof VariableDeclarator v) {
            return Optional.of(v.getNameAsString());
        }
        if (parent instanceof AssignExpr a) {
            Expression target = a.getTarget();
            while (target instanceof ArrayAccessExpr access) {
                target = access.getName();
            }
            if (target instanceof NameExpr name) {
                return Optional.of(name.getNameAsString());
            }
        }
        return Optional.empty();
    }

    /** Whether {@code s} waits for or tests a request held in {@code request}. */
    private static boolean completes(Statement s, String request) {
        for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(c);
            if (mpi != null && (mpi.op().isWait() || mpi.op().isTest()) && mentions(c, request)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mentions(MethodCallExpr c, String name) {
        List<Expression> parts = new ArrayList<>(c.getArguments());
        c.getScope().ifPresent(parts::add);
        for (Expression e : parts) {
            if (e instanceof NameExpr n && n.getNameAsString().equals(name)
                    || e.findAll(NameExpr.class).stream().anyMatch(n -> n.getNameAsString().equals(name))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first communication in {@code s} (a region, or an MPI call other than a clock, rank or size, or a
     * wait or test of {@code request}), or null.
     */
    private String communication(Statement s, String request) {
        for (LabeledStmt l : s.findAll(LabeledStmt.class)) {
            if (BlockKind.ofLabel(l.getLabel().asString()) != null) {
                return "the region '" + l.getLabel().asString() + "' at line " + line(l);
            }
        }
        for (MethodCallExpr c : s.findAll(MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(c);
            if (mpi == null || blockingName(c) != null
                    || (mpi.op().isWait() || mpi.op().isTest()) && mentions(c, request)) {
                continue;
            }
            switch (mpi.op()) {
                case RANK, SIZE, WTIME, PURE, INITIALIZED, PRIORITY, YIELD_AFTER_REGION, COMM_LOCAL:
                    continue;
                default:
                    return c.getNameAsString() + "(...) at line " + line(c);
            }
        }
        return null;
    }

    private static int line(Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }

    /** {@code T r = comm.Ixxx(args);} becomes {@code comm.Xxx(args); T r = comm.Isend(nothing to PROC_NULL);}. */
    private static void rewriteOne(MethodCallExpr call, String blocking) {
        Statement statement = statementOf(call).orElseThrow();
        BlockStmt block = (BlockStmt) statement.getParentNode().orElseThrow();
        Expression comm = call.getScope().orElseThrow();
        MethodCallExpr run = new MethodCallExpr(comm.clone(), blocking, cloned(call.getArguments()));
        call.getRange().ifPresent(run::setRange);
        run.setData(MpiCall.KEY, new MpiCall(MpiOp.COLLECTIVE, blocking));
        ExpressionStmt runStatement = new ExpressionStmt(run);
        statement.getRange().ifPresent(runStatement::setRange);
        block.getStatements().addBefore(runStatement, statement);

        Expression mpi = new FieldAccessExpr(new NameExpr("mpi"), "MPI");
        MethodCallExpr done = new MethodCallExpr(comm.clone(), "Isend", NodeList.nodeList(
                new ArrayCreationExpr(PrimitiveType.byteType(), NodeList.nodeList(
                        new ArrayCreationLevel(new IntegerLiteralExpr("0"))), null),
                new IntegerLiteralExpr("0"), new IntegerLiteralExpr("0"),
                new FieldAccessExpr(mpi.clone(), "BYTE"), new FieldAccessExpr(mpi.clone(), "PROC_NULL"),
                new IntegerLiteralExpr("0")));
        call.getRange().ifPresent(done::setRange);
        done.setData(MpiCall.KEY, new MpiCall(MpiOp.ISEND, "Isend"));
        call.replace(done);
    }

    private static NodeList<Expression> cloned(NodeList<Expression> args) {
        NodeList<Expression> out = new NodeList<>();
        args.forEach(a -> out.add(a.clone()));
        return out;
    }
}
