package bamboo.cli;

import java.util.List;
import picocli.CommandLine;

/**
 * Commands that a module beside the product adds to {@code ./bamboo}, found with {@link java.util.ServiceLoader}
 * when its jar is on the class path (the development side's {@code demo}, {@code bench} and {@code fuzz}). The
 * product knows nothing of them: without such a jar, {@code ./bamboo} has its own commands only.
 */
public interface CommandSet {

    /** The picocli command objects (classes annotated with {@code @Command}) to add. */
    List<Object> commands();

    /** Adjusts the added commands once they stand in the command line (e.g. options passed through). */
    default void configure(CommandLine root) {
    }
}
