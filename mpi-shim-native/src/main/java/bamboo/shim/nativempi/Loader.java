package bamboo.shim.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds and opens the system's MPI library and its ABI table. The library is opened with
 * {@code RTLD_GLOBAL}, as mpi4py does, because Open MPI's plugins resolve symbols of libmpi through the
 * global namespace.
 */
final class Loader {
    static final String OPEN_MPI = "libmpi.so.40";
    static final String MPICH = "libmpich.so.12";
    private static final int RTLD_NOW = 2;
    private static final int RTLD_GLOBAL = 0x100;

    /** An opened library: its symbols and its table. */
    record Opened(Abi abi, SymbolLookup symbols) {
    }

    private Loader() {
    }

    /** Opens the library that {@code BAMBOO_MPI_LIB} names, else the launcher's, else the first present. */
    static Opened open(Map<String, String> env, LaunchEnv launch) {
        final String chosen = env.get("BAMBOO_MPI_LIB");
        final List<String> candidates = new ArrayList<>();
        if (chosen != null && !chosen.isBlank()) {
            candidates.add(switch (chosen.trim().toLowerCase(java.util.Locale.ROOT)) {
                case "openmpi", "open-mpi", "ompi" -> OPEN_MPI;
                case "mpich" -> MPICH;
                default -> chosen.trim();
            });
        } else if ("mpich".equals(launch.prefer())) {
            candidates.add(MPICH);
            candidates.add(OPEN_MPI);
        } else {
            candidates.add(OPEN_MPI);
            candidates.add(MPICH);
        }
        final List<String> errors = new ArrayList<>();
        for (String lib : candidates) {
            final MemorySegment handle = dlopen(lib);
            if (handle.address() == 0) {
                errors.add(lib + ": " + dlerror());
                continue;
            }
            final SymbolLookup symbols = name -> dlsym(handle, name);
            final boolean ompi = symbols.find("ompi_mpi_comm_world").isPresent();
            return new Opened(ompi ? OpenMpiAbi.table(lib, symbols) : MpichAbi.table(lib), symbols);
        }
        throw new IllegalStateException("no MPI library found (" + String.join("; ", errors) + "): install Open MPI "
                + "or MPICH (scripts/install-mpi.sh), or set BAMBOO_MPI_LIB to the library's path");
    }

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final MethodHandle DLOPEN = LINKER.downcallHandle(LIBC.find("dlopen").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    private static final MethodHandle DLSYM = LINKER.downcallHandle(LIBC.find("dlsym").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
    private static final MethodHandle DLERROR = LINKER.downcallHandle(LIBC.find("dlerror").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.ADDRESS));

    private static MemorySegment dlopen(String lib) {
        try (Arena a = Arena.ofConfined()) {
            return (MemorySegment) DLOPEN.invokeExact(a.allocateFrom(lib), RTLD_NOW | RTLD_GLOBAL);
        } catch (Throwable t) {
            throw new IllegalStateException("dlopen " + lib + ": " + t, t);
        }
    }

    private static Optional<MemorySegment> dlsym(MemorySegment handle, String name) {
        try (Arena a = Arena.ofConfined()) {
            final MemorySegment s = (MemorySegment) DLSYM.invokeExact(handle, a.allocateFrom(name));
            return s.address() == 0 ? Optional.empty() : Optional.of(s);
        } catch (Throwable t) {
            throw new IllegalStateException("dlsym " + name + ": " + t, t);
        }
    }

    private static String dlerror() {
        try {
            final MemorySegment s = (MemorySegment) DLERROR.invokeExact();
            return s.address() == 0 ? "not found" : s.reinterpret(4096).getString(0);
        } catch (Throwable t) {
            return t.toString();
        }
    }
}
