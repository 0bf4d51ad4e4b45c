package bamboo.translator.find;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.rules.CallContext;
import bamboo.translator.find.rules.CallRule;
import bamboo.translator.find.rules.ForwardingRule;
import bamboo.translator.find.rules.HelperMpiRule;
import bamboo.translator.find.rules.InitFinalizeRule;
import bamboo.translator.find.rules.JumpRule;
import bamboo.translator.find.rules.LabelOutsideProgramRule;
import bamboo.translator.find.rules.LabelTypoRule;
import bamboo.translator.find.rules.PointToPointFormRule;
import bamboo.translator.find.rules.ProbeRule;
import bamboo.translator.find.rules.ProgramRule;
import bamboo.translator.find.rules.ReceiveBeforeSendRule;
import bamboo.translator.find.rules.ReceivePlacementRule;
import bamboo.translator.find.rules.RegionRule;
import bamboo.translator.find.rules.RequestCallRule;
import bamboo.translator.find.rules.SendOfReceivedRule;
import bamboo.translator.find.rules.SendPlacementRule;
import bamboo.translator.find.rules.SendrecvRule;
import bamboo.translator.find.rules.SourceRule;
import bamboo.translator.find.rules.StartRule;
import bamboo.translator.find.rules.UnsupportedCallRule;
import bamboo.translator.find.rules.UntranslatedCollectiveRule;
import bamboo.translator.find.rules.WaitRule;
import bamboo.translator.parse.ParsedUnit;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.List;

/**
 * Stage 2c: checks every MPI call of a program against what the translator can translate, and the rules
 * of the programming model about which call may stand in which block. Each rule is a class of
 * {@code find.rules}; this runs them in order: the call rules on every MPI call of the rank body, the
 * region rules on every region, the program rules once; and, once for all sources after every program
 * was checked, the source rules ({@link #checkSources}).
 */
public final class CallRules {
    private static final List<CallRule> CALL_RULES = List.of(
            new UnsupportedCallRule(),
            new UntranslatedCollectiveRule(),
            new InitFinalizeRule(),
            new PointToPointFormRule(),
            new SendPlacementRule(),
            new ReceivePlacementRule(),
            new ProbeRule(),
            new StartRule(),
            new RequestCallRule(),
            new SendrecvRule(),
            new WaitRule());
    private static final List<RegionRule> REGION_RULES = List.of(
            new JumpRule(),
            new ForwardingRule(),
            new SendOfReceivedRule());
    private static final List<ProgramRule> PROGRAM_RULES = List.of(
            new HelperMpiRule(),
            new ReceiveBeforeSendRule());
    private static final List<SourceRule> SOURCE_RULES = List.of(
            new LabelTypoRule(),
            new LabelOutsideProgramRule());

    public void check(Program program, Diagnostics d) {
        String file = program.fileName();
        for (MethodCallExpr call : Walk.findAll(program.main(), MethodCallExpr.class)) {
            MpiCall mpi = MpiCall.of(call);
            if (mpi == null) {
                continue;
            }
            CallContext context = null;
            for (CallRule rule : CALL_RULES) {
                if (rule.ops().contains(mpi.op())) {
                    if (context == null) {
                        context = CallContext.of(file, call, mpi);
                    }
                    rule.check(context, d);
                }
            }
        }
        for (Region r : program.regions()) {
            for (RegionRule rule : REGION_RULES) {
                rule.check(file, r, d);
            }
        }
        for (ProgramRule rule : PROGRAM_RULES) {
            rule.check(program, d);
        }
    }

    /**
     * The rules about every source of the run (labels outside rank bodies, label typos), once the rank
     * bodies of {@code programs} are assembled and checked.
     */
    public void checkSources(List<ParsedUnit> units, List<Program> programs, Diagnostics d) {
        boolean errors = !d.isEmpty();
        for (SourceRule rule : SOURCE_RULES) {
            rule.check(units, programs, errors, d);
        }
    }

    /** The variable an array expression is rooted in ({@code a} for {@code a}, {@code a[i]}, {@code this.a}). */
    public static String rootName(Expression e) {
        Expression x = e;
        while (true) {
            if (x.isEnclosedExpr()) {
                x = x.asEnclosedExpr().getInner();
            } else if (x.isArrayAccessExpr()) {
                x = x.asArrayAccessExpr().getName();
            } else if (x.isCastExpr()) {
                x = x.asCastExpr().getExpression();
            } else {
                break;
            }
        }
        if (x.isNameExpr()) {
            return x.asNameExpr().getNameAsString();
        }
        if (x.isFieldAccessExpr()) {
            return x.asFieldAccessExpr().getNameAsString();
        }
        return x.toString();
    }
}
