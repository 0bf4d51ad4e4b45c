package bamboo.shim.aeron;

import java.io.IOException;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Iterator;
import java.util.function.IntSupplier;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Wakes a rank's receiver thread, asleep in another process of this host, when a message is written into
 * its IPC stream, instead of leaving the message until the thread's next timed park ends (up to a
 * millisecond, and on a loaded machine the whole cost of a hop). The sleeper raises a flag in a small
 * shared file, polls once more, then blocks in {@code select} on a Unix domain socket; a sender that
 * finds the flag raised (after a full fence: the frame is visible to the sleeper's last poll, or the flag
 * to the sender) lowers it and writes one byte. A sender whose peer is awake pays a volatile read.
 *
 * <p>The files live in the driver's private directory (0700) with mode 0600; the bell carries no data,
 * so a stray byte would cost a poll, nothing else.
 */
final class Doorbell implements AutoCloseable {
    private static final int FLAG = 0;
    private static final int BYTES = 64;

    private final Path flagFile;
    private final Path socketFile;
    private final MappedByteBuffer mapped;
    private final UnsafeBuffer flag;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final ByteBuffer drain = ByteBuffer.allocateDirect(256);

    private Doorbell(Path flagFile, Path socketFile, MappedByteBuffer mapped, ServerSocketChannel server,
                     Selector selector) {
        this.flagFile = flagFile;
        this.socketFile = socketFile;
        this.mapped = mapped;
        this.flag = new UnsafeBuffer(mapped);
        this.server = server;
        this.selector = selector;
    }

    private static Path flagFile(Path dir, int rank) {
        return dir.resolve("bamboo-bell-" + rank);
    }

    private static Path socketFile(Path dir, int rank) {
        return dir.resolve("bamboo-bell-" + rank + ".sock");
    }

    /** Rank {@code rank}'s bell in {@code dir}, or null when this host cannot have one (then parks time out). */
    static Doorbell open(Path dir, int rank) {
        final Path f = flagFile(dir, rank);
        final Path s = socketFile(dir, rank);
        try {
            Files.deleteIfExists(s);
            final MappedByteBuffer m;
            try (FileChannel fc = FileChannel.open(f, java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))) {
                m = fc.map(FileChannel.MapMode.READ_WRITE, 0, BYTES);
            }
            final ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(s));
            Files.setPosixFilePermissions(s, PosixFilePermissions.fromString("rw-------"));
            server.configureBlocking(false);
            final Selector selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            return new Doorbell(f, s, m, server, selector);
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // e.g. a path too long for a socket: the receiver parks with a timeout instead
        }
    }

    /**
     * Sleeps until rung or {@code timeoutMillis} pass, unless {@code poll} (run after the flag is raised)
     * finds work; returns what {@code poll} returned.
     */
    int sleep(long timeoutMillis, IntSupplier poll) throws IOException {
        flag.putIntVolatile(FLAG, 1);
        final int n = poll.getAsInt();
        if (n > 0) {
            flag.putIntVolatile(FLAG, 0);
            return n;
        }
        selector.select(timeoutMillis);
        flag.putIntVolatile(FLAG, 0);
        final Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
        while (keys.hasNext()) {
            final SelectionKey k = keys.next();
            keys.remove();
            if (!k.isValid()) {
                continue;
            }
            if (k.isAcceptable()) {
                final SocketChannel c = server.accept();
                if (c != null) {
                    c.configureBlocking(false);
                    c.register(selector, SelectionKey.OP_READ);
                }
            } else if (k.isReadable()) {
                final SocketChannel c = (SocketChannel) k.channel();
                int r;
                do {
                    drain.clear();
                    r = c.read(drain);
                } while (r > 0);
                if (r < 0) {
                    k.cancel();
                    c.close();
                }
            }
        }
        return 0;
    }

    /** Ends a sleep now (from another thread of this process). */
    void wakeup() {
        selector.wakeup();
    }

    @Override
    public void close() {
        try {
            for (SelectionKey k : selector.keys()) {
                k.channel().close();
            }
            selector.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        IoUtil.unmap(mapped);
        try {
            Files.deleteIfExists(socketFile);
            Files.deleteIfExists(flagFile);
        } catch (IOException ignored) {
            // the driver's directory goes with the job
        }
    }

    /** The sending side of a peer's bell on this host. */
    static final class Ringer implements AutoCloseable {
        private final MappedByteBuffer mapped;
        private final UnsafeBuffer flag;
        private final SocketChannel socket;
        private final ByteBuffer one = ByteBuffer.allocateDirect(1);

        private Ringer(MappedByteBuffer mapped, SocketChannel socket) {
            this.mapped = mapped;
            this.flag = new UnsafeBuffer(mapped);
            this.socket = socket;
        }

        /** The bell of rank {@code rank} in {@code dir}, or null when it has none. */
        static Ringer of(Path dir, int rank) {
            final Path f = flagFile(dir, rank);
            if (!Files.isRegularFile(f)) {
                return null;
            }
            SocketChannel socket = null;
            try {
                final MappedByteBuffer m;
                try (FileChannel fc = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    if (fc.size() < BYTES) {
                        return null;
                    }
                    m = fc.map(FileChannel.MapMode.READ_WRITE, 0, BYTES);
                }
                socket = SocketChannel.open(UnixDomainSocketAddress.of(socketFile(dir, rank)));
                socket.configureBlocking(false);
                return new Ringer(m, socket);
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
                if (socket != null) {
                    try {
                        socket.close();
                    } catch (IOException ignored) {
                        // as below
                    }
                }
                return null; // the peer's receiver still wakes on its timed park
            }
        }

        /** After a frame to the peer was committed: wakes its receiver if it sleeps (one caller at a time). */
        void ring() {
            VarHandle.fullFence(); // the committed frame before the read of the flag (the sleeper's mirror image)
            if (flag.getIntVolatile(FLAG) != 0 && flag.compareAndSetInt(FLAG, 1, 0)) {
                one.clear();
                one.put(0, (byte) 1);
                try {
                    socket.write(one); // a full socket: the peer has bytes to read and is awake anyway
                } catch (IOException ignored) {
                    // the peer is gone: liveness reports it
                }
            }
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            IoUtil.unmap(mapped);
        }
    }
}
