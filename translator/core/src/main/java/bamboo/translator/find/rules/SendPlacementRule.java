package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;

import java.util.Set;

/** Sends inside a lambda or a local or anonymous class run as another function's code, which is not translated. */
public final class SendPlacementRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.SEND, MpiOp.ISEND);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        if (c.inFunction()) {
            d.error(c.file(), c.call(), c.name() + " inside " + c.barrier().get() + " is not translated; call it from main");
        }
    }
}
