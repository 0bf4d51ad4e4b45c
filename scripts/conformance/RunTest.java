import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;

/**
 * Starts one program of the mpiJava test suite in a rank: {@code RunTest CLASS [ARGS...]}. Most tests do
 * their work in a constructor taking {@code String[]} and wrap it in a {@code main} that swallows every
 * exception, so the constructor is called when there is one (an exception then fails the rank, and the
 * job); otherwise {@code main}.
 */
public final class RunTest {
    private RunTest() {
    }

    public static void main(String[] args) throws Throwable {
        if (args.length < 1) {
            System.err.println("usage: RunTest CLASS [ARGS...]");
            System.exit(2);
        }
        final Class<?> test = Class.forName(args[0], true, RunTest.class.getClassLoader());
        final String[] rest = Arrays.copyOfRange(args, 1, args.length);
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
                throw new IllegalArgumentException(args[0] + ".main is not static");
            }
            main.invoke(null, (Object) rest);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
