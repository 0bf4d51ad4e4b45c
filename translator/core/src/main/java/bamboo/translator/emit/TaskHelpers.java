package bamboo.translator.emit;

import bamboo.translator.parse.Walk;
import bamboo.translator.parse.Templates;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;

import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.NodeList;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.Name;
import com.github.javaparser.ast.expr.SimpleName;
import com.github.javaparser.ast.type.PrimitiveType;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The generated task's helpers for statuses, probes and requests, added to a task class only when its
 * code uses them (by name: a helper's own uses pull in further helpers).
 *
 * <p>Requests in translated code: a send is complete at once (copied), and so is an Irecv in a receive
 * block (past the region's evaluation point its message is there). An Irecv outside receive blocks is
 * deferred: noted on {@code bambooPending}, in post order, and received when a Wait / Test asks for it.
 * MPI matches a message with the earliest posted receive that matches it, so completing a deferred
 * receive also completes the earlier pending ones whose (source, tag) patterns overlap it (transitively):
 * they are received first, in post order, and each gets the message it would have got untranslated.
 * A request handed out by a Wait or a successful Test becomes inactive (MPI's null request).
 */
final class TaskHelpers {
    private TaskHelpers() {
    }

    private static final Map<String, String> MEMBERS = new LinkedHashMap<>();

    private static void add(String name, String... lines) {
        MEMBERS.put(name, String.join("\n", lines));
    }

    static {
        add("bambooStatus",
            "/** The Status of the message receive() just took (its element count as returned). */",
            "private mpi.Status bambooStatus(int count) {",
            "    return new mpi.Status(lastSource(), lastTag(), count);",
            "}");
        add("bambooProbe",
            "/** Probe / Iprobe: the Status of the oldest matching message (left in place), or null. */",
            "private mpi.Status bambooProbe(int source, int tag) {",
            "    return probe(source, tag) ? new mpi.Status(lastSource(), lastTag(), lastCount()) : null;",
            "}");
        add("bambooProbeUnclaimed",
            "/** Dry run of a Probe in a firing rule: like bambooProbe, past the messages claimed so far. */",
            "private mpi.Status bambooProbeUnclaimed(int source, int tag) {",
            "    return probeUnclaimed(source, tag) ? new mpi.Status(lastSource(), lastTag(), lastCount()) : null;",
            "}");
        add("bambooClaimStatus",
            "/** Dry run of a receive whose Status the rule needs: claims the message, or null. */",
            "private mpi.Status bambooClaimStatus(int source, int tag) {",
            "    return claim(source, tag) ? new mpi.Status(lastSource(), lastTag(), lastCount()) : null;",
            "}");
        add("BambooRequest",
            "/** A translated request: complete at once (status set), or a deferred Irecv (buf set) until received. */",
            "private static final class BambooRequest extends mpi.Request {",
            "    final int source;",
            "    final int tag;",
            "    final Object buf;",
            "    final int offset;",
            "    final int count;",
            "    mpi.Status status; // set when complete",
            "    boolean wanted; // a deferred receive the current Wait / Test completes",
            "    boolean inactive; // handed out by a Wait or Test: a null request from now on",
            "",
            "    BambooRequest(int source, int tag, Object buf, int offset, int count, mpi.Status status) {",
            "        super(null);",
            "        this.source = source;",
            "        this.tag = tag;",
            "        this.buf = buf;",
            "        this.offset = offset;",
            "        this.count = count;",
            "        this.status = status;",
            "    }",
            "",
            "    /** Whether MPI could match one message to both (each pattern may hold wildcards). */",
            "    boolean overlaps(BambooRequest o) {",
            "        return (source == o.source || source == mpi.MPI.ANY_SOURCE || o.source == mpi.MPI.ANY_SOURCE)",
            "                && (tag == o.tag || tag == mpi.MPI.ANY_TAG || o.tag == mpi.MPI.ANY_TAG);",
            "    }",
            "}");
        add("bambooSendInit",
            "/** Send_init (and Ssend_, Bsend_, Rsend_init): an inactive persistent send; each Start sends the buffer. */",
            "private mpi.Prequest bambooSendInit(int dest, int tag, Object buf, int offset, int count) {",
            "    return new BambooRequest(dest, tag, buf, offset, count, new mpi.Status(), BambooRequest.SEND);",
            "}");
        add("bambooRecvInit",
            "/** Recv_init: an inactive persistent receive; each Start receives one message into the buffer. */",
            "private mpi.Prequest bambooRecvInit(int source, int tag, Object buf, int offset, int count) {",
            "    return new BambooRequest(source, tag, buf, offset, count, new mpi.Status(), BambooRequest.RECEIVE);",
            "}");
        add("bambooStarted",
            "/** Makes a persistent request active for Start / Startall: a send is sent (the buffer as it is now);",
            " *  returns a receive, which the caller takes or notes, and null for a send or a null array entry. */",
            "private BambooRequest bambooStarted(Object request, boolean inArray) {",
            "    if (request == null && inArray) {",
            "        return null;",
            "    }",
            "    if (!(request instanceof BambooRequest) || ((BambooRequest) request).persistent == 0) {",
            "        throw new IllegalStateException(\"Prequest.Start: \" + (request == null ? \"the request is null\"",
            "                : \"not a persistent request (Send_init, Recv_init, ...)\"));",
            "    }",
            "    BambooRequest r = (BambooRequest) request;",
            "    if (r.freed) {",
            "        throw new IllegalStateException(\"Prequest.Start: the request has been freed\");",
            "    }",
            "    if (!r.inactive) {",
            "        throw new IllegalStateException(\"Prequest.Start: the request is still active (Wait for it before \"",
            "                + \"starting it again)\");",
            "    }",
            "    r.inactive = false;",
            "    if (r.persistent == BambooRequest.SEND) {",
            "        send(r.source, r.tag, r.buf, r.offset, r.count); // the buffer as it is now: copied, complete",
            "        r.status = new mpi.Status(id(), r.tag, r.count);",
            "        return null;",
            "    }",
            "    return r;",
            "}");
        add("bambooStart",
            "/** Start / Startall outside receive blocks: sends go at once; receives are noted like an Irecv there. */",
            "private void bambooStart(Object requests) {",
            "    boolean array = requests instanceof Object[];",
            "    for (Object o : array ? (Object[]) requests : new Object[] {requests}) {",
            "        BambooRequest r = bambooStarted(o, array);",
            "        if (r != null) {",
            "            r.status = null;",
            "            bambooPending.add(r);",
            "        }",
            "    }",
            "}");
        add("bambooStartNow",
            "/** Start / Startall in a receive block: past the region's evaluation point a receive's message is there. */",
            "private void bambooStartNow(Object requests) {",
            "    boolean array = requests instanceof Object[];",
            "    for (Object o : array ? (Object[]) requests : new Object[] {requests}) {",
            "        BambooRequest r = bambooStarted(o, array);",
            "        if (r != null) {",
            "            r.status = bambooStatus(receive(r.source, r.tag, r.buf, r.offset, r.count));",
            "        }",
            "    }",
            "}");
        add("bambooClaimStart",
            "/** Dry run of Start / Startall in a firing rule: claims the message of each persistent receive started. */",
            "private boolean bambooClaimStart(Object requests) {",
            "    for (Object o : requests instanceof Object[] ? (Object[]) requests : new Object[] {requests}) {",
            "        BambooRequest r = o instanceof BambooRequest ? (BambooRequest) o : null;",
            "        if (r != null && r.persistent == BambooRequest.RECEIVE && !claim(r.source, r.tag)) {",
            "            return false;",
            "        }",
            "    }",
            "    return true;",
            "}");
        add("bambooFree",
            "/** Request.Free: a persistent request cannot start again; another becomes a null request. A pending",
            " *  receive still takes its message when a later Wait needs it, as MPI's matching order requires. */",
            "private void bambooFree(Object r) {",
            "    if (r instanceof BambooRequest) {",
            "        ((BambooRequest) r).freed = true;",
            "    }",
            "}");
        add("bambooIsNull",
            "/** Request.Is_null: freed, or (not persistent) handed out by a Wait or Test. */",
            "private static boolean bambooIsNull(Object r) {",
            "    BambooRequest b = (BambooRequest) r;",
            "    return b.freed || b.persistent == 0 && b.inactive;",
            "}");
        add("bambooBuffer",
            "/** The buffer Buffer_attach gave: translated buffered sends copy at once and never use it. */",
            "private java.nio.ByteBuffer bambooBuffer;");
        add("bambooBufferAttach",
            "/** MPI.Buffer_attach: kept for Buffer_detach (translated sends copy at once: Bsend needs no buffer). */",
            "private void bambooBufferAttach(java.nio.ByteBuffer buffer) {",
            "    if (buffer == null) {",
            "        throw new IllegalArgumentException(\"MPI.Buffer_attach: buffer is null\");",
            "    }",
            "    bambooBuffer = buffer;",
            "}");
        add("bambooBufferDetach",
            "/** MPI.Buffer_detach: the buffer given to Buffer_attach (or null). */",
            "private java.nio.ByteBuffer bambooBufferDetach() {",
            "    java.nio.ByteBuffer b = bambooBuffer;",
            "    bambooBuffer = null;",
            "    return b;",
            "}");
        add("bambooPending",
            "/** Irecvs outside receive blocks not received yet, in post order. */",
            "private final java.util.ArrayList<BambooRequest> bambooPending = new java.util.ArrayList<>();");
        add("bambooIsend",
            "/** Isend: the message is copied and on its way at once, so the request is complete. */",
            "private mpi.Request bambooIsend(int dest, int tag, Object buf, int offset, int count) {",
            "    send(dest, tag, buf, offset, count);",
            "    return new BambooRequest(dest, tag, null, offset, count, new mpi.Status(id(), tag, count));",
            "}");
        add("bambooIrecv",
            "/** Irecv past the evaluation point: the message is there and copied at once (see bambooIsend). */",
            "private mpi.Request bambooIrecv(int source, int tag, Object buf, int offset, int count) {",
            "    int n = receive(source, tag, buf, offset, count);",
            "    return new BambooRequest(source, tag, null, offset, count, bambooStatus(n));",
            "}");
        add("bambooDefer",
            "/** Irecv outside a receive block: noted, and received when a Wait / Test asks for it. */",
            "private mpi.Request bambooDefer(int source, int tag, Object buf, int offset, int count) {",
            "    BambooRequest r = new BambooRequest(source, tag, buf, offset, count, null);",
            "    bambooPending.add(r);",
            "    return r;",
            "}");
        add("bambooWaitFor",
            "/**",
            " * Marks the deferred receives a Wait / Test of {@code requests} (one request or an array) completes:",
            " * its own, and every earlier pending one whose pattern overlaps a marked later one, which MPI's",
            " * matching order completes first.",
            " */",
            "private void bambooWaitFor(Object requests) {",
            "    for (BambooRequest p : bambooPending) {",
            "        p.wanted = false;",
            "    }",
            "    Object[] all = requests instanceof Object[] ? (Object[]) requests : new Object[] {requests};",
            "    int last = -1;",
            "    for (Object r : all) {",
            "        if (r instanceof BambooRequest && ((BambooRequest) r).status == null) {",
            "            ((BambooRequest) r).wanted = true;",
            "            last = Math.max(last, bambooPending.indexOf(r));",
            "        }",
            "    }",
            "    for (int j = last - 1; j >= 0; j--) {",
            "        BambooRequest e = bambooPending.get(j);",
            "        for (int k = j + 1; k <= last && !e.wanted; k++) {",
            "            e.wanted = bambooPending.get(k).wanted && e.overlaps(bambooPending.get(k));",
            "        }",
            "    }",
            "}");
        add("bambooDeferredArrived",
            "/** Firing rule of a Wait: the message of every marked deferred receive has arrived (claimed in post order). */",
            "private boolean bambooDeferredArrived() {",
            "    unclaim();",
            "    for (BambooRequest p : bambooPending) {",
            "        if (p.wanted && !claim(p.source, p.tag)) {",
            "            return false;",
            "        }",
            "    }",
            "    return true;",
            "}");
        add("bambooReceiveDeferred",
            "/** Receives the marked deferred receives, in the order they were posted. */",
            "private void bambooReceiveDeferred() {",
            "    for (java.util.Iterator<BambooRequest> i = bambooPending.iterator(); i.hasNext();) {",
            "        BambooRequest p = i.next();",
            "        if (p.wanted) {",
            "            p.status = bambooStatus(receive(p.source, p.tag, p.buf, p.offset, p.count));",
            "            p.wanted = false;",
            "            i.remove();",
            "        }",
            "    }",
            "}");
        add("bambooCompletable",
            "/** Whether request r is complete, or a deferred receive whose message (and those before it) arrived. */",
            "private boolean bambooCompletable(Object r) {",
            "    if (!(r instanceof BambooRequest) || ((BambooRequest) r).status != null) {",
            "        return true;",
            "    }",
            "    bambooWaitFor(r);",
            "    return bambooDeferredArrived();",
            "}");
        add("bambooComplete",
            "/** Completes request r if it can (see bambooCompletable); true when it is complete. */",
            "private boolean bambooComplete(Object r) {",
            "    if (!bambooCompletable(r)) {",
            "        return false;",
            "    }",
            "    if (r instanceof BambooRequest && ((BambooRequest) r).status == null) {",
            "        bambooReceiveDeferred();",
            "    }",
            "    return true;",
            "}");
        add("bambooTake",
            "/** The status of a completed request, which becomes inactive (MPI's null request); index -1. */",
            "private mpi.Status bambooTake(Object r) {",
            "    if (!(r instanceof BambooRequest) || ((BambooRequest) r).inactive) {",
            "        return new mpi.Status();",
            "    }",
            "    BambooRequest b = (BambooRequest) r;",
            "    b.inactive = true;",
            "    mpi.Status s = new mpi.Status(b.status.source, b.status.tag, b.status.elements());",
            "    return s;",
            "}");
        add("bambooActive",
            "/** Whether r is an active request (not null, not handed out by a Wait or Test yet). */",
            "private static boolean bambooActive(Object r) {",
            "    return r instanceof BambooRequest && !((BambooRequest) r).inactive;",
            "}");
        add("bambooAnyCompletable",
            "/** Firing rule of Waitany / Waitsome: some active request of the array can complete, or none is active. */",
            "private boolean bambooAnyCompletable(Object requests) {",
            "    boolean active = false;",
            "    for (Object r : (Object[]) requests) {",
            "        if (bambooActive(r)) {",
            "            active = true;",
            "            if (bambooCompletable(r)) {",
            "                return true;",
            "            }",
            "        }",
            "    }",
            "    return !active;",
            "}");
        add("bambooWait",
            "/** Wait: the request's status (after its evaluation point, if it is a deferred receive). */",
            "private mpi.Status bambooWait(Object r) {",
            "    if (!bambooComplete(r)) {",
            "        throw new IllegalStateException(\"Wait on a receive whose message has not arrived\");",
            "    }",
            "    return bambooTake(r);",
            "}");
        add("bambooWaitall",
            "/** Waitall: every request's status, in array order. */",
            "private mpi.Status[] bambooWaitall(Object requests) {",
            "    Object[] all = (Object[]) requests;",
            "    bambooWaitFor(all);",
            "    if (!bambooDeferredArrived()) {",
            "        throw new IllegalStateException(\"Waitall on a receive whose message has not arrived\");",
            "    }",
            "    bambooReceiveDeferred();",
            "    mpi.Status[] out = new mpi.Status[all.length];",
            "    for (int i = 0; i < all.length; i++) {",
            "        out[i] = bambooTake(all[i]);",
            "    }",
            "    return out;",
            "}");
        add("bambooTestany",
            "/** Testany: one completed request's status with its index; null when none can complete now;",
            " *  index MPI.UNDEFINED when none is active. */",
            "private mpi.Status bambooTestany(Object requests) {",
            "    Object[] all = (Object[]) requests;",
            "    boolean active = false;",
            "    for (int i = 0; i < all.length; i++) {",
            "        if (bambooActive(all[i])) {",
            "            active = true;",
            "            if (bambooComplete(all[i])) {",
            "                mpi.Status s = bambooTake(all[i]);",
            "                s.index = i;",
            "                return s;",
            "            }",
            "        }",
            "    }",
            "    if (active) {",
            "        return null;",
            "    }",
            "    mpi.Status none = new mpi.Status();",
            "    none.index = mpi.MPI.UNDEFINED;",
            "    return none;",
            "}");
        add("bambooWaitany",
            "/** Waitany: past its evaluation point some active request can complete (or none is active). */",
            "private mpi.Status bambooWaitany(Object requests) {",
            "    mpi.Status s = bambooTestany(requests);",
            "    if (s == null) {",
            "        throw new IllegalStateException(\"Waitany on receives none of whose messages has arrived\");",
            "    }",
            "    return s;",
            "}");
        add("bambooTestsome",
            "/** Testsome: the statuses (with indices) of every request that can complete now; possibly empty. */",
            "private mpi.Status[] bambooTestsome(Object requests) {",
            "    Object[] all = (Object[]) requests;",
            "    java.util.List<mpi.Status> done = new java.util.ArrayList<>();",
            "    for (int i = 0; i < all.length; i++) {",
            "        if (bambooActive(all[i]) && bambooComplete(all[i])) {",
            "            mpi.Status s = bambooTake(all[i]);",
            "            s.index = i;",
            "            done.add(s);",
            "        }",
            "    }",
            "    return done.toArray(new mpi.Status[0]);",
            "}");
        add("bambooWaitsome",
            "/** Waitsome: past its evaluation point at least one active request can complete (or none is active). */",
            "private mpi.Status[] bambooWaitsome(Object requests) {",
            "    return bambooTestsome(requests);",
            "}");
        add("bambooTest",
            "/** Test: the request's status when it can complete now (it becomes inactive), else null. */",
            "private mpi.Status bambooTest(Object r) {",
            "    return bambooComplete(r) ? bambooTake(r) : null;",
            "}");
        add("bambooTestall",
            "/** Testall: every status when all requests can complete now, else null (and none completes). */",
            "private mpi.Status[] bambooTestall(Object requests) {",
            "    bambooWaitFor(requests);",
            "    return bambooDeferredArrived() ? bambooWaitall(requests) : null;",
            "}");
        add("bambooAllCompletable",
            "/** Yield rule of Testall: every request of the array can complete now. */",
            "private boolean bambooAllCompletable(Object requests) {",
            "    bambooWaitFor(requests);",
            "    return bambooDeferredArrived();",
            "}");
        add("bambooRequests",
            "/** The request or array a Wait / Test that is an evaluation point waits on. */",
            "private Object bambooRequests;");
        add("bambooYielded",
            "/** An Iprobe / Test found nothing and gave way once: the next time it answers at once. */",
            "private boolean bambooYielded;");
    }

    /** BambooRequest when the program uses persistent requests, Free or Is_null. */
    private static final String PERSISTENT_REQUEST = String.join("\n",
            "/**",
            " * A translated request: complete at once (status set), or a deferred receive (buf set) until received;",
            " * a persistent one (Send_init, Recv_init) is inactive until started, and again once waited for.",
            " */",
            "private static final class BambooRequest extends mpi.Prequest {",
            "    static final int SEND = 1;",
            "    static final int RECEIVE = 2;",
            "    final int source;",
            "    final int tag;",
            "    final Object buf;",
            "    final int offset;",
            "    final int count;",
            "    final int persistent; // 0, SEND or RECEIVE",
            "    mpi.Status status; // set when complete",
            "    boolean wanted; // a deferred receive the current Wait / Test completes",
            "    boolean inactive; // handed out by a Wait or Test: a null request (persistent: startable)",
            "    boolean freed;",
            "",
            "    BambooRequest(int source, int tag, Object buf, int offset, int count, mpi.Status status) {",
            "        this(source, tag, buf, offset, count, status, 0);",
            "    }",
            "",
            "    BambooRequest(int source, int tag, Object buf, int offset, int count, mpi.Status status, int persistent) {",
            "        super(null);",
            "        this.source = source;",
            "        this.tag = tag;",
            "        this.buf = buf;",
            "        this.offset = offset;",
            "        this.count = count;",
            "        this.status = status;",
            "        this.persistent = persistent;",
            "        this.inactive = persistent != 0;",
            "    }",
            "",
            "    /** Whether MPI could match one message to both (each pattern may hold wildcards). */",
            "    boolean overlaps(BambooRequest o) {",
            "        return (source == o.source || source == mpi.MPI.ANY_SOURCE || o.source == mpi.MPI.ANY_SOURCE)",
            "                && (tag == o.tag || tag == mpi.MPI.ANY_TAG || o.tag == mpi.MPI.ANY_TAG);",
            "    }",
            "}");

    /** Helpers whose use needs the persistent form of BambooRequest. */
    private static final Set<String> PERSISTENT_USES = Set.of("bambooSendInit", "bambooRecvInit", "bambooFree",
            "bambooIsNull");

    /**
     * Adds to {@code c} every helper its code uses, and the helpers those use.
     *
     * @param communicatorStatuses the program receives on communicators other than COMM_WORLD: statuses
     *                             then name the source as a rank and the tag as the user's tag of the
     *                             communicator the message came on ({@code TaskComm.status})
     * @param avoid names that later rewrites of the task class look for (the program's name, its nested
     *              types): a helper that mentions one goes in as a tree, so those rewrites see it
     * @return what turns the printed class into the class with its helpers (see {@link Placed})
     */
    static Placed addUsed(ClassOrInterfaceDeclaration c, boolean communicatorStatuses, Set<String> avoid) {
        boolean persistent = false;
        Set<String> added = new HashSet<>();
        List<Helper> placed = new ArrayList<>();
        // Names only grow: after the whole class, each round looks only at the helpers the last one added
        // (three walks of the whole class per round were a twentieth of a translation); a helper's own
        // names are known once per JVM.
        Set<String> used = new HashSet<>();
        Walk.preOrder(c, x -> addUsedName(x, used));
        while (!used.isEmpty()) {
            for (String p : PERSISTENT_USES) {
                persistent |= used.contains(p); // what the helpers added before used is in earlier rounds
            }
            Set<String> more = new HashSet<>();
            for (Map.Entry<String, String> e : MEMBERS.entrySet()) {
                if (used.contains(e.getKey()) && added.add(e.getKey())) {
                    String text = e.getKey().equals("BambooRequest") && persistent ? PERSISTENT_REQUEST : e.getValue();
                    if (communicatorStatuses) {
                        text = text.replace("new mpi.Status(lastSource(), lastTag(),",
                                "bambooWorld().status(lastSource(), lastTag(),")
                                .replace("(tag == o.tag || tag == mpi.MPI.ANY_TAG || o.tag == mpi.MPI.ANY_TAG)",
                                        "bamboo.runtime.comm.TaskComm.tagsOverlap(tag, o.tag)");
                    }
                    Helper h = Helper.of(text);
                    if (h.mentionsAny(avoid)) {
                        c.addMember(h.member());
                    } else {
                        c.addMember(Placed.placeholder(placed.size(), h.used().contains("bambooWorld")));
                        placed.add(h);
                    }
                    more.addAll(h.used());
                }
            }
            used.clear();
            used.addAll(more);
        }
        return new Placed(placed);
    }

    /** Adds the name {@code x} uses if it is a call, a name or a type: what may pull in a further helper. */
    private static void addUsedName(Node x, Set<String> used) {
        if (x instanceof MethodCallExpr) {
            used.add(((MethodCallExpr) x).getNameAsString());
        } else if (x instanceof NameExpr) {
            used.add(((NameExpr) x).getNameAsString());
        } else if (x instanceof ClassOrInterfaceType) {
            used.add(((ClassOrInterfaceType) x).getNameAsString());
        }
    }

    /** Every helper's name (for tests). */
    static Set<String> names() {
        return MEMBERS.keySet();
    }

    /** Names the task class's later rewrites look for whatever the program: communicator types and values. */
    static final Set<String> REWRITTEN = Set.of("Comm", "Intracomm", "Group", "COMM_WORLD", "COMM_SELF",
            "GROUP_EMPTY");

    /**
     * A helper's text, parsed and printed once per JVM: the tree, the text it prints as (a member of a
     * top-level class), the names it uses (calls, names, types: further helpers) and every identifier in it.
     */
    record Helper(BodyDeclaration<?> template, String printed, Set<String> used, Set<String> identifiers) {
        private static final ConcurrentHashMap<String, Helper> KNOWN = new ConcurrentHashMap<>();

        static Helper of(String text) {
            return KNOWN.computeIfAbsent(text, Helper::make);
        }

        private static Helper make(String text) {
            BodyDeclaration<?> member = Templates.member(text);
            Set<String> used = new HashSet<>();
            Set<String> identifiers = new HashSet<>();
            Walk.preOrder(member, x -> {
                addUsedName(x, used);
                if (x instanceof SimpleName) {
                    identifiers.add(((SimpleName) x).getIdentifier());
                } else if (x instanceof Name) {
                    identifiers.add(((Name) x).getIdentifier());
                }
            });
            return new Helper(member, Placed.asMember(member), Set.copyOf(used), Set.copyOf(identifiers));
        }

        BodyDeclaration<?> member() {
            return template.clone();
        }

        boolean mentionsAny(Set<String> names) {
            for (String n : names) {
                if (identifiers.contains(n)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The helpers of one task class as text. Their trees were printed once per JVM; in the class each stands
     * as a one-line placeholder field whose name no source can hold ({@code #} and a random number: not an
     * identifier, so neither in code nor, in practice, in a comment or string), and {@link #fill} puts each
     * helper's printed text in place of its placeholder's line. A placeholder for a helper that calls
     * {@code bambooWorld()} calls it too, so the task still gets its world communicator.
     */
    static final class Placed {
        private static final String MARK = "#bambooHelper" + Long.toHexString(new SecureRandom().nextLong()) + "_";
        private static final String[] FRAME = frame();

        private final List<Helper> helpers;

        Placed(List<Helper> helpers) {
            this.helpers = List.copyOf(helpers);
        }

        static FieldDeclaration placeholder(int index, boolean callsWorld) {
            VariableDeclarator v = new VariableDeclarator(PrimitiveType.intType(), MARK + index);
            if (callsWorld) {
                v.setInitializer(new MethodCallExpr(null, "bambooWorld"));
            }
            return new FieldDeclaration(new NodeList<>(), v);
        }

        /** The printed class (or compilation unit) with each placeholder's line replaced by its helper. */
        String fill(String printed) {
            if (helpers.isEmpty()) {
                return printed;
            }
            StringBuilder b = new StringBuilder(printed.length() + helpers.size() * 512);
            int from = 0;
            for (int i = 0; i < helpers.size(); i++) {
                int at = printed.indexOf(MARK + i + ";", from);
                if (at < 0) {
                    at = printed.indexOf(MARK + i + " =", from);
                }
                if (at < 0) {
                    throw new IllegalStateException("helper placeholder " + i + " not printed");
                }
                int start = printed.lastIndexOf('\n', at) + 1;
                int end = lineEnd(printed, at);
                b.append(printed, from, start).append(helpers.get(i).printed());
                from = end;
            }
            return b.append(printed, from, printed.length()).toString();
        }

        /** What {@code member} prints as in a top-level class: the same steps {@link #fill} undoes. */
        static String asMember(BodyDeclaration<?> member) {
            ClassOrInterfaceDeclaration c = new ClassOrInterfaceDeclaration();
            c.addMember(member.clone());
            String s = Printer.print(c);
            if (!s.startsWith(FRAME[0]) || !s.endsWith(FRAME[1])) {
                throw new IllegalStateException("helper printed out of its frame: " + s);
            }
            return s.substring(FRAME[0].length(), s.length() - FRAME[1].length());
        }

        /** A class of one placeholder, printed: the text before the placeholder's line and after it. */
        private static String[] frame() {
            ClassOrInterfaceDeclaration c = new ClassOrInterfaceDeclaration();
            c.addMember(placeholder(0, false));
            String s = Printer.print(c);
            int at = s.indexOf(MARK + "0;");
            int start = s.lastIndexOf('\n', at) + 1;
            return new String[] {s.substring(0, start), s.substring(lineEnd(s, at))};
        }

        private static int lineEnd(String s, int at) {
            int nl = s.indexOf('\n', at);
            if (nl < 0) {
                return s.length();
            }
            return nl > 0 && s.charAt(nl - 1) == '\r' ? nl - 1 : nl;
        }
    }
}
