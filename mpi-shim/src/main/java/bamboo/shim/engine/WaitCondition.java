package bamboo.shim.engine;

/** What a blocked thread waits for: when it holds, until when nothing changes, and how to name it. */
public interface WaitCondition {

    /** Makes progress and answers whether the wait is over. */
    boolean ready();

    /** {@link System#nanoTime()} at which {@link #ready()} may turn true without a wake-up signal
     *  (a simulated message arriving); {@link Long#MAX_VALUE} when only a signal can change it. */
    long deadline();

    /** What is waited for, for deadlock reports: e.g. {@code Irecv(source=1, tag=5, comm=COMM_WORLD)}. */
    String describe();
}
