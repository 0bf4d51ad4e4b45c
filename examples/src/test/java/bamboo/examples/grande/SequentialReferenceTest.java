package bamboo.examples.grande;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bamboo.examples.common.Reference;
import bamboo.examples.lufact.kernel.LuMatrix;
import bamboo.examples.moldyn.kernel.Particles;
import bamboo.examples.sor.kernel.SorGrid;
import bamboo.examples.spmv.kernel.SparseMatrix;
import org.junit.jupiter.api.Test;

/** The sequential references the Java Grande-style programs are checked against compute what they say. */
class SequentialReferenceTest {
    /** The factors and pivots the steps leave solve a system (Linpack's forward and back substitution). */
    @Test
    void luStepsFactorTheMatrix() {
        int n = 9;
        double[][] a = new double[n][n];
        double[][] orig = new double[n][n];
        for (int j = 0; j < n; j++) {
            LuMatrix.initialColumn(j, a[j]);
            LuMatrix.initialColumn(j, orig[j]);
        }
        double[] msg = new double[n + 2];
        int[] piv = new int[n];
        for (int k = 0; k < n; k++) {
            LuMatrix.pivot(a[k], k, msg);
            piv[k] = (int) msg[n + LuMatrix.PIVOT_ROW];
            for (int j = k + 1; j < n; j++) {
                LuMatrix.eliminate(a[j], k, msg);
            }
        }
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = i + 1;
        }
        double[] x = b.clone();
        for (int k = 0; k < n; k++) {   // L, with the row swaps in step order; multipliers are stored negated
            double t = x[piv[k]];
            x[piv[k]] = x[k];
            x[k] = t;
            for (int i = k + 1; i < n; i++) {
                x[i] += t * a[k][i];
            }
        }
        for (int k = n - 1; k >= 0; k--) {   // U
            x[k] /= a[k][k];
            for (int i = 0; i < k; i++) {
                x[i] -= x[k] * a[k][i];
            }
        }
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += orig[j][i] * x[j];
            }
            assertEquals(b[i], s, 1e-10, "row " + i);
        }
    }

    /** Over-relaxation converges: the grid's sum changes a tenth as much in the second hundred
     *  sweeps as in the first. */
    @Test
    void sorConverges() {
        double s0 = SorGrid.sequential(24, 0, 1.25).value();
        double s1 = SorGrid.sequential(24, 100, 1.25).value();
        double s2 = SorGrid.sequential(24, 200, 1.25).value();
        assertTrue(Math.abs(s2 - s1) < 0.1 * Math.abs(s1 - s0), s0 + " " + s1 + " " + s2);
    }

    /** Every row sums to 0.95, so a constant vector shrinks by exactly that factor per product. */
    @Test
    void spmvRowsSumToNinetyFivePercent() {
        int n = 50, perRow = 5;
        int[] rowStart = new int[n + 1];
        int[] cols = new int[n * perRow];
        double[] vals = new double[n * perRow];
        SparseMatrix.rows(n, perRow, 0, n, rowStart, cols, vals);
        double[] x = new double[n];
        java.util.Arrays.fill(x, 1.0);
        double[] y = new double[n];
        SparseMatrix.multiply(rowStart, cols, vals, x, y, n);
        for (double v : y) {
            assertEquals(0.95, v, 1e-14);
        }
    }

    /** Small steps of the particle system nearly conserve its energy, and the particles do move. */
    @Test
    void moldynNearlyConservesEnergy() {
        Reference start = Particles.sequential(4, 1, 0.001);
        Reference later = Particles.sequential(4, 200, 0.001);
        assertNotEquals(start.checksum(), later.checksum());
        assertEquals(start.value(), later.value(), 0.02 * Math.abs(start.value()));
    }
}
