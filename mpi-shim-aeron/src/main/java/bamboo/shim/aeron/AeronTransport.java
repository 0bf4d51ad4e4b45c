package bamboo.shim.aeron;

import bamboo.shim.engine.ByteBudget;
import bamboo.shim.engine.DeadlockWatch;
import bamboo.shim.engine.JobAbortedError;
import bamboo.shim.engine.PayloadPool;
import bamboo.shim.engine.Remote;
import bamboo.shim.engine.SpinBudget;
import bamboo.shim.engine.WaitCondition;
import bamboo.shim.engine.World;
import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.ControlledFragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import mpi.Datatype;
import mpi.MPIException;
import javax.crypto.Mac;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Int2IntHashMap;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The aeron device's transport for the one local rank of a process: an inbound stream that every peer
 * publishes to, one publication per peer, and a receiver thread that reassembles messages, hands them to
 * the matching engine ({@link bamboo.shim.engine.Endpoint#deliverRemote}), sends heartbeats and
 * watches the peers' liveness. Messages are chunked to the publication's maximum message length, so any
 * size goes through small term buffers; back pressure makes the sender wait, never drop.
 *
 * <p>Who may speak: every publication is exclusive (one Aeron session per sender and destination), and
 * its first frame is a HELLO carrying an HMAC of the job's key over sender, destination and session id.
 * The receiver binds the session to that rank; frames of any other session, or claiming another rank,
 * are dropped (logged once). Headers are checked before anything is allocated for them.
 *
 * <p>Flow control: a message that would take the rank's unexpected bytes past its budget is left in the
 * sender's Aeron image (no copy, no allocation), so the sender's publication fills and its sends wait,
 * as a sender in the same JVM waits; the hold is lifted when receives take messages, or when every
 * thread of the rank is blocked (the message it waits for may be behind the held ones).
 *
 * <p>End of job: each rank sends BYE after its program ends and waits for BYE from every peer (all data
 * sent to it has then arrived, since frames from one sender are ordered) and for the peer's ACK of its
 * own BYE (its data has arrived there), so no process closes its driver with data in flight.
 */
public final class AeronTransport implements Remote, AutoCloseable {
    private static final int FRAGMENTS_PER_POLL = 64;
    /** While a sender is held, how often the rank is checked for being blocked (which lifts the hold). */
    private static final long HOLD_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int ACK = 6;
    private static final byte[] EMPTY = new byte[0];
    private static final int STATE = 7;
    /** How often each rank reports its deadlock state to rank 0. */
    private static final long STATE_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    private static final int MAX_DESCRIPTION = 2000;
    /** The longest a rank thread polls in a wait before it parks and leaves the stream to the receiver
     *  thread, and the least (a wait that outlasts its budget halves it; one that ends within grows it). */
    private static final long MAX_WAIT_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long MIN_WAIT_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(5);
    /** How long the receiver thread parks while a rank thread polls (woken when that thread goes to park). */
    private static final long PARK_WHILE_RANK_POLLS_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

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
    /** Aeron session id to the world rank whose HELLO opened it. */
    private final Int2IntHashMap sessions = new Int2IntHashMap(-1);
    private final JobKey key;
    /** The receiver thread's MAC engine (HELLO checks). */
    private final Mac receiverMac;
    private final byte[] macScratch = new byte[JobKey.MAC_BYTES];
    private final UnsafeBuffer helloScratch = new UnsafeBuffer(new byte[16]);
    /** A sender whose next message is left in its image (over budget), and since when. */
    private final boolean[] held;
    private long holdCheckedAt;
    private boolean rankBlocked;
    private boolean strangerLogged;
    private final boolean[] badLogged;
    private final ControlledFragmentHandler handler = this::onFragment;
    private final AtomicReference<String> failure = new AtomicReference<>();
    private final Consumer<String> onFailure;
    private final Thread receiver;
    /** Held by whichever thread polls the subscription (the receiver, or a rank thread in a wait). */
    private final AtomicBoolean pollLock = new AtomicBoolean();
    /** Rank threads polling in a wait: the receiver thread stands back meanwhile. */
    private final AtomicInteger waitPollers = new AtomicInteger();
    /** How long a rank thread polls in its next wait (adapted to the waits it sees). */
    private volatile long waitPollNanos = MIN_WAIT_POLL_NANOS;
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
                           JobKey key, Consumer<String> onFailure) {
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
        for (int p = 0; p < size; p++) {
            partial[p] = new Partial();
        }
        this.held = new boolean[size];
        this.badLogged = new boolean[size];
        this.key = key;
        this.receiverMac = key == null ? null : key.mac();
        this.deadlockCheck = rank == 0 ? new DeadlockCheck(size) : null;
        this.receiver = new Thread(this::receive, "bamboo-aeron-receiver-" + rank);
        this.receiver.setDaemon(true);
        this.receiver.setUncaughtExceptionHandler((t, e) -> receiverFailed(e));
    }

    /**
     * Opens rank {@code rank}'s inbound stream on {@code channel} and starts receiving.
     *
     * @param key       the job's secret, or null for a job that runs without one (mpirun without
     *                  {@code BAMBOO_JOB_KEY}): sessions are still bound to the rank that opened them
     * @param onFailure told once, with a one-line reason, when the job must stop (a peer was lost or
     *                  aborted); the world is aborted as well
     */
    public static AeronTransport open(World world, int rank, Aeron aeron, String channel, AeronSettings settings,
                                      JobKey key, Consumer<String> onFailure) {
        final Subscription sub = aeron.addSubscription(channel, AeronSettings.STREAM_BASE + rank);
        final AeronTransport t = new AeronTransport(world, rank, aeron, sub, settings, key, onFailure);
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
                peers[p] = new Peer(p, aeron.addExclusivePublication(publicationChannel(channels[p]),
                        AeronSettings.STREAM_BASE + p));
            }
        }
        final Mac mac = key == null ? null : key.mac();
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(settings.startTimeoutMillis());
        while (true) {
            final List<Integer> missing = new ArrayList<>();
            for (Peer peer : peers) {
                if (peer == null) {
                    continue;
                }
                if (!peer.publication.isConnected()) {
                    missing.add(peer.rank);
                } else if (!peer.greeted) {
                    hello(peer, mac);
                    if (!peer.greeted) {
                        missing.add(peer.rank);
                    }
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

    /** The peer's channel with this job's term length and MTU (see {@link AeronSettings#mtu}). */
    String publicationChannel(String channel) {
        String c = channel;
        if (!c.contains("term-length=")) {
            c += (c.contains("?") ? "|" : "?") + "term-length=" + settings.termLength();
        }
        if (!c.contains("mtu=")) {
            // Aeron takes an MTU of at most a term's eighth (its largest message)
            final int mtu = settings.mtu() != 0 ? settings.mtu()
                    : c.startsWith("aeron:ipc") || loopback(c) ? Math.min(AeronSettings.MAX_MTU, settings.termLength() / 8)
                    : 0;
            if (mtu != 0) {
                c += "|mtu=" + mtu;
            }
        }
        return c;
    }

    private static boolean loopback(String channel) {
        final int at = channel.indexOf("endpoint=");
        if (at < 0) {
            return false;
        }
        final String host = channel.substring(at + 9).split("[|:]", 2)[0];
        return host.startsWith("127.") || host.equals("localhost") || host.equals("[::1]");
    }

    /** The first frame of a session: proves to the receiver that this session speaks for this rank. */
    private void hello(Peer peer, Mac mac) {
        peer.lock.lock();
        try {
            peer.putHeader(Frames.HELLO, rank);
            final int length;
            if (mac != null) {
                final byte[] text = helloText(rank, peer.rank, peer.publication.sessionId());
                mac.update(text);
                final byte[] m = mac.doFinal();
                peer.header.putBytes(Frames.SHORT_HEADER, m);
                length = Frames.SHORT_HEADER + m.length;
            } else {
                length = Frames.SHORT_HEADER;
            }
            if (peer.publication.offer(peer.header, 0, length) > 0) {
                peer.greeted = true;
                peer.lastSent = System.nanoTime();
            }
        } finally {
            peer.lock.unlock();
        }
    }

    private static byte[] helloText(int source, int dest, int session) {
        final UnsafeBuffer b = new UnsafeBuffer(new byte[16]);
        fillHello(b, source, dest, session);
        return b.byteArray();
    }

    private static void fillHello(UnsafeBuffer b, int source, int dest, int session) {
        b.putInt(0, 0x48454c4f, ByteOrder.LITTLE_ENDIAN); // "HELO": a MAC of nothing else
        b.putInt(4, source, ByteOrder.LITTLE_ENDIAN);
        b.putInt(8, dest, ByteOrder.LITTLE_ENDIAN);
        b.putInt(12, session, ByteOrder.LITTLE_ENDIAN);
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
        final int total = Codec.wireBytes(base, data, elements);
        final int unit = base == Datatype.Base.OBJECT ? 1 : base.bytes();
        // Every frame fits one Aeron fragment (no reassembly on the receiver) and holds whole elements, so
        // each is encoded straight from the array into the term buffer.
        final int room = peer.publication.maxPayloadLength();
        peer.lock.lock();
        try {
            int chunk = Math.min(total, (room - Frames.FIRST_HEADER) / unit * unit);
            final BufferClaim c = claim(peer, Frames.FIRST_HEADER + chunk, call);
            final MutableDirectBuffer b = c.buffer();
            final int at = c.offset();
            b.putInt(at + Frames.TYPE, Frames.FIRST, ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.SOURCE, source, ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.CONTEXT, context, ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.TAG, tag, ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.BASE, base.ordinal(), ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.ELEMENTS, elements, ByteOrder.LITTLE_ENDIAN);
            b.putInt(at + Frames.TOTAL, total, ByteOrder.LITTLE_ENDIAN);
            b.putLong(at + Frames.SYNC, token, ByteOrder.LITTLE_ENDIAN);
            Codec.put(base, data, offset, chunk / unit, b, at + Frames.FIRST_HEADER);
            c.commit();
            int pos = chunk;
            while (pos < total) {
                chunk = Math.min(total - pos, (room - Frames.SHORT_HEADER) / unit * unit);
                final BufferClaim m = claim(peer, Frames.SHORT_HEADER + chunk, call);
                final MutableDirectBuffer mb = m.buffer();
                mb.putInt(m.offset() + Frames.TYPE, Frames.MORE, ByteOrder.LITTLE_ENDIAN);
                mb.putInt(m.offset() + Frames.SOURCE, source, ByteOrder.LITTLE_ENDIAN);
                Codec.put(base, data, offset + pos / unit, chunk / unit, mb, m.offset() + Frames.SHORT_HEADER);
                m.commit();
                pos += chunk;
            }
            peer.lastSent = System.nanoTime();
            sent.incrementAndGet();
        } finally {
            peer.lock.unlock();
        }
    }

    /** Claims {@code length} bytes of the peer's term, waiting out back pressure; fails when the peer is gone. */
    private BufferClaim claim(Peer peer, int length, String call) throws MPIException {
        IdleStrategy idle = null;
        long notConnectedSince = 0;
        while (true) {
            final long r = peer.publication.tryClaim(length, peer.claim);
            if (r > 0) {
                return peer.claim;
            }
            waitOrFail(peer, r, call, notConnectedSince);
            if (r == Publication.NOT_CONNECTED && notConnectedSince == 0) {
                notConnectedSince = System.nanoTime();
            }
            if (idle == null) {
                idle = peer.sendIdle;
                idle.reset();
            }
            idle.idle();
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
            waitOrFail(peer, r, call, notConnectedSince);
            if (r == Publication.NOT_CONNECTED && notConnectedSince == 0) {
                notConnectedSince = System.nanoTime();
            }
            if (idle == null) {
                idle = peer.sendIdle;
                idle.reset();
            }
            idle.idle();
        }
    }

    /** After a refused offer or claim: throws when the job was aborted or the peer is gone for good. */
    private void waitOrFail(Peer peer, long r, String call, long notConnectedSince) throws MPIException {
        world.checkAbort();
        if (r == Publication.NOT_CONNECTED) {
            if (bye[peer.rank]) {
                throw new MPIException(call + ": rank " + peer.rank + " has already ended its program");
            }
            if (notConnectedSince != 0 && System.nanoTime() - notConnectedSince
                    > TimeUnit.MILLISECONDS.toNanos(settings.livenessMillis())) {
                fail("job aborted: lost rank " + peer.rank + " (its stream closed)");
                world.checkAbort();
            }
        } else if (r == Publication.CLOSED || r == Publication.MAX_POSITION_EXCEEDED) {
            throw new MPIException(call + ": cannot send to rank " + peer.rank + ": the Aeron publication is "
                    + (r == Publication.CLOSED ? "closed" : "full"));
        }
    }

    /** One frame without payload, tried once (heartbeats and acks from the receiver thread never block). */
    private boolean tryControl(Peer peer, int type) {
        // no peer: this rank itself, or a rank whose publication is not made yet
        if (peer == null || !peer.greeted || !peer.lock.tryLock()) {
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
        final IdleStrategy idle = new AdaptiveIdle(TimeUnit.MICROSECONDS.toNanos(50), 0,
                TimeUnit.MILLISECONDS.toNanos(1));
        long housekeeping = 0;
        long reported = 0;
        while (running) {
            int n = 0;
            final boolean standBack = waitPollers.get() > 0;
            try {
                if (!standBack) {
                    n = poll();
                }
            } catch (RuntimeException e) {
                if (running) {
                    receiverFailed(e);
                }
                return;
            }
            final long t = System.nanoTime();
            if (t - housekeeping > TimeUnit.MILLISECONDS.toNanos(settings.heartbeatMillis()) / 2) {
                housekeeping = t;
                housekeeping(t);
            }
            if (!matchedOwed.isEmpty()) {
                sendOwedMatches();
            }
            if (monitoring && t - reported > STATE_PERIOD_NANOS) {
                reported = t;
                reportState();
            }
            if (standBack) {
                // a rank thread polls: two threads spinning on the same stream would take a core each
                LockSupport.parkNanos(this, PARK_WHILE_RANK_POLLS_NANOS);
                idle.reset();
            } else {
                idle.idle(n);
            }
        }
    }

    /** Polls the stream once, unless another thread is polling it; returns the fragments handled. */
    private int poll() {
        if (!pollLock.compareAndSet(false, true)) {
            return 0;
        }
        try {
            now = System.nanoTime();
            return subscription.controlledPoll(handler, FRAGMENTS_PER_POLL);
        } finally {
            pollLock.set(false);
        }
    }

    /**
     * A rank thread about to park in a wait polls the stream itself, so a message for it is matched on
     * its own thread, without waking the receiver thread and then the rank thread; it polls for an
     * adaptive budget (a ping-pong partner answers within microseconds, a loaded machine's peers do not),
     * then lets the engine park it and hands the stream back to the receiver thread.
     */
    @Override
    public boolean progress(WaitCondition c) {
        if (!running || failure.get() != null) {
            return false;
        }
        final long budget = waitPollNanos;
        final long start = System.nanoTime();
        waitPollers.incrementAndGet();
        boolean ready = false;
        try {
            long t = start;
            do {
                pollInWait();
                if (c.ready()) {
                    ready = true;
                    waitPollNanos = Math.max(MIN_WAIT_POLL_NANOS, SpinBudget.next(budget, System.nanoTime() - start,
                            MAX_WAIT_POLL_NANOS));
                    return true;
                }
                Thread.onSpinWait();
                t = System.nanoTime();
            } while (t - start < budget && running);
            waitPollNanos = Math.max(MIN_WAIT_POLL_NANOS, budget / 2);
            return false;
        } finally {
            // The receiver thread is woken only when this thread is about to park: after a wait that
            // ended, this rank is back in its program and polls again at its next wait.
            if (waitPollers.decrementAndGet() == 0 && !ready) {
                LockSupport.unpark(receiver);
            }
        }
    }

    /** {@link #poll} from a rank thread: a failure of the stream ends the job as the receiver thread's would. */
    private int pollInWait() {
        try {
            return poll();
        } catch (RuntimeException e) {
            if (running) {
                receiverFailed(e);
            }
            return 0;
        }
    }

    /** The receiver thread cannot go on: the rank must not stay deaf, so the job ends, saying why. */
    private void receiverFailed(Throwable e) {
        final String m = e.getMessage();
        final String reason = "job aborted: rank " + rank + ": its Aeron receiver thread failed: "
                + e.getClass().getName() + (m == null ? "" : ": " + m.lines().findFirst().orElse(""));
        fail(reason);
        abortPeers(reason);
    }

    private ControlledFragmentHandler.Action onFragment(DirectBuffer buffer, int offset, int length, Header header) {
        final int session = header.sessionId();
        final int bound = sessions.get(session);
        if (length < Frames.SHORT_HEADER || header.flags() != FrameDescriptor.UNFRAGMENTED) {
            // Peers never send a frame larger than one fragment: this is not one of ours.
            dropped(bound, session, "a frame of " + length + " bytes that is not one whole fragment");
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        final int type = buffer.getInt(offset + Frames.TYPE, ByteOrder.LITTLE_ENDIAN);
        final int source = buffer.getInt(offset + Frames.SOURCE, ByteOrder.LITTLE_ENDIAN);
        if (bound < 0) {
            if (type == Frames.HELLO && source >= 0 && source < size && source != rank
                    && authentic(buffer, offset, length, source, session)) {
                sessions.put(session, source);
                synchronized (this) {
                    lastHeard[source] = now;
                }
            } else {
                dropped(-1, session, null);
            }
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        if (source != bound) {
            dropped(bound, session, "a frame claiming to come from rank " + source);
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        synchronized (this) {
            lastHeard[source] = now;
        }
        switch (type) {
            case Frames.FIRST -> {
                return first(buffer, offset, length, source);
            }
            case Frames.MORE -> more(buffer, offset, length, source);
            case Frames.HEARTBEAT, Frames.HELLO -> {
                // liveness noted above
            }
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
                    Math.min(MAX_DESCRIPTION, length - Frames.SHORT_HEADER)));
            case Frames.MATCHED -> {
                if (length < Frames.MATCHED_LENGTH) {
                    dropped(source, session, "a MATCHED frame of " + length + " bytes");
                    break;
                }
                final Runnable r = syncs.remove(buffer.getLong(offset + Frames.SHORT_HEADER, ByteOrder.LITTLE_ENDIAN));
                received++; // counted as a message, so a MATCHED in flight is never taken for a deadlock
                if (r != null) {
                    r.run();
                }
            }
            case STATE -> {
                if (length < Frames.SHORT_HEADER + StateReport.BYTES) {
                    dropped(source, session, "a state report of " + length + " bytes");
                } else if (deadlockCheck != null) {
                    deadlockCheck.report(source, StateReport.read(buffer, offset + Frames.SHORT_HEADER,
                            Math.min(length - Frames.SHORT_HEADER, StateReport.BYTES + MAX_DESCRIPTION)));
                }
            }
            default -> dropped(source, session, "a frame of unknown type " + type);
        }
        return ControlledFragmentHandler.Action.CONTINUE;
    }

    /** True when a HELLO carries the MAC of (source, this rank, session) under the job's key. */
    private boolean authentic(DirectBuffer buffer, int offset, int length, int source, int session) {
        if (key == null) {
            return true;
        }
        if (length != Frames.SHORT_HEADER + JobKey.MAC_BYTES) {
            return false;
        }
        fillHello(helloScratch, source, rank, session);
        receiverMac.update(helloScratch.byteArray(), 0, 16);
        final byte[] expected = receiverMac.doFinal();
        buffer.getBytes(offset + Frames.SHORT_HEADER, macScratch);
        return java.security.MessageDigest.isEqual(expected, macScratch);
    }

    /**
     * A frame that is not a valid one of this job was dropped: said once per peer (and once for all
     * strangers), so a flood of bad frames cannot flood the log; the job goes on.
     */
    private void dropped(int source, int session, String what) {
        if (source < 0) {
            if (!strangerLogged) {
                strangerLogged = true;
                final Image image = subscription.imageBySessionId(session);
                System.err.println("rank " + rank + ": dropped frames of an Aeron session that did not prove it belongs"
                        + " to this job (session " + session + (image == null ? "" : " from " + image.sourceIdentity())
                        + "); further ones are dropped silently");
            }
            return;
        }
        final Partial p = partial[source];
        p.skipping = p.active; // the rest of a message whose frame was bad is dropped with it
        p.active = false;
        if (!badLogged[source]) {
            badLogged[source] = true;
            System.err.println("rank " + rank + ": dropped a bad frame from rank " + source + ": " + what
                    + "; further bad frames from it are dropped silently");
        }
    }

    private ControlledFragmentHandler.Action first(DirectBuffer buffer, int offset, int length, int source) {
        if (length < Frames.FIRST_HEADER) {
            dropped(source, 0, "a message header of " + length + " bytes");
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        final Partial p = partial[source];
        final int context = buffer.getInt(offset + Frames.CONTEXT, ByteOrder.LITTLE_ENDIAN);
        final int tag = buffer.getInt(offset + Frames.TAG, ByteOrder.LITTLE_ENDIAN);
        final int b = buffer.getInt(offset + Frames.BASE, ByteOrder.LITTLE_ENDIAN);
        final int elements = buffer.getInt(offset + Frames.ELEMENTS, ByteOrder.LITTLE_ENDIAN);
        final int total = buffer.getInt(offset + Frames.TOTAL, ByteOrder.LITTLE_ENDIAN);
        final int chunk = length - Frames.FIRST_HEADER;
        final Datatype.Base[] bases = Datatype.Base.values();
        if (b < 0 || b >= bases.length) {
            dropped(source, 0, "a message of unknown datatype " + b);
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        final Datatype.Base base = bases[b];
        final int unit = base == Datatype.Base.OBJECT ? 1 : base.bytes();
        if (elements < 0 || total < 0 || total > settings.maxMessageBytes()
                || base != Datatype.Base.OBJECT && (long) elements * unit != total
                || chunk > total || chunk % unit != 0 || p.active) {
            dropped(source, 0, p.active ? "a new message before the end of the last one"
                    : "a message header announcing " + elements + " elements, " + total + " bytes (the limit is "
                    + settings.maxMessageBytes() + " bytes, " + AeronSettings.MAX_MESSAGE + ")");
            return ControlledFragmentHandler.Action.CONTINUE;
        }
        if (holdBack(source, total)) {
            return ControlledFragmentHandler.Action.ABORT; // stays in the image: the sender's window fills
        }
        p.skipping = false;
        p.start(context, tag, base, elements, total, buffer.getLong(offset + Frames.SYNC, ByteOrder.LITTLE_ENDIAN));
        p.append(buffer, offset + Frames.FIRST_HEADER, chunk);
        if (p.complete()) {
            p.active = false;
            deliver(source, p);
        }
        return ControlledFragmentHandler.Action.CONTINUE;
    }

    /**
     * True when a message of {@code total} bytes from {@code source} must wait in its image: the rank's
     * unexpected messages already hold its budget, and the rank is not blocked (a blocked rank may wait
     * for exactly this message, so it is let in).
     */
    private boolean holdBack(int source, int total) {
        final ByteBudget budget = world.endpoint(rank).unexpectedBudget();
        final long used = budget.used();
        if (used == 0 || used + total <= budget.limit()) {
            held[source] = false;
            return false;
        }
        if (now - holdCheckedAt > HOLD_CHECK_NANOS) {
            holdCheckedAt = now;
            rankBlocked = DeadlockWatch.rankStuck(world, rank) != null;
        }
        held[source] = !rankBlocked;
        return held[source];
    }

    private void more(DirectBuffer buffer, int offset, int length, int source) {
        final Partial p = partial[source];
        if (!p.active) {
            if (!p.skipping) {
                dropped(source, 0, "a continuation frame without a message");
            }
            return;
        }
        final int chunk = length - Frames.SHORT_HEADER;
        if (chunk > p.total - p.filled || chunk % p.unit != 0) {
            dropped(source, 0, "a continuation frame of " + chunk + " bytes where " + (p.total - p.filled)
                    + " were left");
            return;
        }
        p.append(buffer, offset + Frames.SHORT_HEADER, chunk);
        if (p.complete()) {
            p.active = false;
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
        } else if (peers[0] != null && peers[0].greeted && peers[0].lock.tryLock()) {
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
            LockSupport.unpark(receiver); // the MATCHED frame goes now, not after the receiver's park
        };
        final Object data = p.data;
        p.data = null;
        // OBJECT: an exact array the receiver deserialises; else pooled, decoded in place as frames came
        world.endpoint(rank).deliverRemote(p.context, source, p.tag, p.base, p.elements, data,
                p.base != Datatype.Base.OBJECT, onMatched);
    }

    private void housekeeping(long t) {
        sendOwedAcks();
        final long beat = TimeUnit.MILLISECONDS.toNanos(settings.heartbeatMillis());
        synchronized (this) {
            for (int p = 0; p < size; p++) {
                if (held[p]) {
                    lastHeard[p] = t; // its frames wait unread in its image: it is there, we do not listen
                }
            }
        }
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
            if (peer == null || !peer.greeted || !peer.lock.tryLock()) {
                return; // this rank is still connecting: next loop
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
            if (peer == null || !peer.greeted) {
                continue; // its receiver would take an unannounced session for a stranger's
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

    /** The message of one sender whose frames are arriving; reused for every message of that sender. */
    private static final class Partial {
        int context;
        int tag;
        Datatype.Base base;
        int elements;
        int unit;
        /** A primitive array of {@link #base} (pooled, at least {@link #elements} long), or the serialised
         *  bytes of an OBJECT message (exact). */
        Object data;
        int total;
        long token;
        int filled;
        boolean active;
        /** The message's first frame was dropped: its continuation frames are dropped without a word. */
        boolean skipping;

        void start(int context, int tag, Datatype.Base base, int elements, int total, long token) {
            this.context = context;
            this.tag = tag;
            this.base = base;
            this.elements = elements;
            this.total = total;
            this.token = token;
            this.unit = base == Datatype.Base.OBJECT ? 1 : base.bytes();
            this.filled = 0;
            this.active = true;
            this.data = base == Datatype.Base.OBJECT ? new byte[total] : PayloadPool.shared().take(base, elements);
        }

        void append(DirectBuffer buffer, int index, int length) {
            Codec.get(buffer, index, base, data, filled / unit, length / unit);
            filled += length;
        }

        boolean complete() {
            return filled == total;
        }
    }
}
