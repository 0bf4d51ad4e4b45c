package bamboo.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Task's inbox calls stay out of line in generated code: they reach one method, Node.inbox, whose bytecode
 * is over C2's FreqInlineSize (325), so a translated execute() inlines only Task's PROC_NULL test and that
 * call. Inlined at every call site, the inbox's draining and lookups (about 900 bytecode bytes per
 * arrived(), 500 per receive()) would use up C2's 8000-byte inlining budget, or not, depending on the
 * runtime's shared profiles (which application ran first in the JVM), and leave the program's own kernel
 * calls out of line: Cannon's execute() ran 5-10% slower at k=9 and k=16 that way. Read from the class
 * files: a change that puts the drain or a lookup into Task's methods, or shrinks Node.inbox below the
 * limit, fails here.
 */
class InboxCallsStayOutOfLineTest {
    /** C2's default FreqInlineSize on x86-64 and AArch64: a hot callee with more bytecode is not inlined. */
    private static final int FREQ_INLINE_SIZE = 325;

    private static final List<String> API = List.of("arrived", "arrivedCount", "receive", "probe", "claim", "probeUnclaimed");

    @Test
    void nodeInboxIsTooBigForC2ToInline() throws IOException {
        ClassFile node = ClassFile.read(Node.class);
        Integer size = node.codeLength.get("inbox");
        assertNotNull(size, "Node.inbox not found");
        assertTrue(size > FREQ_INLINE_SIZE, "Node.inbox has " + size + " bytes of bytecode: C2 would inline it");
    }

    @Test
    void taskInboxCallsGoThroughNodeInboxAndInlineNothingElse() throws IOException {
        ClassFile task = ClassFile.read(Task.class);
        for (String m : API) {
            byte[] code = task.code.get(m);
            assertNotNull(code, "Task." + m + " not found");
            List<String> called = task.invoked(code);
            assertTrue(called.contains("bamboo/runtime/Node.inbox") || called.contains("bamboo/runtime/Task.unclaimed"),
                    "Task." + m + " calls " + called);
            for (String c : called) {
                assertFalse(c.startsWith("bamboo/runtime/Inbox.") || c.endsWith(".drainIncoming")
                        || c.endsWith(".drainUnlessEvaluating") || c.endsWith(".look"),
                        "Task." + m + " calls " + c + " itself: generated code would inline it");
            }
        }
        List<String> unclaimed = task.invoked(task.code.get("unclaimed"));
        assertTrue(unclaimed.contains("bamboo/runtime/Node.inbox"), "Task.unclaimed calls " + unclaimed);
        assertEquals(List.of("bamboo/runtime/Node.inbox"),
                task.invoked(task.code.get("arrived")).stream().filter(c -> !c.endsWith(".node")).toList());
    }

    /** Just enough of a class file: each method's code, and the methods its invoke instructions name. */
    private static final class ClassFile {
        final Map<String, byte[]> code = new HashMap<>();
        final Map<String, Integer> codeLength = new HashMap<>();
        private final Map<Integer, String> methodRefs = new HashMap<>();

        static ClassFile read(Class<?> c) throws IOException {
            try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
                assertNotNull(in, "class file of " + c);
                return new ClassFile(new DataInputStream(in));
            }
        }

        private ClassFile(DataInputStream in) throws IOException {
            in.readInt();
            in.readUnsignedShort();
            in.readUnsignedShort();
            int n = in.readUnsignedShort();
            String[] utf = new String[n];
            int[][] ref = new int[n][];
            for (int i = 1; i < n; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf[i] = in.readUTF();
                    case 7, 8, 16, 19, 20 -> ref[i] = new int[] {in.readUnsignedShort()};
                    case 3, 4 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++;
                    }
                    case 9, 10, 11, 12, 17, 18 -> ref[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort(), tag};
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException("constant pool tag " + tag);
                }
            }
            for (int i = 1; i < n; i++) {
                if (ref[i] != null && ref[i].length == 3 && (ref[i][2] == 10 || ref[i][2] == 11)) {
                    String owner = utf[ref[ref[i][0]][0]];
                    String name = utf[ref[ref[i][1]][0]];
                    methodRefs.put(i, owner + "." + name);
                }
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            in.readUnsignedShort();
            in.skipBytes(2 * in.readUnsignedShort());
            skipMembers(in);
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.readUnsignedShort();
                String name = utf[in.readUnsignedShort()];
                in.readUnsignedShort();
                int attrs = in.readUnsignedShort();
                for (int a = 0; a < attrs; a++) {
                    String attr = utf[in.readUnsignedShort()];
                    int len = in.readInt();
                    if (attr.equals("Code")) {
                        in.readUnsignedShort();
                        in.readUnsignedShort();
                        int codeLen = in.readInt();
                        byte[] body = new byte[codeLen];
                        in.readFully(body);
                        in.skipBytes(len - 8 - codeLen);
                        code.putIfAbsent(name, body);        // first of overloads: none here
                        codeLength.putIfAbsent(name, codeLen);
                    } else {
                        in.skipBytes(len);
                    }
                }
            }
        }

        private static void skipMembers(DataInputStream in) throws IOException {
            int count = in.readUnsignedShort();
            for (int f = 0; f < count; f++) {
                in.skipBytes(6);
                int attrs = in.readUnsignedShort();
                for (int a = 0; a < attrs; a++) {
                    in.readUnsignedShort();
                    in.skipBytes(in.readInt());
                }
            }
        }

        /** Methods named by invokevirtual/special/static/interface in {@code body} (small methods: a scan). */
        List<String> invoked(byte[] body) {
            java.util.ArrayList<String> out = new java.util.ArrayList<>();
            for (int i = 0; i + 2 < body.length; i++) {
                int op = body[i] & 0xFF;
                if (op >= 0xB6 && op <= 0xB9) {
                    String m = methodRefs.get(((body[i + 1] & 0xFF) << 8) | (body[i + 2] & 0xFF));
                    if (m != null) {
                        out.add(m);
                    }
                }
            }
            return out;
        }
    }
}
