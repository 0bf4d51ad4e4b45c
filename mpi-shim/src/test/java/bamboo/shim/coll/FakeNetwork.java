package bamboo.shim.coll;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * An in-test network of N ranks as threads, one FIFO queue per (source, destination, tag), so that the
 * collective algorithms can be proven before the real point-to-point engine exists. In synchronous
 * mode a send returns only once its message has been received (the strictest semantics MPI allows for
 * a standard-mode send), which proves the algorithms deadlock-free on any device.
 */
final class FakeNetwork {

    /** What one rank runs. */
    interface Body {
        void run(Channel ch) throws Exception;
    }

    private static final long TIMEOUT_SECONDS = 20;

    private final int size;
    private final boolean synchronous;
    private final Map<String, BlockingQueue<Message>> queues = new ConcurrentHashMap<>();

    private FakeNetwork(int size, boolean synchronous) {
        this.size = size;
        this.synchronous = synchronous;
    }

    /** Runs body on n ranks; rethrows the first failure (with its rank). */
    static void run(int n, boolean synchronous, Body body) throws Exception {
        final FakeNetwork net = new FakeNetwork(n, synchronous);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            final Channel ch = net.channel(r);
            final int rank = r;
            final Thread t = new Thread(() -> {
                try {
                    body.run(ch);
                } catch (Throwable e) {
                    failure.compareAndSet(null, new AssertionError("rank " + rank + " of " + n + ": " + e, e));
                }
            }, "fake-rank-" + r);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS + 5));
            if (t.isAlive() && failure.get() == null) {
                failure.set(new AssertionError(t.getName() + " of " + n + " hangs"));
            }
        }
        if (failure.get() != null) {
            if (failure.get() instanceof Exception) {
                throw (Exception) failure.get();
            }
            throw (Error) failure.get();
        }
    }

    private static final class Message {
        final Object data;
        final int elements;
        final CountDownLatch received = new CountDownLatch(1);

        Message(Object data, int elements) {
            this.data = data;
            this.elements = elements;
        }
    }

    private BlockingQueue<Message> queue(int src, int dst, int tag) {
        return queues.computeIfAbsent(src + ">" + dst + "#" + tag, k -> new LinkedBlockingQueue<>());
    }

    Channel channel(int rank) {
        return new Channel() {
            @Override
            public int rank() {
                return rank;
            }

            @Override
            public int size() {
                return size;
            }

            @Override
            public void send(Object buf, int offset, int count, Datatype type, int dest, int tag)
                    throws MPIException {
                awaitDelivery(post(rank, buf, offset, count, type, dest, tag));
            }

            @Override
            public Status recv(Object buf, int offset, int count, Datatype type, int source, int tag)
                    throws MPIException {
                return take(rank, buf, offset, count, type, source, tag);
            }

            @Override
            public Request isend(Object buf, int offset, int count, Datatype type, int dest, int tag) {
                throw new UnsupportedOperationException("the algorithms use blocking calls only");
            }

            @Override
            public Request irecv(Object buf, int offset, int count, Datatype type, int source, int tag) {
                throw new UnsupportedOperationException("the algorithms use blocking calls only");
            }

            @Override
            public Status sendrecv(Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest,
                                   int sendTag, Object recvBuf, int recvOffset, int recvCount, Datatype recvType,
                                   int source, int recvTag) throws MPIException {
                final Message out = post(rank, sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
                final Status st = take(rank, recvBuf, recvOffset, recvCount, recvType, source, recvTag);
                awaitDelivery(out);
                return st;
            }
        };
    }

    private Message post(int src, Object buf, int offset, int count, Datatype type, int dest, int tag)
            throws MPIException {
        if (dest < 0 || dest >= size || tag < 0) {
            throw new MPIException("fake send: bad dest " + dest + " or tag " + tag);
        }
        final int per = type.elementsPerItem();
        final int elements = count * per;
        final Object copy = Array.newInstance(buf.getClass().getComponentType(), elements);
        System.arraycopy(buf, offset * per, copy, 0, elements);
        final Message m = new Message(copy, elements);
        queue(src, dest, tag).add(m);
        return m;
    }

    private void awaitDelivery(Message m) throws MPIException {
        if (!synchronous) {
            return;
        }
        try {
            if (!m.received.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new MPIException("fake send: never received (deadlock)");
            }
        } catch (InterruptedException e) {
            throw new MPIException(e);
        }
    }

    private Status take(int dst, Object buf, int offset, int count, Datatype type, int source, int tag)
            throws MPIException {
        if (source < 0 || source >= size) {
            throw new MPIException("fake recv: bad source " + source);
        }
        final Message m;
        try {
            m = queue(source, dst, tag).poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            throw new MPIException(e);
        }
        if (m == null) {
            throw new MPIException("fake recv: nothing from " + source + " tag " + tag + " (deadlock)");
        }
        final int per = type.elementsPerItem();
        if (m.elements > count * per) {
            throw new MPIException("fake recv: message of " + m.elements + " elements, buffer of " + count * per);
        }
        System.arraycopy(m.data, 0, buf, offset * per, m.elements);
        m.received.countDown();
        return new Status(source, tag, m.elements);
    }
}
