package bamboo.shim.engine;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import mpi.MPIException;
import mpi.Status;

/**
 * A nonblocking collective: the blocking algorithm runs on a helper thread of the rank while the caller
 * goes on, so it progresses whether or not the caller calls MPI (computing, or waiting on other
 * requests). The helper's sends and receives are ordinary point-to-point operations of the rank on the
 * communicator's collective context, so the collective works on every device, and its waits are the
 * rank's waits (the deadlock watch sees them). Helper threads come from one pool per JVM, are reused
 * and end after a minute idle: one thread per collective outstanding at a time.
 */
public final class Background extends Operation {
    /** The work of one nonblocking collective: the blocking algorithm, run on the helper. */
    @FunctionalInterface
    public interface Body {
        void run() throws MPIException;
    }

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60,
            TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                final Thread t = new Thread(r, "bamboo-collective-" + THREADS.incrementAndGet());
                t.setDaemon(true);
                return t;
            });

    private final String call;
    private volatile boolean done;
    private MPIException error;
    private Error fatal;
    private RuntimeException failure;

    private Background(Endpoint owner, String call) {
        super(owner);
        this.call = call;
    }

    /** Starts {@code body} on a helper thread of {@code owner}'s rank; {@code call} names it in reports. */
    public static Pending start(Endpoint owner, String call, Body body) {
        final Background b = new Background(owner, call);
        final ClassLoader loader = Thread.currentThread().getContextClassLoader();
        POOL.execute(() -> b.run(body, loader));
        return b;
    }

    private void run(Body body, ClassLoader loader) {
        final Thread me = Thread.currentThread();
        final ClassLoader before = me.getContextClassLoader();
        // The helper acts for the rank: MPI.COMM_WORLD and a user Op's class loading resolve as on the
        // caller's thread.
        Binding.bind(owner);
        me.setContextClassLoader(loader);
        owner.life.callers.add(me); // running for the rank: the deadlock watch counts it as busy until it parks
        try {
            body.run();
        } catch (MPIException e) {
            error = e;
        } catch (RuntimeException e) {
            failure = e;
        } catch (Error e) {
            fatal = e; // an abort of the job (JobAbortedError), or worse: the waiter rethrows it
        } finally {
            Binding.unbind();
            me.setContextClassLoader(before);
            owner.life.callers.remove(me); // idle in the pool it must not look busy, and may serve another rank next
            done = true;
            owner.completed();
        }
    }

    @Override
    public boolean poll() {
        return done;
    }

    @Override
    public Status complete() throws MPIException {
        if (fatal != null) {
            throw fatal;
        }
        if (failure != null) {
            throw failure;
        }
        if (error != null) {
            throw error;
        }
        return new Status(mpi.MPI.ANY_SOURCE, mpi.MPI.ANY_TAG, 0);
    }

    @Override
    public String describe() {
        return call;
    }
}
