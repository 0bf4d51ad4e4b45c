package bamboo.corpus.fuzz;

import java.util.EnumSet;
import java.util.Set;

/**
 * The ways of writing a program that real MPI codes use and that a generated program may take on, chosen
 * from its seed: they change how the same communication is written, never what it computes, so the
 * untranslated program's output is still the specification.
 */
public enum Idiom {
    /** The helpers and their mutable static live in {@code Kernel}, a public class of another package. */
    KERNEL_CLASS,
    /** The kernel's members are reached through {@code import static}, unqualified. */
    STATIC_IMPORT,
    /** The kernel keeps rank and size in mutable statics of its own, set by a constructor main calls. */
    CONSTRUCTOR_STATICS,
    /** The helpers are instance methods of a kernel object main creates (they update the kernel's static). */
    HELPER_OBJECT,
    /** Exchanges receive into rows of a two-dimensional array, one row per source. */
    ROW_BUFFERS,
    /** The local-work helper is a long straight-line kernel, hundreds of statements without communication. */
    BIG_KERNEL,
    /** Collectives are started nonblocking (MPI-3's Iallreduce, ...), then waited for after independent work. */
    NONBLOCKING_COLLECTIVES,
    /** Exchanges talk on a periodic one-dimensional Cartesian grid of all ranks ({@code Create_cart}). */
    CARTESIAN_GRID,
    /** Exchanges talk on {@code static final Intracomm WORLD = MPI.COMM_WORLD}, an alias of the world. */
    COMMUNICATOR_ALIAS,
    /** Blocking sends written as a wait chained on a nonblocking one, {@code comm.Isend(...).Wait()}. */
    CHAINED_WAITS,
    /**
     * Some nodes stand in try statements as MPJ Express users write them: a catch that catches what user
     * code throws after the node's receives, a finally that updates the state and prints, a catch of
     * Exception that wraps it, nested tries.
     */
    TRY_CATCH,
    /** Some nodes stand in switch statements on the rank: fall-through, break, arrow form, strings. */
    SWITCH_RANK,
    /** Regions start with a declaration without initialiser ({@code int links;}) that their blocks assign. */
    DECL_WITHOUT_INIT;

    /** The idioms {@code idiom} needs to be written at all. */
    Set<Idiom> requires() {
        return switch (this) {
            case STATIC_IMPORT, CONSTRUCTOR_STATICS, HELPER_OBJECT -> EnumSet.of(KERNEL_CLASS);
            default -> EnumSet.noneOf(Idiom.class);
        };
    }

    /** {@code idioms} with every idiom that needs a missing one dropped. */
    static Set<Idiom> consistent(Set<Idiom> idioms) {
        EnumSet<Idiom> out = idioms.isEmpty() ? EnumSet.noneOf(Idiom.class) : EnumSet.copyOf(idioms);
        out.removeIf(i -> !out.containsAll(i.requires()));
        return out;
    }
}
