package bamboo.shim.launch;

/** Ends a rank process when the process that started it (launcher, mpirun daemon) is gone: no orphans. */
final class ParentWatch {
    private ParentWatch() {
    }

    static void start(int rank) {
        ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> {
            System.err.println("rank " + rank + ": the launcher (pid " + parent.pid() + ") is gone; ending");
            System.err.flush();
            Runtime.getRuntime().halt(1);
        }));
    }
}
