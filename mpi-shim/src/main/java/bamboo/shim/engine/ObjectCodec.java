package bamboo.shim.engine;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import mpi.MPIException;

/**
 * {@code MPI.OBJECT} elements travel by Java serialisation, as over a real transport: the receiver gets a
 * deep copy, and classes resolve in the receiving rank's class loader (each rank has its own).
 */
final class ObjectCodec {
    private ObjectCodec() {
    }

    static byte[] serialize(Object[] buf, int offset, int count, String call) throws MPIException {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(buf[offset + i]);
            }
        } catch (IOException e) {
            throw new MPIException(call + ": cannot serialise element " + describe(buf, offset, count, e)
                    + " of the MPI.OBJECT buffer: " + e, e);
        }
        return bytes.toByteArray();
    }

    static Object[] deserialize(byte[] data, int count, ClassLoader loader, String call) throws MPIException {
        final Object[] objects = new Object[count];
        try (ObjectInputStream in = new LoaderInputStream(new ByteArrayInputStream(data), loader)) {
            for (int i = 0; i < count; i++) {
                objects[i] = in.readObject();
            }
        } catch (IOException | ClassNotFoundException e) {
            throw new MPIException(call + ": cannot deserialise the received MPI.OBJECT data: " + e, e);
        }
        return objects;
    }

    private static String describe(Object[] buf, int offset, int count, IOException e) {
        for (int i = 0; i < count; i++) {
            final Object o = buf[offset + i];
            if (o != null && e.getMessage() != null && e.getMessage().contains(o.getClass().getName())) {
                return (offset + i) + " (" + o.getClass().getName() + ")";
            }
        }
        return "(" + count + " from offset " + offset + ")";
    }

    /** Resolves classes in the receiving rank's loader first. */
    private static final class LoaderInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            if (loader != null) {
                try {
                    return Class.forName(desc.getName(), false, loader);
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
            return super.resolveClass(desc);
        }
    }
}
