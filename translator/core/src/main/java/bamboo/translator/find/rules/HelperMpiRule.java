package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiCall;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.Program;
import bamboo.translator.parse.Printed;
import bamboo.translator.parse.Walk;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Static methods of the program class that main still calls are copied into the task class as
 * methods (every other method that needs the task was inlined into main): they may only ask for
 * Rank / Size / Wtime, which the copy rewrites.
 */
public final class HelperMpiRule implements ProgramRule {
    /** MPI calls a helper method may make: they become task calls in the copied method. */
    public static final Set<MpiOp> HELPER_SAFE = Set.of(MpiOp.RANK, MpiOp.SIZE, MpiOp.WTIME, MpiOp.PURE);

    @Override
    public void check(Program program, Diagnostics d) {
        Map<String, List<MethodDeclaration>> byName = new LinkedHashMap<>();
        for (MethodDeclaration m : program.type().getMethods()) {
            if (m != program.main()) {
                byName.computeIfAbsent(m.getNameAsString(), k -> new ArrayList<>()).add(m);
            }
        }
        Set<MethodDeclaration> seen = new HashSet<>();
        Deque<MethodDeclaration> work = new ArrayDeque<>();
        for (MethodCallExpr c : Walk.findAll(program.main(), MethodCallExpr.class)) {
            enqueue(program, c, byName, seen, work);
        }
        while (!work.isEmpty()) {
            MethodDeclaration m = work.pop();
            for (MethodCallExpr c : Walk.findAll(m, MethodCallExpr.class)) {
                MpiCall mpi = MpiCall.of(c);
                if (mpi != null && !mpi.op().isHint() && !HELPER_SAFE.contains(mpi.op())) {
                    d.error(program.fileName(), c, "method " + m.getNameAsString() + " is called from main and calls "
                            + "MPI (" + c.getNameAsString() + "); MPI calls in helper methods are not translated yet: "
                            + "move the call into main");
                }
                enqueue(program, c, byName, seen, work);
            }
        }
    }

    private static void enqueue(Program program, MethodCallExpr c, Map<String, List<MethodDeclaration>> byName,
                                Set<MethodDeclaration> seen, Deque<MethodDeclaration> work) {
        boolean local = c.getScope().isEmpty() || Printed.text(c.getScope().get()).equals(program.simpleName());
        if (!local) {
            return;
        }
        for (MethodDeclaration m : byName.getOrDefault(c.getNameAsString(), List.of())) {
            if (!m.containsData(Program.INLINED) && seen.add(m)) {
                work.push(m);
            }
        }
    }
}
