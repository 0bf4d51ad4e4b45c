package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.ResultUse;

import java.util.Set;

/**
 * Probe waits (in a receive block the firing rule waits for the probed message; elsewhere it is an
 * evaluation point); Iprobe outside send and receive blocks lets other tasks run when nothing matches
 * (a yield point), so a polling loop cannot hold a worker forever.
 */
public final class ProbeRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.PROBE, MpiOp.IPROBE);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        String name = c.name();
        int args = c.call().getArguments().size();
        if (args != 2) {
            d.error(c.file(), c.call(), name + "(...) with " + args + " arguments is not the mpiJava form (source, tag)");
            return;
        }
        if (c.kind() == BlockKind.SEND) {
            d.error(c.file(), c.call(), name + " in a send block: probes belong in receive blocks or outside regions");
        } else if (c.kind() == BlockKind.RECEIVE && c.op() == MpiOp.IPROBE) {
            d.error(c.file(), c.call(), "Iprobe in a receive block is not translated: the firing rule cannot wait "
                    + "for a message that may never come; use Probe there (the rule waits for it), or Iprobe outside "
                    + "regions");
        } else if (c.barrier().isPresent()) {
            d.error(c.file(), c.call(), name + " inside " + c.barrier().get() + " is not translated: "
                    + (c.op() == MpiOp.PROBE ? "it waits" : "it lets other tasks run when nothing has arrived")
                    + ", and a task cannot suspend there; move it out");
        } else if (ResultUse.statement(c.call()) == null) {
            d.error(c.file(), c.call(), "call " + name + " as a statement or assign its Status to a variable "
                    + "('Status st = ..." + name + "(...);'): a task suspends only between statements");
        }
    }
}
