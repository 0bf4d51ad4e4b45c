package bamboo.examples.cg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MatrixTest {

    private static SparseRows parse(String text) throws IOException {
        return MatrixMarket.parse("t.mtx", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 0, -1);
    }

    @Test
    void symmetricFilesAreMirroredAndDuplicatesSummed() throws IOException {
        SparseRows m = parse("%%MatrixMarket matrix coordinate real symmetric\n% a comment\n\n3 3 5\n"
                + "1 1 4\n2 1 -1\n2 2 4\n3 3 4\n3 3 1\n");
        assertEquals(3, m.order());
        assertEquals(5, m.entries(), "(1,1) (1,2) (2,1) (2,2) (3,3)");
        assertEquals(1, m.col[1]);
        assertEquals(-1.0, m.val[1]);
        assertEquals(5.0, m.val[4], "the two (3,3) entries are summed");
    }

    @Test
    void errorsNameTheLine() {
        IOException e = assertThrows(IOException.class,
                () -> parse("%%MatrixMarket matrix array real general\n2 2\n"));
        assertEquals("t.mtx:1: expected '%%MatrixMarket matrix coordinate <field> <symmetry>'", e.getMessage());
        e = assertThrows(IOException.class,
                () -> parse("%%MatrixMarket matrix coordinate complex general\n"));
        assertEquals("t.mtx:1: field 'complex' is not supported (real or integer)", e.getMessage());
        e = assertThrows(IOException.class,
                () -> parse("%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n"));
        assertEquals("t.mtx:3: entry (3, 1) outside the 2x2 matrix", e.getMessage());
        e = assertThrows(IOException.class,
                () -> parse("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 x\n"));
        assertEquals("t.mtx:3: 'x' is not a number", e.getMessage());
        e = assertThrows(IOException.class,
                () -> parse("%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n"));
        assertEquals("t.mtx: the size line announces 2 entries, the file has 1", e.getMessage());
    }

    @Test
    void theBundledMatrixIsSymmetricAndDiagonallyDominant() throws IOException {
        SparseRows m = MatrixMarket.read("grid12.mtx", 0, -1);
        assertEquals(144, m.order());
        assertSymmetricDominant(m);
    }

    @Test
    void theGeneratedMatrixIsSymmetricDominantAndTheSameInEveryBlock() {
        int n = 500;
        SparseRows whole = Generated.rows(n, 3, 2, 0.1, 0, n);
        assertSymmetricDominant(whole);
        SparseRows part = Generated.rows(n, 3, 2, 0.1, 200, 100);
        for (int i = 0; i < 100; i++) {
            int w = 200 + i;
            assertEquals(whole.ptr[w + 1] - whole.ptr[w], part.ptr[i + 1] - part.ptr[i], "row " + w);
            for (int e = 0; e < part.ptr[i + 1] - part.ptr[i]; e++) {
                assertEquals(whole.col[whole.ptr[w] + e], part.col[part.ptr[i] + e]);
                assertEquals(whole.val[whole.ptr[w] + e], part.val[part.ptr[i] + e]);
            }
        }
    }

    @Test
    void everyRankSendsWhatItsNeighboursExpect() {
        int np = 5;
        Kernel[] k = new Kernel[np];
        for (int r = 0; r < np; r++) {
            k[r] = Kernel.generated(400, 2, 2, 0.1, np, r);
        }
        int irregular = 0;
        for (int r = 0; r < np; r++) {
            int[] nb = k[r].neighbours();
            irregular = Math.max(irregular, nb.length);
            for (int q = 0; q < nb.length; q++) {
                int[] back = k[nb[q]].neighbours();
                int idx = java.util.Arrays.binarySearch(back, r);
                assertTrue(idx >= 0, "neighbourhood is symmetric");
                assertEquals(k[nb[q]].recvCount(idx), k[r].sendCount(q), r + " -> " + nb[q]);
            }
        }
        assertTrue(irregular > 2, "random couplings reach beyond the two band neighbours");
    }

    private static void assertSymmetricDominant(SparseRows m) {
        java.util.Map<Long, Double> all = new java.util.HashMap<>();
        for (int i = 0; i < m.rows(); i++) {
            double diag = 0;
            double off = 0;
            for (int e = m.ptr[i]; e < m.ptr[i + 1]; e++) {
                all.put(((long) (m.first + i) << 32) | m.col[e], m.val[e]);
                if (m.col[e] == m.first + i) {
                    diag = m.val[e];
                } else {
                    off += Math.abs(m.val[e]);
                }
            }
            assertTrue(diag > off, "row " + i + " is strictly diagonally dominant");
        }
        all.forEach((key, v) -> assertEquals(v, all.get(((key & 0xffffffffL) << 32) | (key >>> 32)), "symmetric"));
    }
}
