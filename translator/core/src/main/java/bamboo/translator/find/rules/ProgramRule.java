package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.Program;

/** A rule about a whole {@code @Bamboo} program (what its main reaches beyond the rank body). */
public interface ProgramRule {
    void check(Program program, Diagnostics d);
}
