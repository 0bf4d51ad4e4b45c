package bamboo.translator.find;

import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.LabeledStmt;

import java.util.List;

/**
 * An olap region: the labelled statement, the block that holds its send / receive / compute blocks (the
 * block itself, or the body of the labelled loop) and those blocks in source order.
 */
public record Region(LabeledStmt labelled, BlockStmt body, List<Part> parts, int line) {
    /** Set on the region's {@link LabeledStmt}. */
    public static final DataKey<Region> KEY = new DataKey<>() {
    };

    /** One labelled block of a region. */
    public record Part(BlockKind kind, LabeledStmt labelled, BlockStmt block, int line) {
    }

    public boolean onLoop() {
        return !(labelled.getStatement() instanceof BlockStmt);
    }
}
