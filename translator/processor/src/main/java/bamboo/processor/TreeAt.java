package bamboo.processor;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreeScanner;
import com.sun.source.util.Trees;

/** Finds the smallest tree of a file whose source range covers a position. */
final class TreeAt extends TreeScanner<Void, Void> {
    private final SourcePositions positions;
    private final CompilationUnitTree unit;
    private final long position;
    private Tree best;
    private long bestLength = Long.MAX_VALUE;

    private TreeAt(SourcePositions positions, CompilationUnitTree unit, long position) {
        this.positions = positions;
        this.unit = unit;
        this.position = position;
    }

    static Tree smallestCovering(Trees trees, CompilationUnitTree unit, long position) {
        TreeAt finder = new TreeAt(trees.getSourcePositions(), unit, position);
        finder.scan(unit, null);
        return finder.best;
    }

    @Override
    public Void scan(Tree tree, Void unused) {
        if (tree == null) {
            return null;
        }
        long start = positions.getStartPosition(unit, tree);
        long end = positions.getEndPosition(unit, tree);
        if (start < 0 || end < 0 || position < start || position >= end) {
            // Outside this tree: none of its children covers the position either.
            return start < 0 || end < 0 ? super.scan(tree, unused) : null;
        }
        if (end - start < bestLength && tree.getKind() != Tree.Kind.COMPILATION_UNIT) {
            best = tree;
            bestLength = end - start;
        }
        return super.scan(tree, unused);
    }
}
