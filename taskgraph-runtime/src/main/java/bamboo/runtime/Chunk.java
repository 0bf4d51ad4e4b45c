package bamboo.runtime;

/** A pooled payload buffer; large messages are a chain of chunks of the pool's chunk size. */
final class Chunk {
    final byte[] bytes;
    final int sizeClass;
    Chunk next;

    Chunk(int sizeClass, int size) {
        this.sizeClass = sizeClass;
        this.bytes = new byte[size];
    }
}
