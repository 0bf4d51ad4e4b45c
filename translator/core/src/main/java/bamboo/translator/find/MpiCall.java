package bamboo.translator.find;

import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

/**
 * A call recognised (by symbol resolution) as an MPI or TaskHints call. Stored on the call node as data,
 * so it survives the cloning the later stages do.
 */
public record MpiCall(MpiOp op, String name) {
    public static final DataKey<MpiCall> KEY = new DataKey<>() {
    };

    public static MpiCall of(MethodCallExpr call) {
        return call.containsData(KEY) ? call.getData(KEY) : null;
    }

    // Argument positions of point-to-point calls (mpiJava 1.2 order).
    public static final int BUF = 0;
    public static final int OFFSET = 1;
    public static final int COUNT = 2;
    public static final int TYPE = 3;
    public static final int PEER = 4;
    public static final int TAG = 5;

    /** Argument {@code i} of a point-to-point call (for Sendrecv, {@code base} 6 gives the receive half). */
    public static Expression arg(MethodCallExpr call, int base, int i) {
        return call.getArgument(base + i);
    }
}
