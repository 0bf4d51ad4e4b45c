package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.BlockKind;
import bamboo.translator.find.MpiOp;
import bamboo.translator.find.PersistentRequests;

import java.util.Set;

/**
 * Prequest.Start / Startall: a started persistent send sends the buffer as it is at the Start (like an
 * Isend there); a started persistent receive is a receive of the window in a receive block (the firing
 * rule claims its message), and elsewhere it is deferred like an Irecv outside receive blocks, so a
 * later wait on it is an evaluation point. Where the kind matters it must be known from the variable
 * the requests are started from ({@link PersistentRequests}).
 */
public final class StartRule implements CallRule {
    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.START, MpiOp.STARTALL);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        String name = c.name();
        boolean all = c.op() == MpiOp.STARTALL;
        if (c.call().getArguments().size() != (all ? 1 : 0)) {
            d.error(c.file(), c.call(), name + "(...) with " + c.call().getArguments().size() + " arguments is not the "
                    + "mpiJava form (" + (all ? "Prequest.Startall(requests)" : "request.Start()") + ")");
            return;
        }
        Set<PersistentRequests.Kind> kinds = PersistentRequests.started(c.call());
        String what = "'" + PersistentRequests.requests(c.call()) + "'";
        boolean receives = kinds.contains(PersistentRequests.Kind.RECEIVE);
        boolean both = receives && kinds.contains(PersistentRequests.Kind.SEND);
        if (c.kind() == BlockKind.SEND && receives) {
            d.error(c.file(), c.call(), name + " in a send block starts " + (both ? "requests the translator cannot "
                    + "tell from receives (" + what + " is not only assigned Send_init results)" : "persistent "
                    + "receives (" + what + " holds Recv_init requests)") + ": receives belong in receive blocks");
        } else if (c.kind() == BlockKind.RECEIVE && both) {
            d.error(c.file(), c.call(), name + " in a receive block of " + what + ", which may hold persistent sends "
                    + "and receives: the firing rule must know which it waits for; start receives and sends from "
                    + "separate variables (assigned Recv_init and Send_init results)");
        } else if (receives && c.inFunction()) {
            d.error(c.file(), c.call(), name + " of persistent receives inside " + c.barrier().get() + " is not "
                    + "translated; call it from main");
        }
    }
}
