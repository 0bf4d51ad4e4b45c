package bamboo.translator.analyse;

import com.github.javaparser.ast.DataKey;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.stmt.Statement;

/**
 * Facts the analysis attaches to nodes of the rank body. They are node data, so clones made by the later
 * stages carry them.
 */
public final class Marks {
    private Marks() {
    }

    /** On statements that contain an evaluation point (and therefore are lowered to the state machine). */
    public static final DataKey<Boolean> SUSPENDS = new DataKey<>() {
    };
    /** On a blocking Recv / Sendrecv statement outside receive blocks: an evaluation point of its own. */
    public static final DataKey<Boolean> OWN_POINT = new DataKey<>() {
    };
    /** On an Irecv outside receive blocks: recorded, and received at the next Wait / Waitall; on a Start /
     *  Startall outside receive blocks: the persistent receives it starts are deferred the same way. */
    public static final DataKey<Boolean> DEFERRED = new DataKey<>() {
    };
    /** On a Wait / Waitall statement that waits for deferred Irecvs: an evaluation point of its own. */
    public static final DataKey<Boolean> DEFERRED_POINT = new DataKey<>() {
    };
    /** On break / continue statements of main: the (original) statement they leave. */
    public static final DataKey<Statement> JUMP_TARGET = new DataKey<>() {
    };
    /** On return statements of main (not of lambdas or local classes in it). */
    public static final DataKey<Boolean> MAIN_RETURN = new DataKey<>() {
    };
    /** On local variable declarations that become task fields. */
    public static final DataKey<Boolean> HOISTED = new DataKey<>() {
    };
    /** On a for-each statement that is lowered: true when it iterates over an array. */
    public static final DataKey<Boolean> OVER_ARRAY = new DataKey<>() {
    };
    /** On a for-each statement that is lowered: the task field that holds its array or iterator. */
    public static final DataKey<String> EACH_FIELD = new DataKey<>() {
    };
    /** The source line of a node, recorded before cloning (clones lose positions). */
    public static final DataKey<Integer> LINE = new DataKey<>() {
    };

    public static boolean suspends(Node n) {
        return n.containsData(SUSPENDS);
    }

    public static int line(Node n) {
        if (n.containsData(LINE)) {
            return n.getData(LINE);
        }
        return n.getBegin().map(p -> p.line).orElse(0);
    }
}
