package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.shim.aeron.JobKey;
import bamboo.shim.aeron.StartupException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The start-up registration: only holders of the job's key get a slot and the table. */
class BootstrapTest {
    private static final InetSocketAddress LOOPBACK = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aStrangerCannotTakeARanksPlaceAndTheRanksStillGetTheirTable() throws Exception {
        final JobKey key = JobKey.generate();
        try (Bootstrap.Server server = Bootstrap.serve(LOOPBACK, 2, 30_000, key)) {
            assertTrue(server.address().getAddress().isLoopbackAddress(), server.address().toString());
            final InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), server.port());
            // first, before any rank: no MAC, a MAC under another key, garbage
            assertTrue(stranger(at, "1 2 aeron:udp?endpoint=10.6.6.6:666 -").startsWith("ERROR refused"));
            assertTrue(stranger(at, "1 2 aeron:udp?endpoint=10.6.6.6:666 " + JobKey.generate().macHex(
                    Bootstrap.registration(1, 2, "aeron:udp?endpoint=10.6.6.6:666"))).startsWith("ERROR refused"));
            assertTrue(stranger(at, "x".repeat(10_000)).startsWith("ERROR refused"));
            final CompletableFuture<String[]> rank0 = CompletableFuture.supplyAsync(() -> exchange(at, 0, key));
            final String[] table = Bootstrap.exchange(at, 1, 2, "aeron:udp?endpoint=127.0.0.1:2001", 30_000, key);
            assertArrayEquals(new String[] {"aeron:udp?endpoint=127.0.0.1:2000", "aeron:udp?endpoint=127.0.0.1:2001"},
                    table);
            assertArrayEquals(table, rank0.get(30, TimeUnit.SECONDS));
            assertEquals(3, server.refused());
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRankRefusesATableFromAServerWithoutTheKey() throws Exception {
        try (Bootstrap.Server fake = Bootstrap.serve(LOOPBACK, 1, 30_000, JobKey.generate())) {
            final InetSocketAddress at = new InetSocketAddress(InetAddress.getLoopbackAddress(), fake.port());
            // the fake server refuses our registration (other key): the rank says so and does not start
            final StartupException e = assertThrows(StartupException.class,
                    () -> Bootstrap.exchange(at, 0, 1, "aeron:udp?endpoint=127.0.0.1:2000", 5_000, JobKey.generate()));
            assertTrue(e.getMessage().contains("refused registration"), e.getMessage());
        }
    }

    private static String[] exchange(InetSocketAddress at, int rank, JobKey key) {
        try {
            return Bootstrap.exchange(at, rank, 2, "aeron:udp?endpoint=127.0.0.1:200" + rank, 30_000, key);
        } catch (StartupException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String stranger(InetSocketAddress at, String line) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(at, 5000);
            s.setSoTimeout(10_000);
            final Writer w = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.UTF_8);
            w.write(line + "\n");
            w.flush();
            final String answer = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
            return answer == null ? "" : answer;
        }
    }
}
