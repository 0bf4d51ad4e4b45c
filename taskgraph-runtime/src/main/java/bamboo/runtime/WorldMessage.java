package bamboo.runtime;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import mpi.MPI;

/**
 * A control message between the processes of a graph that joined an MPI world ({@link WorldExecution}):
 * bytes on tag {@link #TAG} of COMM_WORLD, rare (start, end, failure, a deadlock wave every 50 ms), so
 * encoded plainly with a data stream. Node 0 coordinates: the others report DONE and STATE to it, it
 * decides END and deadlock; a failure is broadcast by the node where it happened.
 */
final class WorldMessage {
    /** Below the handler's three tags. */
    static final int TAG = MPI.TAG_UB - 4;

    /** To node 0: every task of the sender has finished. */
    static final byte DONE = 1;
    /** From node 0: every task of every node has finished; stop. */
    static final byte END = 2;
    /** To all: the graph failed at the sender ({@link #text}, {@link #task}, {@link #deadlock}); stop. */
    static final byte FAIL = 3;
    /** From node 0: report your {@link #STATE} for wave {@link #epoch}. */
    static final byte QUERY = 4;
    /** To node 0: the sender's counters for wave {@link #epoch}. */
    static final byte STATE = 5;
    /** From node 0: the graph is deadlocked; say what your tasks wait for. */
    static final byte REPORT_REQUEST = 6;
    /** To node 0: what the sender's tasks wait for ({@link #waiting}). */
    static final byte REPORT = 7;

    /** A failure's text is cut to this length: it must fit an eager message of every device. */
    private static final int MAX_TEXT = 4000;

    final byte type;
    int from;
    long epoch;
    final NodeState state = new NodeState();
    int task = -1;
    boolean deadlock;
    String text = "";
    List<GraphDeadlock.WaitingTask> waiting = List.of();

    WorldMessage(byte type) {
        this.type = type;
    }

    /** What a node reports in a deadlock wave: whether it is quiet now, and counters that only grow. */
    static final class NodeState {
        /** No task owned and nothing moved while that was checked. */
        boolean stalled;
        /** Task executions plus injections of messages from other processes. */
        long progress;
        /** Messages handed to the handler for other processes. */
        long handed;
        /** Messages from other processes injected into local tasks. */
        long delivered;
        /** Local tasks not finished. */
        int unfinished;

        boolean sameCounters(NodeState o) {
            return progress == o.progress && handed == o.handed && delivered == o.delivered;
        }
    }

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(type);
            out.writeInt(from);
            switch (type) {
                case FAIL -> {
                    out.writeInt(task);
                    out.writeBoolean(deadlock);
                    writeString(out, text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + " ..." : text);
                }
                case QUERY -> out.writeLong(epoch);
                case STATE -> {
                    out.writeLong(epoch);
                    out.writeBoolean(state.stalled);
                    out.writeLong(state.progress);
                    out.writeLong(state.handed);
                    out.writeLong(state.delivered);
                    out.writeInt(state.unfinished);
                }
                case REPORT -> writeWaiting(out, waiting);
                default -> {
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array stream does not fail
        }
        return bytes.toByteArray();
    }

    static WorldMessage decode(byte[] bytes, int length) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, 0, length))) {
            WorldMessage m = new WorldMessage(in.readByte());
            m.from = in.readInt();
            switch (m.type) {
                case FAIL -> {
                    m.task = in.readInt();
                    m.deadlock = in.readBoolean();
                    m.text = readString(in);
                }
                case QUERY -> m.epoch = in.readLong();
                case STATE -> {
                    m.epoch = in.readLong();
                    m.state.stalled = in.readBoolean();
                    m.state.progress = in.readLong();
                    m.state.handed = in.readLong();
                    m.state.delivered = in.readLong();
                    m.state.unfinished = in.readInt();
                }
                case REPORT -> m.waiting = readWaiting(in);
                case DONE, END, REPORT_REQUEST -> {
                }
                default -> throw new IllegalStateException("unknown runtime control message type " + m.type);
            }
            return m;
        } catch (IOException e) {
            throw new IllegalStateException("a truncated runtime control message (" + length + " bytes)", e);
        }
    }

    private static void writeWaiting(DataOutputStream out, List<GraphDeadlock.WaitingTask> waiting) throws IOException {
        out.writeInt(waiting.size());
        for (GraphDeadlock.WaitingTask w : waiting) {
            out.writeInt(w.task());
            writeKeys(out, w.waitsFor());
            out.writeInt(w.notes().size());
            for (String n : w.notes()) {
                writeString(out, n);
            }
            writeKeys(out, w.holds());
        }
    }

    private static List<GraphDeadlock.WaitingTask> readWaiting(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<GraphDeadlock.WaitingTask> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int task = in.readInt();
            List<MessageKey> waitsFor = readKeys(in);
            int notes = in.readInt();
            List<String> noteList = new ArrayList<>(notes);
            for (int j = 0; j < notes; j++) {
                noteList.add(readString(in));
            }
            list.add(new GraphDeadlock.WaitingTask(task, waitsFor, noteList, readKeys(in)));
        }
        return list;
    }

    private static void writeKeys(DataOutputStream out, List<MessageKey> keys) throws IOException {
        out.writeInt(keys.size());
        for (MessageKey k : keys) {
            out.writeInt(k.source());
            out.writeInt(k.tag());
        }
    }

    private static List<MessageKey> readKeys(DataInputStream in) throws IOException {
        int n = in.readInt();
        List<MessageKey> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add(new MessageKey(in.readInt(), in.readInt()));
        }
        return keys;
    }

    /** Length-prefixed UTF-8 (writeUTF stops at 64 KiB). */
    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
