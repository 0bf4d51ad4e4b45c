package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;

import java.util.Set;

/**
 * MPI calls the translator has no translation for. Nonblocking collectives the library has no blocking
 * form of (the others translate) are named as such, with what to write instead.
 */
public final class UnsupportedCallRule implements CallRule {
    /** Collectives of mpi with a nonblocking form that the collectives library does not implement. */
    private static final Set<String> NO_LIBRARY_FORM = Set.of("Exscan", "Neighbor_allgather", "Neighbor_alltoall");

    @Override
    public Set<MpiOp> ops() {
        return Set.of(MpiOp.UNSUPPORTED);
    }

    @Override
    public void check(CallContext c, Diagnostics d) {
        String name = c.name();
        String blocking = name.length() > 1 && name.charAt(0) == 'I'
                ? Character.toUpperCase(name.charAt(1)) + name.substring(2) : "";
        if (MpiOp.candidate(blocking) == MpiOp.COLLECTIVE || NO_LIBRARY_FORM.contains(blocking)) {
            d.error(c.file(), c.call(), "nonblocking collective " + name + "(...) is not translated yet: the "
                    + "collectives library has no " + blocking + "; run the program untranslated");
        } else {
            d.error(c.file(), c.call(), "MPI call " + name + "(...) is not supported by the translator yet");
        }
    }
}
