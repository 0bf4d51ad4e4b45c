package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.MpiOp;

import java.util.Set;

/**
 * A rule about one kind of MPI call of a rank body: where it may stand and in which form, so that what the
 * translator accepts behaves as the untranslated program. {@link bamboo.translator.find.CallRules} runs
 * every rule on every call whose operation it names.
 */
public interface CallRule {
    /** The operations this rule looks at. */
    Set<MpiOp> ops();

    /** Reports what is wrong with {@code call}, if anything. */
    void check(CallContext call, Diagnostics d);
}
