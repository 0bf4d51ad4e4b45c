package bamboo.examples.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class JitSettleTest {
    @Test
    void aListingWithCompilationsNamesEachOfThem() {
        String listing = String.join("\n",
                "Current compiles: ",
                "C2 CompilerThread0  1505   !   4       com.example.A::run (530 bytes)",
                "",
                "C1 compile queue:",
                "1892       3       Q::work (30 bytes)",
                "",
                "C2 compile queue:",
                "Empty",
                "");
        assertEquals(List.of("C2 CompilerThread0  1505   !   4       com.example.A::run (530 bytes)",
                "1892       3       Q::work (30 bytes)"), JitSettle.methods(listing));
    }

    @Test
    void anEmptyListingIsQuiet() {
        String listing = String.join("\n", "Current compiles: ", "", "C1 compile queue:", "Empty", "",
                "C2 compile queue:", "Empty", "");
        assertEquals(List.of(), JitSettle.methods(listing));
    }

    @Test
    @Timeout(60)
    void awaitReturnsAtOnceWhenTurnedOff() {
        String old = System.getProperty(JitSettle.MAX_PROPERTY);
        System.setProperty(JitSettle.MAX_PROPERTY, "0");
        try {
            assertFalse(JitSettle.await());
        } finally {
            if (old == null) {
                System.clearProperty(JitSettle.MAX_PROPERTY);
            } else {
                System.setProperty(JitSettle.MAX_PROPERTY, old);
            }
        }
    }

    @Test
    @Timeout(60)
    void thisJvmListsItsCompilations() {
        // HotSpot (every JDK the project builds with) has the command; the list may or may not be empty
        assertTrue(JitSettle.pending() != null, "Compiler.queue not available through the platform MBean server");
    }
}
