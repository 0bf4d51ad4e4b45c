package bamboo.shim.job;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Finds a program's mutable static state: a static field that is not final. Why: a program whose classes are
 * kept from one run to the next (steady-state measurement, {@link RankLoaders}) would start its second run
 * with whatever its first left in such a field, where a fresh process (or fresh loaders) starts from the
 * initialiser again; runs that reuse classes refuse such a program rather than measure something else.
 *
 * <p>Limit: a {@code static final} field that holds a mutable object (an array, a collection, an
 * {@code AtomicLong}) is not found: it may be a constant table or state, which the field does not say.
 * Synthetic fields (made by the compiler or a tool such as a coverage agent) are not the program's.
 */
public final class StaticState {
    private StaticState() {
    }

    /**
     * The first non-final static field of {@code c}, as {@code "class C has a mutable static field 'f'"},
     * or null when it has none.
     */
    public static String mutableStatic(Class<?> c) {
        final Field[] fields;
        try {
            fields = c.getDeclaredFields();
        } catch (LinkageError e) {
            return null; // a field's type cannot be loaded: the class cannot have run either
        }
        for (Field f : fields) {
            final int m = f.getModifiers();
            if (Modifier.isStatic(m) && !Modifier.isFinal(m) && !f.isSynthetic()) {
                return "class " + c.getName() + " has a mutable static field '" + f.getName() + "'";
            }
        }
        return null;
    }

    /** The first of {@code classes} with a mutable static field, described, or null. */
    public static String mutableStatic(Iterable<Class<?>> classes) {
        for (Class<?> c : classes) {
            final String found = mutableStatic(c);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
