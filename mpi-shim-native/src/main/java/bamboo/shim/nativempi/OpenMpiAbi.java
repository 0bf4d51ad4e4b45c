package bamboo.shim.nativempi;

import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;

/**
 * Open MPI's ABI (libmpi.so.40, Open MPI 3 to 5): handles are pointers, and the predefined ones are the
 * addresses of global objects exported by the library ({@code MPI_COMM_WORLD} is {@code &ompi_mpi_comm_world}).
 */
final class OpenMpiAbi {
    private OpenMpiAbi() {
    }

    static Abi table(String library, SymbolLookup lib) {
        final Abi.Builder b = new Abi.Builder();
        b.name = "Open MPI";
        b.library = library;
        b.handle = ValueLayout.JAVA_LONG;
        // struct ompi_status_public_t { int MPI_SOURCE; int MPI_TAG; int MPI_ERROR; int _cancelled; size_t _ucount; }
        b.statusBytes = 24;
        b.statusSource = 0;
        b.statusTag = 4;
        b.statusError = 8;
        // _ucount: bytes received.
        b.statusCount = 16;
        b.statusIgnore = 0;
        b.anySource = -1;
        b.anyTag = -1;
        b.procNull = -2;
        b.undefined = -32766;
        b.tagUbKey = 0;
        b.maxProcessorName = 256;
        b.maxErrorString = 256;
        b.commWorld = address(lib, "ompi_mpi_comm_world");
        b.commSelf = address(lib, "ompi_mpi_comm_self");
        b.commNull = address(lib, "ompi_mpi_comm_null");
        b.groupEmpty = address(lib, "ompi_mpi_group_empty");
        b.requestNull = address(lib, "ompi_request_null");
        b.messageNull = address(lib, "ompi_message_null");
        b.messageNoProc = address(lib, "ompi_message_no_proc");
        b.errorsReturn = address(lib, "ompi_mpi_errors_return");
        b.opNull = address(lib, "ompi_mpi_op_null");
        b.type(Abi.Types.BYTE, address(lib, "ompi_mpi_byte"))
                .type(Abi.Types.UNSIGNED_SHORT, address(lib, "ompi_mpi_unsigned_short"))
                .type(Abi.Types.SHORT, address(lib, "ompi_mpi_short"))
                .type(Abi.Types.C_BOOL, address(lib, "ompi_mpi_c_bool"))
                .type(Abi.Types.INT, address(lib, "ompi_mpi_int"))
                .type(Abi.Types.LONG, address(lib, "ompi_mpi_long"))
                .type(Abi.Types.FLOAT, address(lib, "ompi_mpi_float"))
                .type(Abi.Types.DOUBLE, address(lib, "ompi_mpi_double"))
                .type(Abi.Types.PAIR_INT, address(lib, "ompi_mpi_2int"))
                .type(Abi.Types.PAIR_FLOAT, address(lib, "ompi_mpi_2real"))
                .type(Abi.Types.PAIR_DOUBLE, address(lib, "ompi_mpi_2dblprec"));
        for (Abi.Ops o : Abi.Ops.values()) {
            b.op(o, address(lib, "ompi_mpi_op_" + o.name().toLowerCase(java.util.Locale.ROOT)));
        }
        return new Abi(b);
    }

    private static long address(SymbolLookup lib, String symbol) {
        return lib.find(symbol).orElseThrow(() -> new IllegalStateException(
                "the Open MPI library has no symbol " + symbol + " (not Open MPI 3 to 5?)")).address();
    }
}
