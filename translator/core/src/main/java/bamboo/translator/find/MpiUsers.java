package bamboo.translator.find;

import bamboo.translator.parse.ParsedUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.ObjectCreationExpr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which methods and constructors of the sources use MPI, directly or through other methods of the
 * sources (matched by name: conservative). Calls to them from a rank body are interprocedural work the
 * translator does not do yet, so they are refused rather than left calling the shim from a task.
 */
public final class MpiUsers {
    private final Map<String, String> methods = new HashMap<>();   // name -> Owner.name (an example)
    private final Map<String, String> types = new HashMap<>();     // type with an MPI-using constructor

    /** Computes the users among {@code units}, whose MPI calls are already classified. */
    public MpiUsers(List<ParsedUnit> units, Set<MethodDeclaration> exempt) {
        List<CallableDeclaration<?>> all = new ArrayList<>();
        for (ParsedUnit u : units) {
            for (CallableDeclaration<?> c : u.unit().findAll(CallableDeclaration.class)) {
                if (!(c instanceof MethodDeclaration && exempt.contains(c))) {
                    all.add(c);
                }
            }
        }
        // One walk per callable: its direct MPI use, the names it calls and the types it creates.
        List<CallableDeclaration<?>> pending = new ArrayList<>();
        // By identity: a node's equals/hashCode compare and hash whole subtrees.
        Map<CallableDeclaration<?>, Set<String>> calls = new IdentityHashMap<>();
        Map<CallableDeclaration<?>, Set<String>> creates = new IdentityHashMap<>();
        for (CallableDeclaration<?> c : all) {
            boolean direct = false;
            Set<String> names = new HashSet<>();
            for (MethodCallExpr call : c.findAll(MethodCallExpr.class)) {
                MpiCall m = MpiCall.of(call);
                direct |= m != null && !m.op().isHint();
                if (m == null) {
                    names.add(call.getNameAsString());
                }
            }
            Set<String> created = new HashSet<>();
            c.findAll(ObjectCreationExpr.class).forEach(n -> created.add(n.getType().getNameAsString()));
            if (direct) {
                record(c);
            } else {
                pending.add(c);
                calls.put(c, names);
                creates.put(c, created);
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (java.util.Iterator<CallableDeclaration<?>> it = pending.iterator(); it.hasNext(); ) {
                CallableDeclaration<?> c = it.next();
                if (calls.get(c).stream().anyMatch(methods::containsKey)
                        || creates.get(c).stream().anyMatch(types::containsKey)) {
                    record(c);
                    it.remove();
                    changed = true;
                }
            }
        }
    }

    private void record(CallableDeclaration<?> c) {
        String owner = c.getParentNode().filter(p -> p instanceof TypeDeclaration)
                .map(p -> ((TypeDeclaration<?>) p).getNameAsString()).orElse("?");
        if (c instanceof ConstructorDeclaration) {
            types.putIfAbsent(owner, owner);
        } else {
            methods.putIfAbsent(c.getNameAsString(), owner + "." + c.getNameAsString());
        }
    }

    /** The MPI-using method (Owner.name) a call may reach, or null. */
    public String method(MethodCallExpr call) {
        return MpiCall.of(call) == null ? methods.get(call.getNameAsString()) : null;
    }

    /** The type whose MPI-using constructor a creation reaches, or null. */
    public String constructor(ObjectCreationExpr n) {
        return types.get(n.getType().getNameAsString());
    }
}
