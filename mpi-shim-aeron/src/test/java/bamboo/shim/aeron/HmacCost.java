package bamboo.shim.aeron;

import java.util.Arrays;
import java.util.Locale;
import javax.crypto.Mac;

/**
 * What a MAC on every frame would cost (the alternative to binding each Aeron session to a rank with one
 * HELLO): HMAC-SHA256 of a 44-byte frame (an 8-byte message) and of a 64 KiB frame, median of 7 rounds.
 * Run with {@code java -cp <test classes>:<classes>:<jars> bamboo.shim.aeron.HmacCost}.
 */
public final class HmacCost {
    private HmacCost() {
    }

    public static void main(String[] args) {
        final Mac mac = JobKey.generate().mac();
        for (int size : new int[] {44, 64 * 1024}) {
            final byte[] frame = new byte[size];
            final int n = size < 1024 ? 200_000 : 2_000;
            final double[] ns = new double[7];
            for (int round = -3; round < ns.length; round++) { // three warm-up rounds
                final long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    mac.update(frame);
                    frame[0] ^= mac.doFinal()[0];
                }
                if (round >= 0) {
                    ns[round] = (System.nanoTime() - t0) / (double) n;
                }
            }
            Arrays.sort(ns);
            final double median = ns[ns.length / 2];
            System.out.printf(Locale.ROOT, "metric hmac_sha256_%dB %.0f ns %.0f MB/s%n", size, median,
                    size / median * 1e3);
        }
    }
}
