package bamboo.translator.find;

import bamboo.translator.parse.Walk;
import bamboo.translator.diagnostics.Diagnostics;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.ForEachStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.WhileStmt;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.PatternExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.nodeTypes.NodeWithSimpleName;
import com.github.javaparser.ast.stmt.ExpressionStmt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Optional;

/**
 * Stage 2b: finds the olap regions of a rank body and their send / receive / compute blocks, and checks
 * the labels against the rules of the programming model.
 */
public final class RegionFinder {
    /** On a labelled block already reported as a misplaced part of a region (not to report it twice). */
    private static final com.github.javaparser.ast.DataKey<Boolean> REPORTED = new com.github.javaparser.ast.DataKey<>() {
    };

    /** Finds every region in {@code program.main()}, marks it with {@link Region#KEY}, reports label errors. */
    public void find(Program program, Diagnostics d) {
        String file = program.fileName();
        BlockStmt body = program.main().getBody().orElseThrow();
        List<LabeledStmt> labels = Walk.findAll(body, LabeledStmt.class);
        for (LabeledStmt l : labels) {
            String label = l.getLabel().asString();
            if (BlockKind.isRegionLabel(label)) {
                region(l, file, d).ifPresent(r -> {
                    l.setData(Region.KEY, r);
                    program.regions().add(r);
                });
            }
        }
        for (LabeledStmt l : labels) {
            BlockKind kind = BlockKind.ofLabel(l.getLabel().asString());
            if (kind != null && Where.partOf(l).isEmpty() && !l.containsData(REPORTED)) {
                d.error(file, l, "'" + kind.label() + "' block outside an olap region: send, receive and compute "
                        + "blocks must stand directly inside a block or loop labelled olap...");
            }
        }
        for (Region r : program.regions()) {
            Optional<String> barrier = Where.barrier(r.labelled());
            barrier.ifPresent(b -> d.error(file, r.labelled(), "olap region '" + r.labelled().getLabel()
                    + "' inside " + b + ": a task cannot suspend there; move the region out of it"));
            Where.part(r.labelled()).ifPresent(p -> {
                if (p.kind() != BlockKind.COMPUTE) {
                    d.error(file, r.labelled(), "olap region '" + r.labelled().getLabel() + "' nested in a "
                            + p.kind().label() + " block: nested regions belong in the compute block");
                }
            });
        }
    }

    private Optional<Region> region(LabeledStmt l, String file, Diagnostics d) {
        String name = l.getLabel().asString();
        Statement s = l.getStatement();
        Statement body;
        if (s instanceof BlockStmt) {
            body = s;
        } else if (s instanceof ForStmt) {
            body = ((ForStmt) s).getBody();
        } else if (s instanceof ForEachStmt) {
            body = ((ForEachStmt) s).getBody();
        } else if (s instanceof WhileStmt) {
            body = ((WhileStmt) s).getBody();
        } else if (s instanceof DoStmt) {
            body = ((DoStmt) s).getBody();
        } else {
            d.error(file, l, "label '" + name + "' must stand on a block or a loop (it marks an olap region)");
            return Optional.empty();
        }
        if (!(body instanceof BlockStmt)) {
            d.error(file, body, "the body of the loop labelled '" + name + "' must be a block of send, receive "
                    + "and compute blocks");
            return Optional.empty();
        }
        BlockStmt block = (BlockStmt) body;
        hoistDeclarations(l, block);
        List<Region.Part> parts = new ArrayList<>();
        boolean seenCompute = false;
        for (Statement child : block.getStatements()) {
            BlockKind kind = child instanceof LabeledStmt
                    ? BlockKind.ofLabel(((LabeledStmt) child).getLabel().asString()) : null;
            if (kind == null) {
                d.error(file, child, "only send, receive and compute blocks may stand directly inside olap region '"
                        + name + "'; put this statement inside one of them");
                continue;
            }
            LabeledStmt pl = (LabeledStmt) child;
            if (!(pl.getStatement() instanceof BlockStmt)) {
                d.error(file, pl, "label '" + kind.label() + "' must stand on a block { ... }");
                pl.setData(REPORTED, true);
                continue;
            }
            if (kind == BlockKind.COMPUTE && seenCompute) {
                d.error(file, pl, "olap region '" + name + "' has a second compute block; a region has at most one");
                pl.setData(REPORTED, true);
                continue;
            }
            if (kind == BlockKind.RECEIVE && seenCompute) {
                d.error(file, pl, "receive block after the compute block of region '" + name + "': blocks are not "
                        + "reordered across a compute block; start a new olap region for it");
                pl.setData(REPORTED, true);
                continue;
            }
            seenCompute |= kind == BlockKind.COMPUTE;
            parts.add(new Region.Part(kind, pl, (BlockStmt) pl.getStatement(), line(pl)));
        }
        // Even a faulty region is registered with the parts understood, so they are not reported as stray.
        return Optional.of(new Region(l, block, parts, line(l)));
    }

    /**
     * Declarations without initialiser directly in a region block or in the body of a region loop
     * ({@code Request r;}, assigned in its blocks) declare and do nothing else, so they move in front of
     * the region, which then holds only its blocks: in a loop the variable is definitely unassigned at the
     * start of every iteration, so the program reads only what the same iteration assigned, wherever it
     * is declared. Where a later statement of the enclosing block declares the same name, the region and its
     * declarations are wrapped in a block of their own instead, keeping the scope as written.
     */
    private static void hoistDeclarations(LabeledStmt region, BlockStmt block) {
        List<Statement> declarations = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Statement child : block.getStatements()) {
            if (child instanceof ExpressionStmt e && e.getExpression() instanceof VariableDeclarationExpr v
                    && v.getVariables().stream().allMatch(x -> x.getInitializer().isEmpty())) {
                declarations.add(child);
                v.getVariables().forEach(x -> names.add(x.getNameAsString()));
            }
        }
        if (declarations.isEmpty()) {
            return;
        }
        Node holder = region.getParentNode().orElse(null);
        BlockStmt around;
        int at;
        if (holder instanceof BlockStmt b && !declaredAfter(b, region, names)) {
            around = b;
            at = b.getStatements().indexOf(region);
        } else {
            around = new BlockStmt();
            region.replace(around);
            around.addStatement(region);
            at = 0;
        }
        for (Statement d : declarations) {
            d.remove();
        }
        around.getStatements().addAll(at, declarations);
    }

    /** Whether a statement of {@code b} after {@code s} declares one of {@code names} (a local, parameter, pattern). */
    private static boolean declaredAfter(BlockStmt b, Statement s, Set<String> names) {
        boolean after = false;
        for (Statement x : b.getStatements()) {
            if (after && Walk.findAll(x, Node.class).stream().anyMatch(n -> n instanceof NodeWithSimpleName<?> w
                    && (n instanceof VariableDeclarator || n instanceof Parameter || n instanceof PatternExpr)
                    && names.contains(w.getNameAsString()))) {
                return true;
            }
            after |= x == s;
        }
        return false;
    }

    static int line(com.github.javaparser.ast.Node n) {
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
