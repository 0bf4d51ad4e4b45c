import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * Starts one program of the mpiJava test suite in a rank: {@code RunTest CLASS [ARGS...]}, or, with
 * {@code -Dbamboo.conformance.test=CLASS}, {@code RunTest [ARGS...]} (MPJ Express's starter puts its own
 * arguments first, which its {@code MPI.Init} reads, so they all go to the program). Most tests do
 * their work in a constructor taking {@code String[]} and wrap it in a {@code main} that swallows every
 * exception, so the constructor is called when there is one (an exception then fails the rank, and the
 * job); otherwise {@code main}.
 */
public final class RunTest {
    private RunTest() {
    }

    public static void main(String[] args) throws Throwable {
        final String named = System.getProperty("bamboo.conformance.test");
        if (named == null && args.length < 1) {
            System.err.println("usage: RunTest CLASS [ARGS...]");
            System.exit(2);
        }
        final String name = named != null ? named : args[0];
        final Class<?> test = Class.forName(name, true, RunTest.class.getClassLoader());
        final String[] rest = named != null ? args : Arrays.copyOfRange(args, 1, args.length);
        try {
            Constructor<?> ctor = null;
            try {
                ctor = test.getConstructor(String[].class);
            } catch (NoSuchMethodException e) {
                // no such constructor: main it is
            }
            if (ctor != null) {
                ctor.newInstance((Object) rest);
                return;
            }
            final Method main = test.getMethod("main", String[].class);
            if (!Modifier.isStatic(main.getModifiers())) {
                throw new IllegalArgumentException(name + ".main is not static");
            }
            main.setAccessible(true); // some programs' classes are package-private
            main.invoke(null, (Object) rest);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
