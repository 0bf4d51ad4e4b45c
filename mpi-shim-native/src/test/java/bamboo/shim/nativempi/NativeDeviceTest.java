package bamboo.shim.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import bamboo.shim.nativempi.programs.Failing;
import bamboo.shim.nativempi.programs.Suite;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The device under the real launchers of Debian's Open MPI ({@code mpirun}) and MPICH ({@code mpiexec}):
 * each test skips, with the reason, when that MPI is not installed ({@code scripts/install-mpi.sh}).
 */
class NativeDeviceTest {

    private static void assumeInstalled(Launch.Mpi mpi) {
        final String missing = mpi.missing();
        assumeTrue(missing == null, missing);
    }

    @ParameterizedTest
    @EnumSource(Launch.Mpi.class)
    void everyCallOfTheSuiteGivesTheRightResultOnThreeRanks(Launch.Mpi mpi) throws Exception {
        assumeInstalled(mpi);
        final Launch.Result r = Launch.run(mpi, 3, Suite.class);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertEquals(String.join("\n", "point-to-point ok", "non-blocking ok", "any-source and probe ok", "objects ok",
                "collectives ok", "reductions ok", "communicators ok", "cartesian ok", "suite ok on 3 ranks", ""),
                r.out(), r.err());
    }

    @ParameterizedTest
    @EnumSource(Launch.Mpi.class)
    void theSuiteRunsOnOneRank(Launch.Mpi mpi) throws Exception {
        assumeInstalled(mpi);
        final Launch.Result r = Launch.run(mpi, 1, Suite.class);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().endsWith("suite ok on 1 ranks\n"), r.out() + r.err());
    }

    @ParameterizedTest
    @EnumSource(Launch.Mpi.class)
    void aRankThatThrowsEndsTheJobWithOneLineNamingIt(Launch.Mpi mpi) throws Exception {
        assumeInstalled(mpi);
        final long t0 = System.nanoTime();
        final Launch.Result r = Launch.run(mpi, 2, Failing.class);
        assertNotEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("rank 1 failed: java.lang.IllegalStateException: deliberate failure"), r.err());
        assertTrue(!r.err().contains("\tat "), "no stack trace without BAMBOO_VERBOSE: " + r.err());
        assertTrue(System.nanoTime() - t0 < 120_000_000_000L, "the waiting rank was not left blocked");
    }
}
