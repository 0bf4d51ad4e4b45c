package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;

import java.util.Set;

/** MPI.Init and MPI.Finalize frame the task: they cannot stand inside a region block or a barrier. */
public final class InitFinalizeRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.INIT, MpiOp.FINALIZE);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        if (c.kind() != null || c.barrier().isPresent()) {
            d.error(c.file(), c.call(), "MPI." + c.name() + " belongs at the top level of main, not inside "
                    + (c.kind() != null ? "a " + c.kind().label() + " block" : c.barrier().get()));
        }
    }
}
