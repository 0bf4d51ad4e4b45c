package bamboo.shim.launch;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where ranks run. One host per line: {@code ADDRESS [slots=N] [exec=COMMAND...]}; {@code #} starts a
 * comment. ADDRESS is where the other ranks reach the ranks of that host. Ranks fill the hosts in order,
 * {@code slots} at a time (default 1). A rank's JVM is started through {@code exec} (the rest of the
 * line, e.g. {@code ip netns exec h1} or {@code ssh node7}); without it, directly when ADDRESS is this
 * machine and through {@code ssh ADDRESS} otherwise.
 */
public record Hostfile(List<Host> hosts) {
    /** One line of the file. */
    public record Host(String address, int slots, List<String> exec) {
    }

    public static Hostfile read(Path file) throws IOException {
        return parse(Files.readAllLines(file), file.toString());
    }

    static Hostfile parse(List<String> lines, String name) {
        final List<Host> hosts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            final int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash);
            }
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            final String[] words = line.split("\\s+");
            int slots = 1;
            List<String> exec = null;
            for (int w = 1; w < words.length; w++) {
                if (words[w].startsWith("slots=")) {
                    try {
                        slots = Integer.parseInt(words[w].substring(6));
                    } catch (NumberFormatException e) {
                        slots = -1;
                    }
                    if (slots < 1) {
                        throw new IllegalArgumentException(name + ":" + (i + 1) + ": slots must be a positive number (got '"
                                + words[w] + "')");
                    }
                } else if (words[w].startsWith("exec=")) {
                    final List<String> cmd = new ArrayList<>();
                    cmd.add(words[w].substring(5));
                    cmd.addAll(Arrays.asList(words).subList(w + 1, words.length));
                    cmd.removeIf(String::isEmpty);
                    exec = List.copyOf(cmd);
                    break;
                } else {
                    throw new IllegalArgumentException(name + ":" + (i + 1) + ": unknown field '" + words[w]
                            + "' (expected slots=N or exec=COMMAND)");
                }
            }
            if (exec == null) {
                exec = isLocal(words[0]) ? List.of() : List.of("ssh", words[0]);
            }
            hosts.add(new Host(words[0], slots, exec));
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException(name + ": no hosts in the hostfile");
        }
        return new Hostfile(List.copyOf(hosts));
    }

    /** Total slots. */
    public int slots() {
        return hosts.stream().mapToInt(Host::slots).sum();
    }

    /** The host of each of {@code np} ranks; fails when the hostfile has fewer slots. */
    public Host[] place(int np) {
        if (np > slots()) {
            throw new IllegalArgumentException("the hostfile has " + slots() + " slots but " + np + " ranks were asked for");
        }
        final Host[] placed = new Host[np];
        int r = 0;
        for (Host h : hosts) {
            for (int s = 0; s < h.slots() && r < np; s++) {
                placed[r++] = h;
            }
        }
        return placed;
    }

    /** True when every host is a loopback address (a single-machine test). */
    public boolean allLoopback() {
        for (Host h : hosts) {
            try {
                if (!InetAddress.getByName(h.address()).isLoopbackAddress()) {
                    return false;
                }
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return true;
    }

    static boolean isLocal(String address) {
        try {
            final InetAddress a = InetAddress.getByName(address);
            return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
