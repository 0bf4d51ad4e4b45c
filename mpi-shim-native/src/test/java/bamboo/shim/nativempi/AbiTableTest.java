package bamboo.shim.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The MPICH table against the mpi.h that libmpich-dev installs (skipped without it). */
class AbiTableTest {
    private static final Path MPICH_H = Path.of("/usr/include/x86_64-linux-gnu/mpich/mpi.h");

    private static Map<String, Long> defines(Path header) throws IOException {
        final Map<String, Long> out = new HashMap<>();
        final Pattern p = Pattern.compile("#define\\s+(MPI_\\w+)\\s+\\(?(?:\\(\\w+\\))?\\(?(-?(?:0x[0-9a-fA-F]+|[0-9]+))\\)*\\s*(?:$|/)");
        for (String line : Files.readAllLines(header)) {
            final Matcher m = p.matcher(line);
            if (m.lookingAt()) {
                final String v = m.group(2);
                out.putIfAbsent(m.group(1), v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v));
            }
        }
        return out;
    }

    @Test
    void theMpichTableHasTheValuesOfMpichsHeader() throws IOException {
        assumeTrue(Files.exists(MPICH_H), MPICH_H + " is not installed (scripts/install-mpi.sh)");
        final Map<String, Long> h = defines(MPICH_H);
        final Abi abi = MpichAbi.table("libmpich.so.12");
        assertEquals(h.get("MPI_COMM_WORLD"), abi.commWorld);
        assertEquals(h.get("MPI_COMM_SELF"), abi.commSelf);
        assertEquals(h.get("MPI_COMM_NULL"), abi.commNull);
        assertEquals(h.get("MPI_REQUEST_NULL"), abi.requestNull);
        assertEquals(h.get("MPI_ERRORS_RETURN"), abi.errorsReturn);
        assertEquals(h.get("MPI_ANY_SOURCE"), (long) abi.anySource);
        assertEquals(h.get("MPI_ANY_TAG"), (long) abi.anyTag);
        assertEquals(h.get("MPI_PROC_NULL"), (long) abi.procNull);
        assertEquals(h.get("MPI_TAG_UB"), (long) abi.tagUbKey);
        assertEquals(h.get("MPI_DOUBLE"), abi.datatype(Abi.Types.DOUBLE));
        assertEquals(h.get("MPI_INT"), abi.datatype(Abi.Types.INT));
        assertEquals(h.get("MPI_C_BOOL"), abi.datatype(Abi.Types.C_BOOL));
        assertEquals(h.get("MPI_2DOUBLE_PRECISION"), abi.datatype(Abi.Types.PAIR_DOUBLE));
        assertEquals(h.get("MPI_UNSIGNED_SHORT"), abi.datatype(Abi.Types.UNSIGNED_SHORT));
        for (Abi.Ops o : Abi.Ops.values()) {
            assertEquals(h.get("MPI_" + o.name()), abi.op(o), o.name());
        }
    }
}
