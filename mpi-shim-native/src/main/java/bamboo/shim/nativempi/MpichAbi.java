package bamboo.shim.nativempi;

import java.lang.foreign.ValueLayout;

/** MPICH's (and its derivatives') ABI, libmpich.so.12: int handles with fixed values, from its mpi.h. */
final class MpichAbi {
    private MpichAbi() {
    }

    static Abi table(String library) {
        final Abi.Builder b = new Abi.Builder();
        b.name = "MPICH";
        b.library = library;
        b.handle = ValueLayout.JAVA_INT;
        // struct MPI_Status { int count_lo; int count_hi_and_cancelled; int MPI_SOURCE; int MPI_TAG; int MPI_ERROR; }
        b.statusBytes = 20;
        b.statusSource = 8;
        b.statusTag = 12;
        b.statusError = 16;
        // Bytes: count_lo, and count_hi_and_cancelled >> 1 above it.
        b.statusCount = 0;
        b.statusCountSplit = true;
        b.statusIgnore = 1;
        b.anySource = -2;
        b.anyTag = -1;
        b.procNull = -1;
        b.undefined = -32766;
        b.tagUbKey = 0x64400001;
        b.maxProcessorName = 128;
        b.maxErrorString = 512;
        b.commWorld = 0x44000000;
        b.commSelf = 0x44000001;
        b.commNull = 0x04000000;
        b.groupEmpty = 0x48000000;
        b.requestNull = 0x2c000000;
        b.messageNull = 0x2c000000;
        b.messageNoProc = 0x6c000000;
        b.errorsReturn = 0x54000001;
        b.opNull = 0x18000000;
        b.type(Abi.Types.BYTE, 0x4c00010d)
                .type(Abi.Types.UNSIGNED_SHORT, 0x4c000204)
                .type(Abi.Types.SHORT, 0x4c000203)
                .type(Abi.Types.C_BOOL, 0x4c00013f)
                .type(Abi.Types.INT, 0x4c000405)
                .type(Abi.Types.LONG, 0x4c000807)
                .type(Abi.Types.FLOAT, 0x4c00040a)
                .type(Abi.Types.DOUBLE, 0x4c00080b)
                .type(Abi.Types.PAIR_INT, 0x4c000816)
                .type(Abi.Types.PAIR_FLOAT, 0x4c000821)
                .type(Abi.Types.PAIR_DOUBLE, 0x4c001023);
        b.op(Abi.Ops.MAX, 0x58000001).op(Abi.Ops.MIN, 0x58000002).op(Abi.Ops.SUM, 0x58000003)
                .op(Abi.Ops.PROD, 0x58000004).op(Abi.Ops.LAND, 0x58000005).op(Abi.Ops.BAND, 0x58000006)
                .op(Abi.Ops.LOR, 0x58000007).op(Abi.Ops.BOR, 0x58000008).op(Abi.Ops.LXOR, 0x58000009)
                .op(Abi.Ops.BXOR, 0x5800000a).op(Abi.Ops.MINLOC, 0x5800000b).op(Abi.Ops.MAXLOC, 0x5800000c);
        return new Abi(b);
    }
}
