package bamboo.shim.job;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** Creates the thread that carries a rank: a platform thread, or a virtual thread on JDK 21+ (by
 *  reflection, since the shim compiles for Java 17). */
final class RankThreads {
    private RankThreads() {
    }

    /** Null when the threads can be made, else the one-line reason. */
    static String unsupported(JobConfig.RanksAs as) {
        if (as == JobConfig.RanksAs.VIRTUAL && Runtime.version().feature() < 21) {
            return "ranks as virtual threads need JDK 21 or later, but this is JDK " + Runtime.version().feature()
                    + " (run with a newer JDK, e.g. JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64)";
        }
        return null;
    }

    static Thread create(JobConfig.RanksAs as, String name, Runnable body) {
        if (as == JobConfig.RanksAs.PLATFORM) {
            final Thread t = new Thread(null, body, name, 0, true);
            t.setDaemon(true); // a stuck rank must not keep the JVM alive after the job has been given up
            return t;
        }
        try {
            final Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            final Class<?> builderType = Class.forName("java.lang.Thread$Builder");
            final Object named = builderType.getMethod("name", String.class).invoke(builder, name);
            final Method unstarted = builderType.getMethod("unstarted", Runnable.class);
            return (Thread) unstarted.invoke(named, body);
        } catch (ReflectiveOperationException e) {
            final Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new IllegalStateException("cannot create a virtual thread: " + cause, cause);
        }
    }
}
