package bamboo.shim.launch;

import bamboo.shim.aeron.JobKey;
import bamboo.shim.aeron.StartupException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Endpoint exchange at start-up when ranks do not share a media driver (mpirun, hostfile): every rank
 * registers its inbound Aeron channel with one server (rank 0 under mpirun, the launcher with a
 * hostfile) and gets back the channel of every rank. Line protocol over TCP:
 * client {@code "<rank> <size> <channel> <mac>\n"}; server {@code "OK <mac>\n"} and one channel per
 * line, or {@code "ERROR <reason>\n"}. Each MAC is an HMAC-SHA256 under the job's key (of the
 * registration, and of the whole table), so a stranger can neither take a rank's place nor hand out a
 * forged table; a registration without a valid MAC is refused and does not take the slot. Without a key
 * (mpirun without {@code BAMBOO_JOB_KEY}) the MAC is {@code -}.
 */
public final class Bootstrap {
    private Bootstrap() {
    }

    /** Parses {@code host:port}. */
    public static InetSocketAddress parse(String hostPort) {
        final int colon = hostPort == null ? -1 : hostPort.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("bootstrap address must be host:port (got '" + hostPort + "')");
        }
        try {
            return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bootstrap address must be host:port (got '" + hostPort + "')");
        }
    }

    /** The address of this host's interface towards {@code server}: where peers can reach this rank. */
    public static InetAddress localAddressTowards(InetSocketAddress server) {
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(server);
            final InetAddress a = s.getLocalAddress();
            return a.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : a;
        } catch (IOException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    /** How long one connection may take to send its registration line. */
    private static final int LINE_MILLIS = 5000;
    private static final int MAX_LINE = 4096;

    static String registration(int rank, int size, String channel) {
        return "register " + rank + " " + size + " " + channel;
    }

    static String table(String[] channels) {
        return "table " + String.join(" ", channels);
    }

    private static String mac(JobKey key, String text) {
        return key == null ? "-" : key.macHex(text);
    }

    /** A running bootstrap server for {@code size} ranks. */
    public static final class Server implements AutoCloseable {
        private final ServerSocket socket;
        private final Thread thread;
        private final JobKey key;
        private volatile String error;
        private volatile int refused;

        Server(ServerSocket socket, int size, long timeoutMillis, JobKey key) {
            this.socket = socket;
            this.key = key;
            this.thread = new Thread(() -> serve(size, timeoutMillis), "bamboo-bootstrap");
            this.thread.setDaemon(true);
            this.thread.start();
        }

        public int port() {
            return socket.getLocalPort();
        }

        /** Why the exchange failed, or null. */
        public String error() {
            return error;
        }

        /** Registrations refused so far (bad form or no valid MAC). */
        public int refused() {
            return refused;
        }

        /** The address the server listens on. */
        public InetSocketAddress address() {
            return (InetSocketAddress) socket.getLocalSocketAddress();
        }

        private void serve(int size, long timeoutMillis) {
            final Socket[] clients = new Socket[size];
            final String[] channels = new String[size];
            final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
            int registered = 0;
            try {
                while (registered < size) {
                    final long left = TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime());
                    if (left <= 0) {
                        throw new SocketTimeoutException();
                    }
                    socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                    final Socket c = socket.accept();
                    // a connection that says nothing must not hold the exchange up for the whole start time
                    c.setSoTimeout((int) Math.max(1, Math.min(left, LINE_MILLIS)));
                    final String line = readLine(c);
                    final String[] f = line == null ? new String[0] : line.split(" ");
                    final int rank = f.length == 4 ? number(f[0]) : -1;
                    if (rank < 0 || rank >= size || number(f[1]) != size || clients[rank] != null
                            || !(key == null || key.verifyHex(registration(rank, size, f[2]), f[3]))) {
                        refused++;
                        reply(c, "ERROR refused registration for a job of " + size + " ranks");
                        c.close();
                        continue;
                    }
                    c.setSoTimeout((int) Math.max(1, left));
                    clients[rank] = c;
                    channels[rank] = f[2];
                    registered++;
                }
                final StringBuilder table = new StringBuilder("OK " + mac(key, table(channels)) + "\n");
                for (String ch : channels) {
                    table.append(ch).append('\n');
                }
                for (Socket c : clients) {
                    reply(c, table.toString());
                }
            } catch (SocketTimeoutException e) {
                final List<Integer> missing = new ArrayList<>();
                for (int r = 0; r < size; r++) {
                    if (clients[r] == null) {
                        missing.add(r);
                    }
                }
                final String names = missing.toString().replaceAll("[\\[\\]]", "");
                error = (missing.size() == 1 ? "rank " + names + " has" : "ranks " + names + " have")
                        + " not started within " + timeoutMillis / 1000.0 + " s";
                for (Socket c : clients) {
                    if (c != null) {
                        reply(c, "ERROR " + error);
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (!socket.isClosed()) {
                    error = "bootstrap server failed: " + e;
                }
            } finally {
                for (Socket c : clients) {
                    closeQuietly(c);
                }
                closeQuietly(socket);
            }
        }

        /** One line of at most {@link #MAX_LINE} characters, or null (timed out, closed, too long). */
        private static String readLine(Socket c) {
            try {
                final java.io.InputStream in = c.getInputStream();
                final StringBuilder b = new StringBuilder();
                int ch;
                while ((ch = in.read()) >= 0 && ch != '\n') {
                    if (b.length() >= MAX_LINE) {
                        return null;
                    }
                    b.append((char) ch);
                }
                return ch < 0 ? null : b.toString();
            } catch (IOException e) {
                return null;
            }
        }

        private static int number(String s) {
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                return -1;
            }
        }

        private static void reply(Socket c, String text) {
            try {
                final Writer w = new OutputStreamWriter(c.getOutputStream(), StandardCharsets.UTF_8);
                w.write(text.endsWith("\n") ? text : text + "\n");
                w.flush();
            } catch (IOException ignored) {
                // that rank will time out and report it
            }
        }

        @Override
        public void close() {
            closeQuietly(socket);
        }
    }

    /** Starts a server on {@code bind} (port 0: any free port) for a job with {@code key} (null: none). */
    public static Server serve(InetSocketAddress bind, int size, long timeoutMillis, JobKey key) throws IOException {
        final ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(bind);
        return new Server(s, size, timeoutMillis, key);
    }

    /** Registers this rank's channel and returns every rank's channel; retries until the server is up. */
    public static String[] exchange(InetSocketAddress server, int rank, int size, String channel, long timeoutMillis,
                                    JobKey key) throws StartupException {
        final long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        IOException last = null;
        while (System.nanoTime() - end < 0) {
            try (Socket s = new Socket()) {
                s.connect(server, 1000);
                s.setSoTimeout((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())) + 1000);
                final Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
                w.write(rank + " " + size + " " + channel + " " + mac(key, registration(rank, size, channel)) + "\n");
                w.flush();
                final BufferedReader r = new BufferedReader(new InputStreamReader(s.getInputStream(),
                        StandardCharsets.UTF_8));
                final String status = r.readLine();
                if (status == null || !status.startsWith("OK ")) {
                    throw new StartupException("rank " + rank + ": bootstrap at " + server + " failed: "
                            + (status == null ? "connection closed" : status.replaceFirst("^ERROR ", "")));
                }
                final String[] channels = new String[size];
                for (int i = 0; i < size; i++) {
                    channels[i] = r.readLine();
                    if (channels[i] == null) {
                        throw new StartupException("rank " + rank + ": bootstrap at " + server + " sent a short table");
                    }
                }
                if (key != null && !key.verifyHex(table(channels), status.substring(3))) {
                    throw new StartupException("rank " + rank + ": the bootstrap at " + server
                            + " answered with a table not signed with this job's key");
                }
                return channels;
            } catch (SocketTimeoutException e) {
                throw new StartupException("rank " + rank + ": no answer from the bootstrap at " + server + " within "
                        + timeoutMillis / 1000.0 + " s (did every rank start?)");
            } catch (IOException e) {
                last = e;
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        throw new StartupException("rank " + rank + ": cannot reach the bootstrap address " + server.getHostString()
                + ":" + server.getPort() + " within " + timeoutMillis / 1000.0 + " s" + (last == null ? "" : " (" + last.getMessage() + ")"));
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }
}
