package bamboo.translator.outline;

import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Removes cases that only jump to another case (the joins of lowered ifs and loops), for readability. */
final class Peephole {
    private Peephole() {
    }

    static List<SwitchEntry> withoutForwarders(List<SwitchEntry> cases, List<StateMachine.Point> points) {
        Set<Integer> resume = new HashSet<>();
        points.forEach(p -> resume.add(p.label()));
        resume.add(0); // the entry: execute() starts at case 0 even when it only jumps on
        Map<Integer, Integer> alias = new HashMap<>();
        for (SwitchEntry e : cases) {
            int k = label(e);
            Integer to = forwardTarget(e);
            if (to != null && to != k && !resume.contains(k)) {
                alias.put(k, to);
            }
        }
        if (alias.isEmpty()) {
            return cases;
        }
        List<SwitchEntry> out = new ArrayList<>();
        for (SwitchEntry e : cases) {
            if (alias.containsKey(label(e)) && resolve(alias, label(e)) != label(e)) {
                continue;
            }
            for (AssignExpr a : Walk.findAll(e, AssignExpr.class)) {
                if (isPc(a)) {
                    int k = Integer.parseInt(a.getValue().asIntegerLiteralExpr().getValue());
                    a.setValue(new IntegerLiteralExpr(String.valueOf(resolve(alias, k))));
                }
            }
            out.add(e);
        }
        return out;
    }

    private static int resolve(Map<Integer, Integer> alias, int k) {
        int x = k;
        for (int guard = 0; alias.containsKey(x) && guard < alias.size() + 1; guard++) {
            x = alias.get(x);
        }
        return alias.containsKey(x) ? k : x; // a cycle of forwarders (an empty infinite loop): keep as is
    }

    private static int label(SwitchEntry e) {
        return Integer.parseInt(e.getLabels().get(0).asIntegerLiteralExpr().getValue());
    }

    /** j if the case is exactly {@code pc = j; continue bambooLoop;}. */
    private static Integer forwardTarget(SwitchEntry e) {
        List<Statement> s = e.getStatements();
        if (s.size() != 2 || !(s.get(1) instanceof ContinueStmt) || !(s.get(0) instanceof ExpressionStmt)
                || s.get(0).getComment().isPresent()) {
            return null;
        }
        if (!(((ExpressionStmt) s.get(0)).getExpression() instanceof AssignExpr)) {
            return null;
        }
        AssignExpr a = (AssignExpr) ((ExpressionStmt) s.get(0)).getExpression();
        return isPc(a) ? Integer.parseInt(a.getValue().asIntegerLiteralExpr().getValue()) : null;
    }

    private static boolean isPc(AssignExpr a) {
        return a.getTarget() instanceof NameExpr && ((NameExpr) a.getTarget()).getNameAsString().equals("pc")
                && a.getValue().isIntegerLiteralExpr();
    }
}
