package bamboo.translator.find.rules;

import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Region;
import bamboo.translator.find.Where;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.Optional;

/**
 * An MPI call of a rank body with what the rules ask about it: the block of a region it stands in (null
 * outside regions) and the first construct around it a task cannot suspend inside.
 *
 * @param file    the program's file, for diagnostics
 * @param kind    the kind of the region block holding the call, or null outside region blocks
 * @param barrier e.g. "a lambda", "a catch block": what stands between the call and its method
 */
public record CallContext(String file, MethodCallExpr call, MpiCall mpi, BlockKind kind, Optional<String> barrier) {

    /** The context of {@code call}, classified as {@code mpi}. */
    public static CallContext of(String file, MethodCallExpr call, MpiCall mpi) {
        return new CallContext(file, call, mpi, Where.part(call).map(Region.Part::kind).orElse(null),
                Where.barrier(call));
    }

    public String name() {
        return call.getNameAsString();
    }

    public MpiOp op() {
        return mpi.op();
    }

    /** Whether the call stands in a send or a receive block. */
    public boolean inSendOrReceive() {
        return kind == BlockKind.SEND || kind == BlockKind.RECEIVE;
    }

    /** Whether the barrier is code of another function (a lambda, an anonymous or local class). */
    public boolean inFunction() {
        return barrier.isPresent() && isFunctional(barrier.get());
    }

    static boolean isFunctional(String barrier) {
        return barrier.contains("lambda") || barrier.contains("class");
    }
}
