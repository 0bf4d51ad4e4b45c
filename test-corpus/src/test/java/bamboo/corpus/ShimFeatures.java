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
    /** A static call qualified by a class of package mpi, e.g. {@code Comm.Compare(}: that class must have it. */
    private static final Pattern STATIC_CALL = Pattern.compile(
            "\\b(MPI|Comm|Intracomm|Request|Prequest|Status|Group|Op|Datatype)\\.([A-Z][A-Za-z_]*)\\s*\\(");
    /** A constant of class MPI, e.g. {@code MPI.SUM}, {@code MPI.INT2}. */
    private static final Pattern CONSTANT = Pattern.compile("\\bMPI\\.([A-Z][A-Z0-9_]*)\\b(?!\\s*\\()");
    /** A class of package mpi named in the program, e.g. {@code Group}, {@code User_function}. */
    private static final Pattern TYPE = Pattern.compile("\\b(Group|Op|User_function|Prequest|Cartcomm|Graphcomm|Intercomm)\\b");
    private static final String[] MPI_CLASSES = {
        "MPI", "Comm", "Intracomm", "Request", "Prequest", "Status", "Group", "Op", "Datatype", "User_function",
        "Cartcomm", "Graphcomm", "Intercomm"};

    private ShimFeatures() {
    }

    /** What {@code source} uses that the shim lacks: capitalised calls no public method of package mpi
     *  provides ({@code Allreduce}), constants class MPI lacks ({@code MPI.SUM}), classes package mpi
     *  lacks ({@code mpi.User_function}). */
    static Set<String> missing(String source) {
        Set<String> offered = offered();
        Set<String> missing = new TreeSet<>();
        Matcher call = CALL.matcher(source);
        while (call.find()) {
            if (!offered.contains(call.group(1))) {
                missing.add(call.group(1));
            }
        }
        Matcher qualified = STATIC_CALL.matcher(source);
        while (qualified.find()) {
            if (!hasMethod(qualified.group(1), qualified.group(2))) {
                missing.add(qualified.group(1) + "." + qualified.group(2));
            }
        }
        Matcher constant = CONSTANT.matcher(source);
        while (constant.find()) {
            if (!hasField(constant.group(1))) {
                missing.add("MPI." + constant.group(1));
            }
        }
        Matcher type = TYPE.matcher(source);
        while (type.find()) {
            if (load(type.group(1)) == null) {
                missing.add("mpi." + type.group(1));
            }
        }
        return missing;
    }

    private static boolean hasMethod(String simpleClass, String method) {
        Class<?> type = load(simpleClass);
        if (type == null) {
            return false;
        }
        for (Method m : type.getMethods()) {
            if (m.getName().equals(method)) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasField(String name) {
        Class<?> mpi = load("MPI");
        try {
            return mpi != null && Modifier.isPublic(mpi.getField(name).getModifiers());
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static Class<?> load(String simpleName) {
        try {
            return Class.forName("mpi." + simpleName, false, ShimFeatures.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static Set<String> offered() {
        Set<String> names = new TreeSet<>();
        for (String simple : MPI_CLASSES) {
            Class<?> type = load(simple);
            if (type == null) {
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
