package org.qmpi4j.mpit.library;

import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.util.HashMap;
import java.util.Map;

/**
 * The MPI library's {@code MPI_Datatype} values that MPI_T uses, by address. In Open MPI a
 * predefined datatype is the address of a global ({@code MPI_INT} is {@code &ompi_mpi_int}), so the
 * library's own symbol table says which pointer is which type.
 */
final class NativeDatatypes {
    private static final String[][] SYMBOLS = {
        {"ompi_mpi_int", "INT"},
        {"ompi_mpi_unsigned", "UNSIGNED"},
        {"ompi_mpi_unsigned_long", "UNSIGNED_LONG"},
        {"ompi_mpi_unsigned_long_long", "UNSIGNED_LONG_LONG"},
        {"ompi_mpi_count", "COUNT"},
        {"ompi_mpi_char", "CHAR"},
        {"ompi_mpi_double", "DOUBLE"},
        {"ompi_mpi_c_bool", "C_BOOL"},
    };
    /** Types some Open MPI versions give a few variables (see {@link NativeType}); optional. */
    private static final String[][] OTHERS = {
        {"ompi_mpi_int32_t", "INT32"},
        {"ompi_mpi_uint32_t", "UINT32"},
        {"ompi_mpi_int64_t", "INT64"},
        {"ompi_mpi_uint64_t", "UINT64"},
        {"ompi_mpi_long", "LONG"},
    };

    private final Map<Long, NativeType> byAddress = new HashMap<>();
    private final int standard;

    NativeDatatypes(NativeLibrary library) {
        add(library, SYMBOLS);
        standard = byAddress.size();
        add(library, OTHERS);
    }

    private void add(NativeLibrary library, String[][] symbols) {
        for (String[] s : symbols) {
            try {
                byAddress.put(Pointer.nativeValue(library.getGlobalVariableAddress(s[0])), NativeType.valueOf(s[1]));
            } catch (UnsatisfiedLinkError absent) {
                // a library without that type never uses it for a variable
            }
        }
    }

    boolean complete() {
        return standard == SYMBOLS.length;
    }

    NativeType of(Pointer datatype, String variable) {
        NativeType t = byAddress.get(Pointer.nativeValue(datatype));
        if (t == null) {
            throw new UnknownDatatypeException(
                    variable + " has a datatype (" + datatype + ") that is none of MPI_T's: " + byAddress.values());
        }
        return t;
    }
}
