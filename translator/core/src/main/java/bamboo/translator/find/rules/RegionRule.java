package bamboo.translator.find.rules;

import bamboo.translator.diagnostics.Diagnostics;
import bamboo.translator.find.Region;

/** A rule about the blocks of one olap region as a whole (their order, what leaves them). */
public interface RegionRule {
    /** Reports what is wrong with region {@code r} of the program in {@code file}. */
    void check(String file, Region r, Diagnostics d);
}
