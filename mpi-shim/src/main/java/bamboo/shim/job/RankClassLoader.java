package bamboo.shim.job;

import java.net.URL;

/**
 * Each rank loads the program's classes in its own loader (child first), so mutable statics are per rank
 * as in separate processes. The JDK, the MPI API (package {@code mpi}) and the shim stay shared from the parent,
 * because the ranks talk through them.
 */
final class RankClassLoader extends ChildFirstClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String[] SHARED = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.", "bamboo.shim.",
        "bamboo.runtime.", "org.junit.", "org.opentest4j.",
    };
    private static final String[] SHARED_CLASSES = {"bamboo.Bamboo", "bamboo.TaskHints"};

    RankClassLoader(int rank, URL[] classpath, ClassLoader parent) {
        super("rank-" + rank, classpath, parent, RankClassLoader::shared);
    }

    static boolean shared(String name) {
        // The package mpi itself, not its subpackages: programs may live in those (mpi.pt2pt, ...).
        if (name.startsWith("mpi.") && name.indexOf('.', 4) < 0) {
            return true;
        }
        for (String p : SHARED) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        for (String c : SHARED_CLASSES) {
            if (name.equals(c)) {
                return true;
            }
        }
        return false;
    }
}
