package bamboo.bench.osu;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One device's figures: per message size, the latency and bandwidth of every round that ran. */
final class Results {
    final String device;
    /** The C row this device is compared with, or null. */
    final String reference;
    final Map<Integer, List<Double>> latency = new LinkedHashMap<>();
    final Map<Integer, List<Double>> bandwidth = new LinkedHashMap<>();

    Results(String device, String reference, List<Integer> sizes) {
        this.device = device;
        this.reference = reference;
        for (int s : sizes) {
            latency.put(s, new ArrayList<>());
            bandwidth.put(s, new ArrayList<>());
        }
    }

    /** Takes a run's {@code osu SIZE LATENCY_US MB_PER_S} lines; false when a size is missing from them. */
    boolean add(String output) {
        int seen = 0;
        for (String line : output.split("\n")) {
            final String[] f = line.trim().split("\\s+");
            if (f.length != 4 || !f[0].equals("osu")) {
                continue;
            }
            try {
                final int size = Integer.parseInt(f[1]);
                if (latency.containsKey(size)) {
                    latency.get(size).add(Double.parseDouble(f[2]));
                    bandwidth.get(size).add(Double.parseDouble(f[3]));
                    seen++;
                }
            } catch (NumberFormatException e) {
                // not a line of the program's
            }
        }
        return seen == latency.size();
    }

    /** The median (the upper one of an even count), or NaN when no round gave a figure. */
    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        final double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
