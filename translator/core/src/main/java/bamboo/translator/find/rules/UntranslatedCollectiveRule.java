package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;

import java.util.Set;

/**
 * A collective still standing after the collectives stage: the library had no point-to-point implementation
 * to inline for it, so nothing could run it inside a task.
 */
public final class UntranslatedCollectiveRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.COLLECTIVE);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        d.error(c.file(), c.call(), "collective " + c.name() + "(...) is not translated yet: the collectives library "
                + "has no point-to-point implementation of it; write it with Send/Recv in the meantime");
    }
}
