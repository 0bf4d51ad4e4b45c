package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostic;
import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.expr.MethodCallExpr;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every collective of the mpiJava API has a library implementation, so the collectives stage leaves none
 * standing in a program; the rule guards a collective that a library without it would leave.
 */
class UntranslatedCollectiveRuleTest {
    @Test
    void collectiveWithoutAnImplementationIsRefusedAtTheCall() {
        MethodCallExpr call = StaticJavaParser.parseExpression("MPI.COMM_WORLD.Barrier()").asMethodCallExpr();
        Diagnostics d = new Diagnostics();
        new UntranslatedCollectiveRule().check(new CallContext("P.java", call, new MpiCall(MpiOp.COLLECTIVE,
                "Barrier"), null, Optional.empty()), d);
        assertEquals(List.of(new Diagnostic("P.java", 1, 1, "collective Barrier(...) is not translated yet: the "
                + "collectives library has no point-to-point implementation of it; write it with Send/Recv in the "
                + "meantime")), d.list());
    }
}
