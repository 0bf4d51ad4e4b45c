package bamboo.corpus;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which mpiJava calls a program makes that the shim does not offer yet. The shim grows in steps
 * (point-to-point first, collectives and communicators after), and a program that needs a missing call
 * is reported as skipped, naming the call, rather than failing. mpiJava methods are capitalised
 * ({@code Allreduce}, {@code Waitall}); the program's own methods are not, so every {@code .Name(} in a
 * program must be a public method of some class of package {@code mpi}.
 */
final class ShimFeatures {
    private static final Pattern CALL = Pattern.compile("\\.\\s*([A-Z][A-Za-z_]*)\\s*\\(");
    private static final String[] MPI_CLASSES = {
        "MPI", "Comm", "Intracomm", "Request", "Prequest", "Status", "Group", "Op", "Datatype", "User_function",
        "Cartcomm", "Graphcomm", "Intercomm"};

    private ShimFeatures() {
    }

    /** The capitalised calls in {@code source} that no public method of package mpi provides. */
    static Set<String> missing(String source) {
        Set<String> offered = offered();
        Set<String> missing = new TreeSet<>();
        Matcher m = CALL.matcher(source);
        while (m.find()) {
            if (!offered.contains(m.group(1))) {
                missing.add(m.group(1));
            }
        }
        return missing;
    }

    private static Set<String> offered() {
        Set<String> names = new TreeSet<>();
        for (String simple : MPI_CLASSES) {
            Class<?> type;
            try {
                type = Class.forName("mpi." + simple, false, ShimFeatures.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                continue;
            }
            for (Method method : type.getMethods()) {
                if (Modifier.isPublic(method.getModifiers())) {
                    names.add(method.getName());
                }
            }
        }
        return names;
    }
}
