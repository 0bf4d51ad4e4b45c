package bamboo.translator.emit;

import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.ImportDeclaration;
import com.github.javaparser.ast.PackageDeclaration;
import com.github.javaparser.ast.expr.Name;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code TaskClass.addImport} does what {@code CompilationUnit.addImport} does (it only skips its parsing). */
class AddImportTest {
    private static ImportDeclaration imp(String name, boolean isStatic, boolean asterisk) {
        return new ImportDeclaration(name, isStatic, asterisk);
    }

    @Test
    void sameImportsAsTheStockMethodInEveryOrder() {
        List<ImportDeclaration> all = List.of(imp("mpi", false, true), imp("mpi.MPI", false, false),
                imp("mpi.MPI", false, false), imp("java.lang.Math", false, false), imp("java.lang", false, true),
                imp("java.util.List", false, false), imp("java.util", false, true), imp("p.q.Helper", false, false),
                imp("p.q", false, true), imp("mpi.MPI.COMM_WORLD", true, false), imp("mpi.MPI", true, true),
                imp("java.util.ArrayList", false, false), imp("Top", false, false));
        for (String pkg : new String[] {null, "p.q", "r"}) {
            for (int rotate = 0; rotate < all.size(); rotate++) {
                CompilationUnit stock = new CompilationUnit();
                CompilationUnit ours = new CompilationUnit();
                if (pkg != null) {
                    stock.setPackageDeclaration(new PackageDeclaration(new Name(pkg)));
                    ours.setPackageDeclaration(new PackageDeclaration(new Name(pkg)));
                }
                for (int i = 0; i < all.size(); i++) {
                    ImportDeclaration d = all.get((i + rotate) % all.size());
                    stock.addImport(d.clone());
                    TaskClass.addImport(ours, d.clone());
                }
                assertEquals(stock.toString(), ours.toString(), "package " + pkg + ", rotation " + rotate);
            }
        }
    }
}
