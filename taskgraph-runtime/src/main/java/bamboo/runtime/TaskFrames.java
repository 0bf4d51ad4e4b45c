package bamboo.runtime;

/** Picks out and prints the frame of a worker's stack that belongs to the task's own code. */
final class TaskFrames {
    private TaskFrames() {
    }

    /**
     * The innermost frame of the task's code: among the frames above the runtime's call into the task
     * ({@code Task.callExecute} or {@code callInit}), the innermost one outside the JDK; null when the
     * worker is not inside a task.
     */
    static StackTraceElement taskFrame(StackTraceElement[] stack) {
        int entry = -1;
        for (int i = 0; i < stack.length; i++) {
            StackTraceElement f = stack[i];
            if (f.getClassName().equals(Task.class.getName())
                    && (f.getMethodName().equals("callExecute") || f.getMethodName().equals("callInit"))) {
                entry = i;
                break;
            }
        }
        for (int i = 0; i < entry; i++) {
            String c = stack[i].getClassName();
            if (!(c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun."))) {
                return stack[i];
            }
        }
        return entry > 0 ? stack[entry - 1] : null;
    }

    /** {@code Class.method(File.java:LINE)} without a class loader prefix. */
    static String format(StackTraceElement f) {
        return f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")";
    }
}
