package bamboo.runtime;

/** A pooled payload buffer; large messages are a chain of chunks of the pool's chunk size. */
final class Chunk {
    final byte[] bytes;
    final int sizeClass;
    Chunk next;

    /** {@code bytes}: exactly the class's size (the pool's chain and copy code go by its length). */
    Chunk(int sizeClass, byte[] bytes) {
        this.sizeClass = sizeClass;
        this.bytes = bytes;
    }
}
