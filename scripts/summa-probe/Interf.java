import java.util.concurrent.locks.LockSupport;

/** Does a thread spinning on the other vCPU slow SUMMA's panel product on this one? java Interf 15 (session 12, summa17). */
public class Interf {
    static volatile boolean stop;
    static volatile long flag;
    static double[] a = new double[576 * 48], b = new double[48 * 1152], c = new double[576 * 1152];

    static void multiply() {
        int bi = 576, w = 48, bj = 1152;
        for (int i = 0; i < bi; i++) {
            int ci = i * bj;
            for (int k = 0; k < w; k++) {
                double x = a[i * w + k];
                int bk = k * bj;
                for (int j = 0; j < bj; j++) {
                    c[ci + j] += x * b[bk + j];
                }
            }
        }
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < a.length; i++) a[i] = i % 7;
        for (int i = 0; i < b.length; i++) b[i] = i % 5;
        for (int i = 0; i < 300; i++) multiply();
        String[] modes = {"park", "spin-nanotime", "spin-plain", "busy-nopause", "park"};
        int rounds = Integer.parseInt(args[0]);
        long[][] t = new long[modes.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int m = 0; m < modes.length; m++) {
                String mode = modes[m];
                stop = false;
                Thread other = new Thread(() -> {
                    long x = 0;
                    while (!stop) {
                        switch (mode) {
                            case "park" -> LockSupport.parkNanos(1_000_000);
                            case "spin-nanotime" -> { Thread.onSpinWait(); x += System.nanoTime(); x += flag; }
                            case "spin-plain" -> { Thread.onSpinWait(); x += flag; }
                            default -> { x += flag; }
                        }
                    }
                    if (x == 42) System.out.println();
                });
                other.start();
                Thread.sleep(5);
                long t0 = System.nanoTime();
                for (int i = 0; i < 24; i++) multiply();
                t[m][r] = System.nanoTime() - t0;
                stop = true;
                other.join();
            }
        }
        for (int m = 0; m < modes.length; m++) {
            long[] s = t[m].clone();
            java.util.Arrays.sort(s);
            System.out.printf("%-14s median %.1f ms  min %.1f  max %.1f%n", modes[m], s[rounds / 2] / 1e6, s[0] / 1e6, s[rounds - 1] / 1e6);
        }
    }
}
