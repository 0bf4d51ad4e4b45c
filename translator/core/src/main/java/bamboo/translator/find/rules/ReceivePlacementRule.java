package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.ResultUse;

import java.util.Set;

/**
 * Where Recv and Irecv may stand. In a receive block the firing rule claims the message; outside, a blocking
 * Recv is an evaluation point (the task suspends there, so only between statements and never inside a
 * construct it cannot suspend in), and an Irecv is deferred to the wait that completes it.
 */
public final class ReceivePlacementRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.RECV, MpiOp.IRECV);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        String name = c.name();
        if (c.kind() == BlockKind.SEND) {
            d.error(c.file(), c.call(), name + " in a send block: receives belong in receive blocks");
        } else if (c.kind() == BlockKind.RECEIVE) {
            if (c.inFunction()) {
                d.error(c.file(), c.call(), name + " inside " + c.barrier().get() + " is not translated; call it "
                        + "directly in the receive block");
            }
        } else if (c.op() == MpiOp.IRECV) {
            if (c.inFunction()) {
                d.error(c.file(), c.call(), "Irecv inside " + c.barrier().get() + " is not translated; call it from main");
            }
        } else if (c.barrier().isPresent()) {
            d.error(c.file(), c.call(), "blocking Recv inside " + c.barrier().get() + ": the task cannot suspend "
                    + "there; move the Recv out of it or into the receive block of an olap region");
        } else if (ResultUse.statement(c.call()) == null) {
            d.error(c.file(), c.call(), "the Status of a Recv outside receive blocks must be assigned to a variable "
                    + "('Status st = ...Recv(...);' or 'st = ...Recv(...);'): the Recv is an evaluation point, "
                    + "and a task suspends only between statements");
        }
    }
}
