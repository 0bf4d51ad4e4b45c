package bamboo.shim.job;

import java.net.URL;

/**
 * Each rank loads the program's classes in its own loader (child first), so mutable statics are per rank
 * as in separate processes. The JDK, the MPI API ({@code mpi.*}) and the shim stay shared from the parent,
 * because the ranks talk through them.
 */
final class RankClassLoader extends ChildFirstClassLoader {
    static {
        registerAsParallelCapable();
    }

    private static final String[] SHARED = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.", "mpi.", "bamboo.shim.",
        "bamboo.runtime.", "org.junit.", "org.opentest4j.",
    };
    private static final String[] SHARED_CLASSES = {"bamboo.Bamboo", "bamboo.TaskHints"};

    RankClassLoader(int rank, URL[] classpath, ClassLoader parent) {
        super("rank-" + rank, classpath, parent, RankClassLoader::shared);
    }

    static boolean shared(String name) {
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
