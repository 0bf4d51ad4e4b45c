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

import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The utility layer: replaces each collective call of a rank body by the library's point-to-point
 * implementation, inlined as a block (parameters bound to the arguments, names made unique), before the
 * regions are found, so the collective's regions and receives become evaluation points of the task.
 */
public final class CollectiveInliner {
    private final CollectiveLibrary library;
    private int count;

    public CollectiveInliner(CollectiveLibrary library) {
        this.library = library;
    }

    public void inline(Program program, Diagnostics d) {
        String file = program.fileName();
        for (MethodCallExpr call : program.main().findAll(MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null || mpi.op() != MpiOp.COLLECTIVE) {
                continue;
            }
            Optional<MethodDeclaration> impl = library.method(mpi.name());
            if (impl.isEmpty()) {
                continue; // CallRules reports it as not translated yet
            }
            String where = placement(call);
            if (where != null) {
                d.error(file, call, "collective " + mpi.name() + " inside " + where + " is not translated: call it "
                        + "outside olap regions or in a compute block");
                call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name())); // reported once
                continue;
            }
            if (!(call.getParentNode().orElse(null) instanceof ExpressionStmt)) {
                d.error(file, call, "the result of " + mpi.name() + " is not supported; call it as a statement");
                call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name()));
                continue;
            }
            if (call.getArguments().size() != impl.get().getParameters().size()) {
                d.error(file, call, mpi.name() + " takes " + impl.get().getParameters().size() + " arguments in "
                        + "mpiJava, not " + call.getArguments().size());
                call.setData(MpiCall.KEY, new MpiCall(MpiOp.INLINED, mpi.name()));
                continue;
            }
            int line = call.getBegin().map(p -> p.line).orElse(0);
            BlockStmt block = expand(call, impl.get(), program.sourceBaseName(), line);
            call.getParentNode().get().replace(block);
        }
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

    private BlockStmt expand(MethodCallExpr call, MethodDeclaration impl, String source, int line) {
        String suffix = "c" + (++count) + "_";
        Set<String> names = new HashSet<>();
        impl.getParameters().forEach(p -> names.add(p.getNameAsString()));
        impl.findAll(VariableDeclarator.class).forEach(v -> names.add(v.getNameAsString()));
        BlockStmt body = impl.getBody().orElseThrow().clone();
        for (NameExpr n : body.findAll(NameExpr.class)) {
            String name = n.getNameAsString();
            if (names.contains(name)) {
                n.setName(suffix + name);
            } else if (library.constants().containsKey(name)) {
                n.replace(library.constants().get(name).clone());
            }
        }
        body.findAll(VariableDeclarator.class).forEach(v -> v.setName(suffix + v.getNameAsString()));
        for (LabeledStmt l : body.findAll(LabeledStmt.class)) {
            String label = l.getLabel().asString();
            if (label.startsWith("olap")) {
                l.setLabel(new com.github.javaparser.ast.expr.SimpleName(label + impl.getNameAsString() + count));
            }
        }
        NodeList<Statement> statements = new NodeList<>();
        for (int i = 0; i < impl.getParameters().size(); i++) {
            Parameter p = impl.getParameter(i);
            statements.add(new ExpressionStmt(new VariableDeclarationExpr(new VariableDeclarator(p.getType().clone(),
                    suffix + p.getNameAsString(), call.getArgument(i).clone()))));
        }
        statements.addAll(body.getStatements());
        BlockStmt block = new BlockStmt(statements);
        for (Node n : block.findAll(Node.class)) {
            n.setRange(null); // positions of the library file mean nothing in the program
            n.setData(Marks.LINE, line);
        }
        block.setComment(new LineComment(" " + call.getNameAsString() + " from " + source + ":" + line
                + ", inlined from the collectives library"));
        return block;
    }

}
