package bamboo.shim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Regression: an oversubscribed rank on a platform thread yielded four times before it parked; on a
 * machine whose cores were all busy each yield could hand the core to another process for a whole time
 * slice while the rank's message arrived (jacobi2d on 8 ranks, 2 cores). Now it parks at once; a
 * virtual thread still yields first (that only hands its carrier to another virtual thread).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OversubscribedWaitParksAtOnceTest {

    /** A condition that never holds and counts how often it was asked. */
    private static final class Never implements WaitCondition {
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public boolean ready() {
            asked.incrementAndGet();
            return false;
        }

        @Override
        public long deadline() {
            return Long.MAX_VALUE;
        }

        @Override
        public String describe() {
            return "never";
        }
    }

    @Test
    void aPlatformThreadGoesStraightToPark() {
        Never c = new Never();
        assertFalse(RankThreadKind.isVirtual(Thread.currentThread()));
        assertFalse(WaitPath.yieldUntil(c));
        assertEquals(0, c.asked.get(), "no yield-and-check rounds on a platform thread");
    }

    @Test
    void aVirtualThreadYieldsFirst() throws Exception {
        Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            Assumptions.abort("virtual threads need JDK 21+");
            return;
        }
        Never c = new Never();
        AtomicBoolean virtual = new AtomicBoolean();
        AtomicBoolean result = new AtomicBoolean(true);
        Object builder = ofVirtual.invoke(null);
        Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
        Thread t = (Thread) start.invoke(builder, (Runnable) () -> {
            virtual.set(RankThreadKind.isVirtual(Thread.currentThread()));
            result.set(WaitPath.yieldUntil(c));
        });
        t.join();
        assertTrue(virtual.get());
        assertFalse(result.get());
        assertTrue(c.asked.get() > 0, "a virtual thread checks between yields");
    }
}
