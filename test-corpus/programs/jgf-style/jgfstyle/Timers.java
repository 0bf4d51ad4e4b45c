package corpus.jgfstyle;

import java.util.Hashtable;

/** A table of timers shared by the whole program, as JGFInstrumentor keeps it. */
public class Timers {
    private static Hashtable<String, long[]> timers;

    static {
        timers = new Hashtable<>();
    }

    public static synchronized void add(String name) {
        if (timers.containsKey(name)) {
            System.out.println("timer " + name + " already exists FAIL");
        } else {
            timers.put(name, new long[] {System.nanoTime()});
        }
    }

    public static synchronized void stop(String name) {
        if (!timers.containsKey(name)) {
            System.out.println("timer " + name + " does not exist FAIL");
        }
    }
}
