package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.Program;
import bamboo.translator.parse.ParsedUnit;

import java.util.List;

/** A rule about every source of a run, after each program's rank body was assembled (methods inlined). */
public interface SourceRule {
    /**
     * Reports what is wrong in {@code units}; {@code programs} are the {@code @Bamboo} programs among them,
     * and {@code errors} whether anything was refused (then rank bodies may be incomplete).
     */
    void check(List<ParsedUnit> units, List<Program> programs, boolean errors, Diagnostics d);
}
