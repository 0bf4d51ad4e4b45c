package bamboo.shim.nativempi.programs;

import java.util.Arrays;
import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.ShiftParms;
import mpi.Status;
import mpi.User_function;

/**
 * Exercises the mpi API on any number of ranks and checks every result against what it must be; prints
 * one line per check from rank 0 and fails (exception) on the first wrong value.
 */
public final class Suite {
    private static int me;
    private static int n;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        me = MPI.COMM_WORLD.Rank();
        n = MPI.COMM_WORLD.Size();
        pointToPoint();
        nonBlocking();
        anySourceAndProbe();
        objects();
        collectives();
        reductions();
        communicators();
        cartesian();
        MPI.COMM_WORLD.Barrier();
        say("suite ok on " + n + " ranks");
        MPI.Finalize();
    }

    private static void pointToPoint() throws MPIException {
        final int right = (me + 1) % n;
        final int left = (me + n - 1) % n;
        // Every datatype around the ring, at an offset.
        final double[] d = {0, me + 0.5, me + 1.5};
        final double[] dIn = new double[3];
        final Status s = MPI.COMM_WORLD.Sendrecv(d, 1, 2, MPI.DOUBLE, right, 5, dIn, 1, 2, MPI.DOUBLE, left, 5);
        check(dIn[1] == left + 0.5 && dIn[2] == left + 1.5 && dIn[0] == 0, "Sendrecv doubles " + Arrays.toString(dIn));
        check(s.source == left && s.tag == 5 && s.Get_count(MPI.DOUBLE) == 2, "Sendrecv status " + s);
        final char[] c = {(char) ('a' + me), '\uffff'};
        final char[] cIn = new char[2];
        MPI.COMM_WORLD.Sendrecv(c, 0, 2, MPI.CHAR, right, 6, cIn, 0, 2, MPI.CHAR, left, 6);
        check(cIn[0] == 'a' + left && cIn[1] == '\uffff', "chars");
        final boolean[] b = {me % 2 == 0, true};
        final boolean[] bIn = new boolean[2];
        MPI.COMM_WORLD.Sendrecv(b, 0, 2, MPI.BOOLEAN, right, 7, bIn, 0, 2, MPI.BOOLEAN, left, 7);
        check(bIn[0] == (left % 2 == 0) && bIn[1], "booleans");
        final long[] l = {Long.MIN_VALUE + me};
        final long[] lIn = new long[1];
        MPI.COMM_WORLD.Sendrecv_replace(l, 0, 1, MPI.LONG, right, 8, left, 8);
        check(l[0] == Long.MIN_VALUE + left, "Sendrecv_replace long");
        // A large message (over the scratch size) goes through the matched, zero-copy receive.
        final int[] big = new int[100_000];
        Request bigSend = null;
        if (me == 0) {
            Arrays.setAll(big, i -> i * 3);
            // Non-blocking: on one rank the message goes to itself, and a large blocking send may wait for
            // its receive.
            bigSend = MPI.COMM_WORLD.Isend(big, 0, big.length, MPI.INT, 1 % n, 9);
        }
        if (me == 1 % n) {
            final int[] got = new int[big.length + 10];
            final Status st = MPI.COMM_WORLD.Recv(got, 10, big.length, MPI.INT, 0, 9);
            check(st.Get_count(MPI.INT) == big.length && got[10] == 0 && got[10 + 99_999] == 99_999 * 3, "large Recv");
        }
        if (bigSend != null) {
            bigSend.Wait();
        }
        // PROC_NULL completes at once.
        final Status none = MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.PROC_NULL, 1);
        check(none.source == MPI.PROC_NULL, "Recv from PROC_NULL");
        // Synchronous and buffered sends.
        if (n > 1) {
            if (me == 0) {
                MPI.COMM_WORLD.Ssend(new int[] {42}, 0, 1, MPI.INT, 1, 10);
                MPI.COMM_WORLD.Bsend(new int[] {43}, 0, 1, MPI.INT, 1, 11);
            } else if (me == 1) {
                final int[] x = new int[2];
                MPI.COMM_WORLD.Recv(x, 0, 1, MPI.INT, 0, 10);
                MPI.COMM_WORLD.Recv(x, 1, 1, MPI.INT, 0, 11);
                check(x[0] == 42 && x[1] == 43, "Ssend and Bsend");
            }
        }
        // A message longer than the receive buffer is an error, not a silent truncation.
        if (n > 1) {
            if (me == 0) {
                MPI.COMM_WORLD.Send(new int[4], 0, 4, MPI.INT, 1, 12);
            } else if (me == 1) {
                try {
                    MPI.COMM_WORLD.Recv(new int[2], 0, 2, MPI.INT, 0, 12);
                    check(false, "truncation not reported");
                } catch (MPIException e) {
                    check(e.getMessage().startsWith("Recv: "), "truncation message " + e.getMessage());
                }
            }
        }
        try {
            MPI.COMM_WORLD.Send(new int[1], 0, 2, MPI.INT, 0, 1);
            check(false, "bad count not reported");
        } catch (MPIException e) {
            check(e.getMessage().contains("buf has 1 elements"), "bad count message " + e.getMessage());
        }
        say("point-to-point ok");
    }

    private static void nonBlocking() throws MPIException {
        final int right = (me + 1) % n;
        final int left = (me + n - 1) % n;
        final float[][] in = new float[4][3];
        final Request[] r = new Request[8];
        for (int k = 0; k < 4; k++) {
            r[k] = MPI.COMM_WORLD.Irecv(in[k], 0, 3, MPI.FLOAT, left, 20 + k);
        }
        for (int k = 0; k < 4; k++) {
            r[4 + k] = MPI.COMM_WORLD.Isend(new float[] {me, k, me * k}, 0, 3, MPI.FLOAT, right, 20 + k);
        }
        final Status[] st = Request.Waitall(r);
        for (int k = 0; k < 4; k++) {
            check(in[k][0] == left && in[k][1] == k && in[k][2] == left * k && st[k].tag == 20 + k, "Isend/Irecv " + k);
        }
        check(r[0].Is_null() && r[0].Wait().source == MPI.ANY_SOURCE, "completed request is null");
        // Persistent requests started twice.
        final int[] pin = new int[1];
        final int[] pout = new int[1];
        final Prequest pr = MPI.COMM_WORLD.Recv_init(pin, 0, 1, MPI.INT, left, 30);
        final Prequest ps = MPI.COMM_WORLD.Send_init(pout, 0, 1, MPI.INT, right, 30);
        for (int round = 0; round < 2; round++) {
            pout[0] = me * 100 + round;
            pr.Start();
            ps.Start();
            Request.Waitall(new Request[] {pr, ps});
            check(pin[0] == left * 100 + round && !pr.Is_null(), "persistent round " + round);
        }
        pr.Free();
        ps.Free();
        // Waitany and Testany.
        final int[] one = new int[1];
        final Request[] any = {MPI.COMM_WORLD.Irecv(one, 0, 1, MPI.INT, left, 31), null};
        MPI.COMM_WORLD.Send(new int[] {me}, 0, 1, MPI.INT, right, 31);
        final Status first = Request.Waitany(any);
        check(first.index == 0 && one[0] == left, "Waitany");
        check(Request.Testany(any).index == MPI.UNDEFINED, "Testany of no active request");
        say("non-blocking ok");
    }

    private static void anySourceAndProbe() throws MPIException {
        if (me == 0) {
            final boolean[] seen = new boolean[n];
            for (int k = 1; k < n; k++) {
                final Status p = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                check(p.Get_count(MPI.INT) == p.source && p.tag == 40 + p.source, "Probe " + p);
                final int[] got = new int[n];
                final Status s = MPI.COMM_WORLD.Recv(got, 0, n, MPI.INT, p.source, MPI.ANY_TAG);
                check(s.source == p.source && s.Get_count(MPI.INT) == p.source, "Recv after Probe");
                seen[s.source] = true;
            }
            for (int k = 1; k < n; k++) {
                check(seen[k], "message from " + k);
            }
            check(MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "Iprobe with nothing there");
        } else {
            MPI.COMM_WORLD.Send(new int[me], 0, me, MPI.INT, 0, 40 + me);
        }
        // The topmost tags (the runtime's control tags) work whatever the library's tag bound.
        MPI.COMM_WORLD.Sendrecv(new int[] {me}, 0, 1, MPI.INT, me, MPI.TAG_UB - 4, new int[1], 0, 1, MPI.INT, me,
                MPI.TAG_UB - 4);
        final Request hi = MPI.COMM_WORLD.Irecv(new int[1], 0, 1, MPI.INT, me, MPI.ANY_TAG);
        MPI.COMM_WORLD.Send(new int[] {1}, 0, 1, MPI.INT, me, MPI.TAG_UB - 1);
        check(hi.Wait().tag == MPI.TAG_UB - 1, "TAG_UB - 1 comes back as sent");
        MPI.COMM_WORLD.Barrier();
        say("any-source and probe ok");
    }

    private static void objects() throws MPIException {
        final Object[] out = {"from " + me, new int[] {me, me * 2}, null};
        final Object[] in = new Object[4];
        final int right = (me + 1) % n;
        final int left = (me + n - 1) % n;
        final Request r = MPI.COMM_WORLD.Irecv(in, 1, 3, MPI.OBJECT, left, 50);
        // An object receive is matched when waited for, so the send must not wait for it (MPICH's send to
        // itself does).
        final Request w = MPI.COMM_WORLD.Isend(out, 0, 3, MPI.OBJECT, right, 50);
        final Status s = r.Wait();
        w.Wait();
        check(s.Get_count(MPI.OBJECT) == 3 && ("from " + left).equals(in[1]) && ((int[]) in[2])[1] == left * 2
                && in[3] == null, "objects " + Arrays.toString(in));
        final Object[] b = new Object[1];
        if (me == 0) {
            b[0] = java.util.List.of("x", "y");
        }
        MPI.COMM_WORLD.Bcast(b, 0, 1, MPI.OBJECT, 0);
        check(java.util.List.of("x", "y").equals(b[0]), "Bcast objects");
        say("objects ok");
    }

    private static void collectives() throws MPIException {
        final int[] v = new int[3];
        if (me == n - 1) {
            v[0] = 7;
            v[1] = 8;
            v[2] = 9;
        }
        MPI.COMM_WORLD.Bcast(v, 0, 3, MPI.INT, n - 1);
        check(v[0] == 7 && v[2] == 9, "Bcast");
        final int[] all = new int[2 * n];
        MPI.COMM_WORLD.Gather(new int[] {me, -me}, 0, 2, MPI.INT, all, 0, 2, MPI.INT, 0);
        if (me == 0) {
            for (int i = 0; i < n; i++) {
                check(all[2 * i] == i && all[2 * i + 1] == -i, "Gather");
            }
        }
        final int[] counts = new int[n];
        final int[] displs = new int[n];
        int total = 0;
        for (int i = 0; i < n; i++) {
            counts[i] = i + 1;
            displs[i] = total;
            total += i + 1;
        }
        final long[] gv = new long[total];
        final long[] mine = new long[me + 1];
        Arrays.fill(mine, me);
        MPI.COMM_WORLD.Allgatherv(mine, 0, me + 1, MPI.LONG, gv, 0, counts, displs, MPI.LONG);
        for (int i = 0; i < n; i++) {
            check(gv[displs[i]] == i && gv[displs[i] + i] == i, "Allgatherv");
        }
        final short[] sc = new short[n];
        final short[] src = new short[n];
        for (int i = 0; i < n; i++) {
            src[i] = (short) (i * 11);
        }
        MPI.COMM_WORLD.Scatter(src, 0, 1, MPI.SHORT, sc, 0, 1, MPI.SHORT, 0);
        check(sc[0] == me * 11, "Scatter");
        final int[] a2a = new int[n];
        final int[] a2aIn = new int[n];
        for (int i = 0; i < n; i++) {
            a2a[i] = me * 100 + i;
        }
        MPI.COMM_WORLD.Alltoall(a2a, 0, 1, MPI.INT, a2aIn, 0, 1, MPI.INT);
        for (int i = 0; i < n; i++) {
            check(a2aIn[i] == i * 100 + me, "Alltoall");
        }
        final byte[] ag = new byte[n];
        MPI.COMM_WORLD.Allgather(new byte[] {(byte) me}, 0, 1, MPI.BYTE, ag, 0, 1, MPI.BYTE);
        for (int i = 0; i < n; i++) {
            check(ag[i] == i, "Allgather");
        }
        say("collectives ok");
    }

    private static void reductions() throws MPIException {
        final double[] sum = new double[2];
        MPI.COMM_WORLD.Allreduce(new double[] {me, 1}, 0, sum, 0, 2, MPI.DOUBLE, MPI.SUM);
        check(sum[0] == n * (n - 1) / 2.0 && sum[1] == n, "Allreduce SUM");
        final int[] max = new int[1];
        MPI.COMM_WORLD.Reduce(new int[] {me * 3}, 0, max, 0, 1, MPI.INT, MPI.MAX, 0);
        check(me != 0 || max[0] == (n - 1) * 3, "Reduce MAX");
        final int[] scan = new int[1];
        MPI.COMM_WORLD.Scan(new int[] {1}, 0, scan, 0, 1, MPI.INT, MPI.SUM);
        check(scan[0] == me + 1, "Scan");
        final boolean[] and = new boolean[1];
        MPI.COMM_WORLD.Allreduce(new boolean[] {me != 1}, 0, and, 0, 1, MPI.BOOLEAN, MPI.LAND);
        check(and[0] == (n < 2), "Allreduce LAND");
        final int[] loc = new int[2];
        MPI.COMM_WORLD.Allreduce(new int[] {me == n / 2 ? 99 : me, me}, 0, loc, 0, 1, MPI.INT2, MPI.MAXLOC);
        check(loc[0] == Math.max(99, n - 1) && loc[1] == (99 >= n - 1 ? n / 2 : n - 1), "MAXLOC INT2");
        final double[] dloc = new double[2];
        MPI.COMM_WORLD.Allreduce(new double[] {-me, me}, 0, dloc, 0, 1, MPI.DOUBLE2, MPI.MINLOC);
        check(dloc[0] == -(n - 1) && dloc[1] == n - 1, "MINLOC DOUBLE2");
        final int[] rs = new int[1];
        final int[] each = new int[n];
        Arrays.fill(each, 1);
        final int[] vec = new int[n];
        Arrays.setAll(vec, i -> i + me);
        MPI.COMM_WORLD.Reduce_scatter(vec, 0, rs, 0, each, MPI.INT, MPI.SUM);
        check(rs[0] == me * n + n * (n - 1) / 2, "Reduce_scatter");
        // A non-commutative user operation runs in rank order inside the library's algorithm.
        final Op concat = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
                final long[] a = (long[]) in;
                final long[] b = (long[]) inout;
                for (int i = 0; i < count; i++) {
                    b[inoutOffset + i] = a[inOffset + i] * 10 + b[inoutOffset + i];
                }
            }
        }, false);
        final long[] digits = new long[1];
        MPI.COMM_WORLD.Allreduce(new long[] {me + 1}, 0, digits, 0, 1, MPI.LONG, concat);
        long expect = 0;
        for (int i = 0; i < n; i++) {
            expect = expect * 10 + i + 1;
        }
        check(digits[0] == expect, "user op in rank order " + digits[0]);
        final Op boom = new Op(new User_function() {
            @Override
            public void Call(Object in, int inOffset, Object inout, int inoutOffset, int count, Datatype type) {
                throw new IllegalStateException("boom");
            }
        }, true);
        if (n > 1) {
            try {
                MPI.COMM_WORLD.Reduce(new int[1], 0, new int[1], 0, 1, MPI.INT, boom, 0);
                check(me != 0, "a failing user op was not reported");
            } catch (MPIException e) {
                check(e.getMessage().contains("boom"), "user op failure " + e.getMessage());
            }
        }
        concat.Free();
        boom.Free();
        final int[] local = {1, 2};
        MPI.SUM.Call(new int[] {10, 20}, 0, local, 0, 2, MPI.INT);
        check(local[0] == 11 && local[1] == 22, "Op.Call");
        say("reductions ok");
    }

    private static void communicators() throws MPIException {
        final Intracomm half = MPI.COMM_WORLD.Split(me % 2, -me);
        check(half.Size() == (n + 1 - me % 2) / 2, "Split size");
        final int[] sum = new int[1];
        half.Allreduce(new int[] {me}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        int expect = 0;
        for (int i = me % 2; i < n; i += 2) {
            expect += i;
        }
        check(sum[0] == expect, "Allreduce on a split");
        // key -me reverses the order.
        final int[] members = half.Group().Translate_ranks(half.Group(), new int[] {0}, MPI.COMM_WORLD.Group());
        check(members[0] == n - 1 - ((n - 1 - me % 2) % 2), "Split ordered by key");
        final Intracomm none = MPI.COMM_WORLD.Split(me == 0 ? MPI.UNDEFINED : 1, 0);
        check((me == 0) == (none == null), "Split UNDEFINED");
        final Intracomm dup = MPI.COMM_WORLD.Dup();
        check(Intracomm.Compare(dup, MPI.COMM_WORLD) == MPI.CONGRUENT
                && Intracomm.Compare(MPI.COMM_WORLD, MPI.COMM_WORLD) == MPI.IDENT, "Dup and Compare");
        final Group g = MPI.COMM_WORLD.Group().Incl(new int[] {0});
        final Intracomm zero = MPI.COMM_WORLD.Create(g);
        check((me == 0) == (zero != null), "Create");
        if (zero != null) {
            check(zero.Size() == 1 && zero.Rank() == 0, "Create size");
            zero.Free();
        }
        dup.Free();
        half.Free();
        if (none != null) {
            none.Free();
        }
        try {
            dup.Barrier();
            check(false, "freed communicator usable");
        } catch (MPIException e) {
            check(e.getMessage().contains("freed"), "freed communicator message");
        }
        say("communicators ok");
    }

    private static void cartesian() throws MPIException {
        final int[] dims = new int[2];
        Cartcomm.Dims_create(n, dims);
        check(dims[0] * dims[1] == n && dims[0] >= dims[1], "Dims_create " + Arrays.toString(dims));
        final Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[] {true, false}, false);
        final int[] at = grid.Coords(grid.Rank());
        check(grid.Rank(at) == grid.Rank() && grid.Topo_test() == MPI.CART, "Coords and Rank");
        final ShiftParms rows = grid.Shift(0, 1);
        check(rows.rank_dest == grid.Rank(new int[] {(at[0] + 1) % dims[0], at[1]}), "periodic Shift");
        final ShiftParms cols = grid.Shift(1, 1);
        check(at[1] + 1 < dims[1] || cols.rank_dest == MPI.PROC_NULL, "non-periodic Shift ends in PROC_NULL");
        final Cartcomm row = grid.Sub(new boolean[] {false, true});
        check(row.Size() == dims[1] && row.Get().dims[0] == dims[1], "Sub");
        say("cartesian ok");
    }

    private static void check(boolean ok, String what) throws MPIException {
        if (!ok) {
            throw new IllegalStateException("rank " + me + ": wrong result: " + what);
        }
    }

    private static void say(String line) {
        if (me == 0) {
            System.out.println(line);
        }
    }
}
