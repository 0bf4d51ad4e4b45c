package demo;

/** Not a program: the processor must leave it alone. */
public class Plain {
    static int twice(int x) {
        return 2 * x;
    }
}
