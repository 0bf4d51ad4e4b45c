package bamboo.shim.aeron;

import bamboo.shim.engine.JobAbortedError;
import bamboo.shim.engine.PayloadPool;
import bamboo.shim.engine.Remote;
import bamboo.shim.engine.World;
import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.Header;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import mpi.Datatype;
import mpi.MPIException;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The aeron device's transport for the one local rank of a process: an inbound stream that every peer
 * publishes to, one publication per peer, and a receiver thread that reassembles messages, hands them to
 * the matching engine ({@link bamboo.shim.engine.Endpoint#deliverRemote}), sends heartbeats and
 * watches the peers' liveness. Messages are chunked to the publication's maximum message length, so any
 * size goes through small term buffers; back pressure makes the sender wait, never drop.
 *
 * <p>End of job: each rank sends BYE after its program ends and waits for BYE from every peer (all data
 * sent to it has then arrived, since frames from one sender are ordered) and for the peer's ACK of its
 * own BYE (its data has arrived there), so no process closes its driver with data in flight.
 */
public final class AeronTransport implements Remote, AutoCloseable {
    private static final int FRAGMENTS_PER_POLL = 32;
    private static final int ACK = 6;
    private static final byte[] EMPTY = new byte[0];
    private static final int STATE = 7;
    /** How often each rank reports its deadlock state to rank 0. */
    private static final long STATE_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final int MAX_DESCRIPTION = 2000;

    private final World world;
    private final int rank;
    private final int size;
    private final Aeron aeron;
    private final Subscription subscription;
    private final AeronSettings settings;
    private final Peer[] peers;
    private final long[] lastHeard;
    private final boolean[] bye;
    private final boolean[] acked;
    private final boolean[] ackOwed;
    private final Partial[] partial;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final Consumer<String> onFailure;
    private final Thread receiver;
    private volatile boolean running = true;
    private volatile boolean monitoring;
    private long now;
    /** Messages this rank has sent to other processes, and received from them (for deadlock checks). */
    private final java.util.concurrent.atomic.AtomicLong sent = new java.util.concurrent.atomic.AtomicLong();
    private volatile long received;
    private final DeadlockCheck deadlockCheck;
    private final UnsafeBuffer stateBuffer = new UnsafeBuffer(new byte[StateReport.BYTES + MAX_DESCRIPTION]);
    private long stateSeq;
    private volatile boolean deadlocked;
    /** Synchronous sends of this rank waiting for their MATCHED frame, by token. */
    private final java.util.Map<Long, Runnable> syncs = new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong nextToken = new java.util.concurrent.atomic.AtomicLong();
    /** MATCHED frames owed to senders: {source, token}; sent by the receiver thread. */
    private final java.util.Queue<long[]> matchedOwed = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private AeronTransport(World world, int rank, Aeron aeron, Subscription subscription, AeronSettings settings,
                           Consumer<String> onFailure) {
        this.world = world;
        this.rank = rank;
        this.size = world.size();
        this.aeron = aeron;
        this.subscription = subscription;
        this.settings = settings;
        this.onFailure = onFailure;
        this.peers = new Peer[size];
        this.lastHeard = new long[size];
        this.bye = new boolean[size];
        this.acked = new boolean[size];
        this.ackOwed = new boolean[size];
        this.partial = new Partial[size];
        this.deadlockCheck = rank == 0 ? new DeadlockCheck(size) : null;
        this.receiver = new Thread(this::receive, "bamboo-aeron-receiver-" + rank);
        this.receiver.setDaemon(true);
    }

    /**
     * Opens rank {@code rank}'s inbound stream on {@code channel} and starts receiving.
     *
     * @param onFailure told once, with a one-line reason, when the job must stop (a peer was lost or
     *                  aborted); the world is aborted as well
     */
    public static AeronTransport open(World world, int rank, Aeron aeron, String channel, AeronSettings settings,
                                      Consumer<String> onFailure) {
        final Subscription sub = aeron.addSubscription(channel, AeronSettings.STREAM_BASE + rank);
        final AeronTransport t = new AeronTransport(world, rank, aeron, sub, settings, onFailure);
        t.receiver.start();
        return t;
    }

    /** The inbound channel with its port resolved (a UDP endpoint opened on port 0), for the bootstrap. */
    public String resolvedChannel() {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.startTimeoutMillis());
        while (true) {
            final String c = subscription.tryResolveChannelEndpointPort();
            if (c != null) {
                return c;
            }
            if (System.nanoTime() - end > 0) {
                throw new IllegalStateException("rank " + rank + ": could not open its Aeron endpoint "
                        + subscription.channel());
            }
            sleep(1);
        }
    }

    /**
     * Publishes to every peer's inbound channel and waits until each is connected.
     *
     * @param channels inbound channel of every world rank (the own entry is ignored)
     * @throws StartupException naming the ranks that did not appear within the start timeout
     */
    public void connect(String[] channels) throws StartupException {
        for (int p = 0; p < size; p++) {
            if (p != rank) {
                peers[p] = new Peer(p, aeron.addPublication(withTermLength(channels[p]), AeronSettings.STREAM_BASE + p));
            }
        }
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.startTimeoutMillis());
        while (true) {
            final List<Integer> missing = new ArrayList<>();
            for (Peer peer : peers) {
                if (peer != null && !peer.publication.isConnected()) {
                    missing.add(peer.rank);
                }
            }
            if (missing.isEmpty()) {
                break;
            }
            if (System.nanoTime() - end > 0) {
                throw new StartupException("rank " + rank + ": " + (missing.size() == 1 ? "rank " : "ranks ")
                        + join(missing) + (missing.size() == 1 ? " has" : " have") + " not started within "
                        + settings.startTimeoutMillis() / 1000.0 + " s");
            }
            sleep(2);
        }
        final long t = System.nanoTime();
        synchronized (this) {
            for (int p = 0; p < size; p++) {
                lastHeard[p] = Math.max(lastHeard[p], t);
            }
        }
        monitoring = true;
    }

    private String withTermLength(String channel) {
        if (channel.contains("term-length=")) {
            return channel;
        }
        return channel + (channel.contains("?") ? "|" : "?") + "term-length=" + settings.termLength();
    }

    @Override
    public boolean isLocal(int worldRank) {
        return worldRank == rank;
    }

    // ---- sending ---------------------------------------------------------------------------------------

    @Override
    public void send(int source, int dest, int context, int tag, Datatype.Base base, Object data, int offset,
                     int elements, String call, Runnable matched) throws MPIException {
        long token = 0;
        if (matched != null) {
            token = nextToken.incrementAndGet();
            syncs.put(token, matched);
        }
        final Peer peer = peers[dest];
        final byte[] bytes = Codec.toBytes(base, data, offset, elements);
        final int total = Codec.wireBytes(base, data, elements); // bytes may be a longer pooled array
        final int maxMessage = peer.publication.maxMessageLength();
        peer.lock.lock();
        try {
            peer.putHeader(Frames.FIRST, source);
            final UnsafeBuffer h = peer.header;
            h.putInt(Frames.CONTEXT, context, ByteOrder.LITTLE_ENDIAN);
            h.putInt(Frames.TAG, tag, ByteOrder.LITTLE_ENDIAN);
            h.putInt(Frames.BASE, base.ordinal(), ByteOrder.LITTLE_ENDIAN);
            h.putInt(Frames.ELEMENTS, elements, ByteOrder.LITTLE_ENDIAN);
            h.putInt(Frames.TOTAL, total, ByteOrder.LITTLE_ENDIAN);
            h.putLong(Frames.SYNC, token, ByteOrder.LITTLE_ENDIAN);
            peer.payload.wrap(bytes);
            int chunk = Math.min(total, maxMessage - Frames.FIRST_HEADER);
            offer(peer, Frames.FIRST_HEADER, 0, chunk, call);
            int pos = chunk;
            if (pos < total) {
                peer.putHeader(Frames.MORE, source);
                while (pos < total) {
                    chunk = Math.min(total - pos, maxMessage - Frames.SHORT_HEADER);
                    offer(peer, Frames.SHORT_HEADER, pos, chunk, call);
                    pos += chunk;
                }
            }
            peer.lastSent = System.nanoTime();
            sent.incrementAndGet();
        } finally {
            peer.payload.wrap(EMPTY, 0, 0);
            peer.lock.unlock();
            if (bytes != data) {
                PayloadPool.shared().release(bytes); // encoded for this send, and in the term buffer now
            }
        }
    }

    /** Offers header + payload slice, waiting out back pressure; fails when the peer is gone. */
    private void offer(Peer peer, int headerLength, int payloadOffset, int payloadLength, String call)
            throws MPIException {
        IdleStrategy idle = null;
        long notConnectedSince = 0;
        while (true) {
            final long r = peer.publication.offer(peer.header, 0, headerLength, peer.payload, payloadOffset,
                    payloadLength);
            if (r > 0) {
                return;
            }
            world.checkAbort();
            if (r == Publication.NOT_CONNECTED) {
                if (bye[peer.rank]) {
                    throw new MPIException(call + ": rank " + peer.rank + " has already ended its program");
                }
                final long t = System.nanoTime();
                if (notConnectedSince == 0) {
                    notConnectedSince = t;
                } else if (t - notConnectedSince > TimeUnit.MILLISECONDS.toNanos(settings.livenessMillis())) {
                    fail("job aborted: lost rank " + peer.rank + " (its stream closed)");
                    world.checkAbort();
                }
            } else if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
                throw new MPIException(call + ": cannot send to rank " + peer.rank + ": the Aeron publication is "
                        + (r == Publication.CLOSED ? "closed" : "full"));
            }
            if (idle == null) {
                idle = new BackoffIdleStrategy(10, 5, TimeUnit.MICROSECONDS.toNanos(1),
                        TimeUnit.MICROSECONDS.toNanos(500));
            }
            idle.idle();
        }
    }

    /** One frame without payload, tried once (heartbeats and acks from the receiver thread never block). */
    private boolean tryControl(Peer peer, int type) {
        if (!peer.lock.tryLock()) {
            return false;
        }
        try {
            peer.putHeader(type, rank);
            final boolean ok = peer.publication.offer(peer.header, 0, Frames.SHORT_HEADER) > 0;
            if (ok) {
                peer.lastSent = System.nanoTime();
            }
            return ok;
        } finally {
            peer.lock.unlock();
        }
    }

    // ---- receiving -------------------------------------------------------------------------------------

    private void receive() {
        final FragmentAssembler assembler = new FragmentAssembler(this::onFragment);
        final IdleStrategy idle = new BackoffIdleStrategy(10, 5, TimeUnit.MICROSECONDS.toNanos(1),
                TimeUnit.MILLISECONDS.toNanos(1));
        long housekeeping = 0;
        long reported = 0;
        while (running) {
            final int n;
            try {
                now = System.nanoTime();
                n = subscription.poll(assembler, FRAGMENTS_PER_POLL);
            } catch (RuntimeException e) {
                if (running) {
                    fail("job aborted: rank " + rank + " cannot receive: " + e);
                }
                return;
            }
            if (now - housekeeping > TimeUnit.MILLISECONDS.toNanos(settings.heartbeatMillis()) / 2) {
                housekeeping = now;
                housekeeping(now);
            }
            if (!matchedOwed.isEmpty()) {
                sendOwedMatches();
            }
            if (monitoring && now - reported > STATE_PERIOD_NANOS) {
                reported = now;
                reportState();
            }
            idle.idle(n);
        }
    }

    private void onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        final int type = buffer.getInt(offset + Frames.TYPE, ByteOrder.LITTLE_ENDIAN);
        final int source = buffer.getInt(offset + Frames.SOURCE, ByteOrder.LITTLE_ENDIAN);
        if (source < 0 || source >= size || source == rank) {
            return; // not one of ours: a stray publisher on the stream
        }
        synchronized (this) {
            lastHeard[source] = now;
        }
        switch (type) {
            case Frames.FIRST -> first(buffer, offset, length, source);
            case Frames.MORE -> more(buffer, offset, length, source);
            case Frames.BYE -> {
                synchronized (this) {
                    bye[source] = true;
                    ackOwed[source] = true;
                }
                sendOwedAcks();
            }
            case ACK -> {
                synchronized (this) {
                    acked[source] = true;
                }
            }
            case Frames.ABORT -> fail(buffer.getStringWithoutLengthUtf8(offset + Frames.SHORT_HEADER,
                    length - Frames.SHORT_HEADER));
            case Frames.MATCHED -> {
                final Runnable r = syncs.remove(buffer.getLong(offset + Frames.SHORT_HEADER, ByteOrder.LITTLE_ENDIAN));
                received++; // counted as a message, so a MATCHED in flight is never taken for a deadlock
                if (r != null) {
                    r.run();
                }
            }
            case STATE -> {
                if (deadlockCheck != null) {
                    deadlockCheck.report(source, StateReport.read(buffer, offset + Frames.SHORT_HEADER,
                            length - Frames.SHORT_HEADER));
                }
            }
            default -> {
                // heartbeat: liveness noted above
            }
        }
    }

    private void first(DirectBuffer buffer, int offset, int length, int source) {
        final int context = buffer.getInt(offset + Frames.CONTEXT, ByteOrder.LITTLE_ENDIAN);
        final int tag = buffer.getInt(offset + Frames.TAG, ByteOrder.LITTLE_ENDIAN);
        final Datatype.Base base = Datatype.Base.values()[buffer.getInt(offset + Frames.BASE, ByteOrder.LITTLE_ENDIAN)];
        final int elements = buffer.getInt(offset + Frames.ELEMENTS, ByteOrder.LITTLE_ENDIAN);
        final int total = buffer.getInt(offset + Frames.TOTAL, ByteOrder.LITTLE_ENDIAN);
        final long token = buffer.getLong(offset + Frames.SYNC, ByteOrder.LITTLE_ENDIAN);
        // Reassembled in a pooled array (OBJECT: an exact one, which the receiver deserialises as it is).
        final byte[] bytes = base == Datatype.Base.OBJECT ? new byte[total]
                : (byte[]) PayloadPool.shared().take(Datatype.Base.BYTE, total);
        final Partial p = new Partial(context, tag, base, elements, bytes, total, token);
        p.append(buffer, offset + Frames.FIRST_HEADER, length - Frames.FIRST_HEADER);
        if (p.complete()) {
            deliver(source, p);
        } else {
            partial[source] = p;
        }
    }

    private void more(DirectBuffer buffer, int offset, int length, int source) {
        final Partial p = partial[source];
        if (p == null) {
            fail("job aborted: rank " + rank + " received a stray fragment from rank " + source);
            return;
        }
        p.append(buffer, offset + Frames.SHORT_HEADER, length - Frames.SHORT_HEADER);
        if (p.complete()) {
            partial[source] = null;
            deliver(source, p);
        }
    }

    /** Every rank tells rank 0 whether it is stuck; rank 0 looks for a deadlock of the whole job. */
    private void reportState() {
        final StateReport mine = StateReport.of(world, rank, ++stateSeq, sent.get(), received);
        if (deadlockCheck != null) {
            deadlockCheck.report(rank, mine);
            final String report = deadlockCheck.deadlock();
            if (report != null) {
                deadlocked = true;
                final String summary = "deadlock: " + report.replace("\n", "; ");
                abortPeers(summary);
                fail(summary);
            }
        } else if (peers[0] != null && peers[0].lock.tryLock()) {
            final Peer peer = peers[0];
            try {
                final int length = mine.write(stateBuffer, MAX_DESCRIPTION);
                peer.putHeader(STATE, rank);
                peer.publication.offer(peer.header, 0, Frames.SHORT_HEADER, stateBuffer, 0, length);
            } finally {
                peer.lock.unlock();
            }
        }
    }

    /** True when the job was ended because it deadlocked. */
    public boolean deadlocked() {
        return deadlocked;
    }

    private void deliver(int source, Partial p) {
        received++;
        final long token = p.token;
        final Runnable onMatched = token == 0 ? null : () -> {
            sent.incrementAndGet(); // the MATCHED frame counts as a message (see the deadlock check)
            matchedOwed.add(new long[] {source, token});
        };
        final Object data = Codec.fromBytes(p.base, p.bytes, p.elements);
        final boolean pooled = p.base != Datatype.Base.OBJECT; // BYTE: the reassembly array; else decoded
        if (pooled && data != p.bytes) {
            PayloadPool.shared().release(p.bytes); // decoded: the reassembly array is free again
        }
        world.endpoint(rank).deliverRemote(p.context, source, p.tag, p.base, p.elements, data, pooled, onMatched);
    }

    private void housekeeping(long t) {
        sendOwedAcks();
        final long beat = TimeUnit.MILLISECONDS.toNanos(settings.heartbeatMillis());
        for (Peer peer : peers) {
            if (peer != null && t - peer.lastSent > beat && peer.publication.isConnected()) {
                tryControl(peer, Frames.HEARTBEAT);
            }
        }
        if (!monitoring) {
            return;
        }
        final long limit = TimeUnit.MILLISECONDS.toNanos(settings.livenessMillis());
        for (int p = 0; p < size; p++) {
            final boolean silent;
            synchronized (this) {
                silent = p != rank && !bye[p] && t - lastHeard[p] > limit;
            }
            if (silent) {
                fail("job aborted: lost rank " + p + " (nothing heard from it for " + settings.livenessMillis() / 1000.0
                        + " s: its process died or hangs)");
                return;
            }
        }
    }

    /** Tells senders of synchronous messages that they were matched; never blocks (retried next loop). */
    private void sendOwedMatches() {
        long[] owed;
        while ((owed = matchedOwed.peek()) != null) {
            final Peer peer = peers[(int) owed[0]];
            if (!peer.lock.tryLock()) {
                return;
            }
            try {
                peer.putHeader(Frames.MATCHED, rank);
                peer.header.putLong(Frames.SHORT_HEADER, owed[1], ByteOrder.LITTLE_ENDIAN);
                if (peer.publication.offer(peer.header, 0, Frames.MATCHED_LENGTH) < 0) {
                    return;
                }
                peer.lastSent = System.nanoTime();
            } finally {
                peer.lock.unlock();
            }
            matchedOwed.poll();
        }
    }

    private void sendOwedAcks() {
        for (int p = 0; p < size; p++) {
            final boolean owed;
            synchronized (this) {
                owed = ackOwed[p];
            }
            if (owed && tryControl(peers[p], ACK)) {
                synchronized (this) {
                    ackOwed[p] = false;
                }
            }
        }
    }

    // ---- failure and the end -------------------------------------------------------------------------

    /** Records the first failure, aborts the local world and tells the owner. */
    public void fail(String reason) {
        if (failure.compareAndSet(null, reason)) {
            if (reason.startsWith("deadlock:")) {
                deadlocked = true;
            }
            world.abort(reason);
            onFailure.accept(reason);
        }
    }

    /** The reason the job stopped, or null. */
    public String failure() {
        return failure.get();
    }

    /** Tells every peer that the job must stop (best effort, at most about a second). */
    public void abortPeers(String reason) {
        final byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        final UnsafeBuffer body = new UnsafeBuffer(text);
        final long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (Peer peer : peers) {
            if (peer == null) {
                continue;
            }
            try {
                if (!peer.lock.tryLock(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    continue;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            try {
                peer.putHeader(Frames.ABORT, rank);
                while (peer.publication.offer(peer.header, 0, Frames.SHORT_HEADER, body, 0, text.length) < 0
                        && System.nanoTime() - end < 0 && peer.publication.isConnected()) {
                    sleep(1);
                }
            } finally {
                peer.lock.unlock();
            }
        }
    }

    /**
     * The program of this rank has ended: says BYE to every peer and waits until every peer has ended too
     * and has everything this rank sent. Returns false (with {@link #failure()} set) when the job failed
     * meanwhile.
     */
    public boolean finish() {
        try {
            for (Peer peer : peers) {
                if (peer != null) {
                    peer.lock.lock();
                    try {
                        peer.putHeader(Frames.BYE, rank);
                        peer.payload.wrap(EMPTY, 0, 0);
                        offer(peer, Frames.SHORT_HEADER, 0, 0, "MPI.Finalize");
                    } finally {
                        peer.lock.unlock();
                    }
                }
            }
        } catch (MPIException | JobAbortedError e) {
            return false;
        }
        final long limit = TimeUnit.MILLISECONDS.toNanos(settings.livenessMillis());
        while (failure.get() == null) {
            boolean done = true;
            final long t = System.nanoTime();
            synchronized (this) {
                for (int p = 0; p < size; p++) {
                    // A peer that said BYE and then fell silent has ended after receiving everything
                    // (it waits for our BYE before leaving), even if its ACK was lost with its driver.
                    if (p != rank && !(bye[p] && (acked[p] || t - lastHeard[p] > limit))) {
                        done = false;
                    }
                }
            }
            if (done) {
                return true;
            }
            sleep(1);
        }
        return false;
    }

    @Override
    public void close() {
        running = false;
        try {
            receiver.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Peer peer : peers) {
            if (peer != null) {
                peer.publication.close();
            }
        }
        subscription.close();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobAbortedError("interrupted");
        }
    }

    private static String join(List<Integer> ranks) {
        final StringBuilder b = new StringBuilder();
        for (int i = 0; i < ranks.size(); i++) {
            if (i > 0) {
                b.append(i == ranks.size() - 1 ? " and " : ", ");
            }
            b.append(ranks.get(i));
        }
        return b.toString();
    }

    /** A message whose frames are still arriving. */
    private static final class Partial {
        final int context;
        final int tag;
        final Datatype.Base base;
        final int elements;
        /** At least {@link #total} long (a pooled array). */
        final byte[] bytes;
        final int total;
        final long token;
        int filled;

        Partial(int context, int tag, Datatype.Base base, int elements, byte[] bytes, int total, long token) {
            this.total = total;
            this.token = token;
            this.context = context;
            this.tag = tag;
            this.base = base;
            this.elements = elements;
            this.bytes = bytes;
        }

        void append(DirectBuffer buffer, int index, int length) {
            buffer.getBytes(index, bytes, filled, length);
            filled += length;
        }

        boolean complete() {
            return filled == total;
        }
    }
}
