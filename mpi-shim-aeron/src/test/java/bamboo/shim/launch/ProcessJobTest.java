package bamboo.shim.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Multi-process runs on this machine: the same output as the threads device, and clean failures. */
class ProcessJobTest {
    private static final String SUITE = "bamboo.shim.launch.programs.Suite";
    private static final String HALO = "bamboo.shim.launch.programs.Halo";
    private static final String FAULTS = "bamboo.shim.launch.programs.Faults";

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void suiteOnFourProcessesMatchesTheThreadsDevice() throws Exception {
        final Jobs.Run aeron = Jobs.aeron(ProcessConfig.of(4), SUITE);
        assertEquals(0, aeron.exit(), aeron.err());
        final Jobs.Run threads = Jobs.threads(4, SUITE);
        assertEquals(0, threads.exit(), threads.err());
        assertEquals(threads.out(), aeron.out());
        assertTrue(aeron.out().contains("20 messages in order: true"), aeron.out());
        assertTrue(aeron.out().contains("large message of 300000 doubles intact: true"), aeron.out());
        assertTrue(aeron.out().contains("any-source sum 14, all seen [true, true, true]"), aeron.out());
        assertTrue(aeron.out().contains("tag 8 first: 8, then tag 7: 7"), aeron.out());
        assertTrue(aeron.out().contains("bcast 1234, allreduce [6.0, 14.0], max 4, allgather [0, 10, 20, 30]"),
                aeron.out());
        assertTrue(aeron.out().contains("types [1, -2, 3]aé\u20ac[-5, 300][true, false, true]"), aeron.out());
        assertNoAeronDirectoryLeft();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void haloOverUdpWithAHostfileMatchesTheThreadsDevice(@TempDir Path dir) throws Exception {
        final Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "# two ranks, each with its own driver, over UDP on loopback\n127.0.0.1 slots=2\n");
        final Jobs.Run aeron = Jobs.aeron(ProcessConfig.of(2).withHostfile(hosts).withPrefixOutput(true), HALO,
                "50", "30");
        assertEquals(0, aeron.exit(), aeron.err());
        final Jobs.Run threads = Jobs.threads(2, HALO, "50", "30");
        assertEquals("[0] " + threads.out(), aeron.out());
        assertTrue(aeron.out().startsWith("[0] halo checksum "), aeron.out());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSynchronousSendCompletesOnlyWhenMatched() throws Exception {
        final String main = "bamboo.shim.launch.programs.Synchronous";
        final Jobs.Run aeron = Jobs.aeron(ProcessConfig.of(2), main);
        assertEquals(0, aeron.exit(), aeron.err());
        assertEquals("issend complete before the match: false\n", aeron.out());
        assertEquals(Jobs.threads(2, main).out(), aeron.out());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRankThatThrowsStopsTheOthersWithItsName() {
        final Jobs.Run r = Jobs.aeron(ProcessConfig.of(2), FAULTS, "throw");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("rank 1 failed: java.lang.IllegalStateException: planned failure"), r.err());
        assertTrue(r.err().contains("rank 0: job aborted: rank 1 failed"), r.err());
        assertTrue(!r.out().contains("should not get here"), r.out());
        assertNoAeronDirectoryLeft();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRankThatDiesStopsTheOthersWithinSeconds() {
        final long start = System.nanoTime();
        final Jobs.Run r = Jobs.aeron(ProcessConfig.of(3), FAULTS, "die");
        assertNotEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("rank 2 was killed by signal 9; stopping the other ranks"), r.err());
        assertTrue(!r.out().contains("should not get here"), r.out());
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 100, "took too long");
        assertNoAeronDirectoryLeft();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aDeadlockAcrossProcessesIsReportedNotHung() {
        final Jobs.Run r = Jobs.aeron(ProcessConfig.of(3), "bamboo.shim.launch.programs.Deadlock");
        assertEquals(3, r.exit(), r.err());
        assertTrue(r.err().contains("job aborted: deadlock: every rank is blocked in MPI and no message is in flight"),
                r.err());
        assertTrue(r.err().contains("rank 2 waits in Recv(source=0, tag=2, comm=COMM_WORLD)"), r.err());
        assertTrue(r.err().contains("[unreceived: from rank 1 tag 1]"), r.err());
        assertTrue(r.err().contains("rank 1: job aborted: deadlock (rank 0 reports who waits for what)"), r.err());
        // Every rank said why it ended: the launcher adds nothing (it names only killed or lingering ranks).
        assertFalse(r.err().contains("stopping the other ranks"), r.err());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aBadMainClassIsASetupError() {
        final Jobs.Run r = Jobs.aeron(ProcessConfig.of(1), "no.such.Main");
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("main class no.such.Main not found on the class path"), r.err());
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aHostfileWithTooFewSlotsIsRefused(@TempDir Path dir) throws Exception {
        final Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "127.0.0.1 slots=1\n");
        final Jobs.Run r = Jobs.aeron(ProcessConfig.of(3).withHostfile(hosts), HALO);
        assertEquals(ProcessJob.SETUP, r.exit());
        assertEquals("bamboo: the hostfile has 1 slots but 3 ranks were asked for\n", r.err());
    }

    /** Every directory this JVM's launcher made is gone (dirs of other, live processes may exist). */
    static void assertNoAeronDirectoryLeft() {
        final File[] left = bamboo.shim.aeron.Drivers.baseDirectory().listFiles((d, n) ->
                n.startsWith("bamboo-aeron-" + ProcessHandle.current().pid() + "-"));
        assertEquals(0, left == null ? 0 : left.length, "Aeron directories left behind");
    }
}
