package bamboo.shim.nativempi;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Runs a program's {@code main} as one rank of the native device:
 * {@code mpirun -np N java --enable-native-access=ALL-UNNAMED -cp app:bamboo-mpi-shim-native.jar
 * bamboo.shim.nativempi.RankMain MainClass args}. A rank that throws prints one line and aborts the job at
 * once (instead of leaving its peers blocked); a program that returns without {@code MPI.Finalize} is
 * finalised. This class is compiled for JDK 17, so an older JVM gets one line saying what it needs.
 */
public final class RankMain {
    /** The first JDK whose foreign function API is final. */
    public static final int MIN_JDK = 22;

    private RankMain() {
    }

    public static void main(String[] args) throws Exception {
        final int jdk = Runtime.version().feature();
        if (jdk < MIN_JDK) {
            System.err.println("bamboo: the native MPI device needs JDK " + MIN_JDK + " or later (the foreign function"
                    + " API); this is JDK " + jdk + " at " + System.getProperty("java.home")
                    + ": run it with a newer java");
            System.exit(2);
        }
        if (args.length == 0) {
            System.err.println("usage: bamboo.shim.nativempi.RankMain MainClass [args...]");
            System.exit(2);
        }
        final Method main;
        try {
            main = Class.forName(args[0]).getMethod("main", String[].class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            System.err.println("bamboo: no main class " + args[0] + " on the class path");
            System.exit(2);
            return;
        }
        final String[] rest = java.util.Arrays.copyOfRange(args, 1, args.length);
        final Class<?> mpi = Class.forName("mpi.MPI");
        try {
            main.invoke(null, (Object) rest);
        } catch (InvocationTargetException e) {
            final Throwable cause = e.getCause();
            final boolean up = (Boolean) mpi.getMethod("Initialized").invoke(null)
                    && !(Boolean) mpi.getMethod("Finalized").invoke(null);
            final Object rank = up ? Class.forName("mpi.Comm").getMethod("Rank").invoke(mpi.getField("COMM_WORLD")
                    .get(null)) : System.getenv().getOrDefault("OMPI_COMM_WORLD_RANK",
                    System.getenv().getOrDefault("PMI_RANK", System.getenv().getOrDefault("SLURM_PROCID", "?")));
            System.out.flush();
            System.err.println("rank " + rank + " failed: " + cause);
            if (System.getenv("BAMBOO_VERBOSE") != null) {
                cause.printStackTrace();
            }
            if (up) {
                Class.forName("mpi.Comm").getMethod("Abort", int.class).invoke(mpi.getField("COMM_WORLD").get(null), 1);
            }
            System.exit(1);
        }
        if ((Boolean) mpi.getMethod("Initialized").invoke(null) && !(Boolean) mpi.getMethod("Finalized").invoke(null)) {
            mpi.getMethod("Finalize").invoke(null);
        }
        System.out.flush();
    }
}
