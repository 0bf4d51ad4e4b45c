package bamboo.shim.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Whether a thread is virtual, on any JDK: the shim compiles for Java 17, where {@code Thread.isVirtual}
 *  does not exist yet (and no thread is virtual). */
final class RankThreadKind {
    private static final MethodHandle IS_VIRTUAL = lookup();

    private RankThreadKind() {
    }

    static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }

    private static MethodHandle lookup() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // JDK 17-20: no virtual threads
        }
    }
}
