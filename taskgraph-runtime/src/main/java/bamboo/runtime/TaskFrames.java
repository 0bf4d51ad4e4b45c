package bamboo.runtime;

import java.util.List;

/** Picks out and prints the frames of a worker's stack that belong to the task's own code. */
final class TaskFrames {
    private TaskFrames() {
    }

    /** The innermost frame outside the JDK and the runtime: the line of the task the worker is at. */
    static StackTraceElement taskFrame(List<StackTraceElement> frames) {
        for (StackTraceElement f : frames) {
            String c = f.getClassName();
            if (!(c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.")
                    || c.startsWith("bamboo.runtime.") || c.startsWith("org.agrona."))) {
                return f;
            }
        }
        return null;
    }

    /** {@code Class.method(File.java:LINE)} without a class loader prefix. */
    static String format(StackTraceElement f) {
        return f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")";
    }
}
