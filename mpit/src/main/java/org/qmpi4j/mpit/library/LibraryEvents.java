package org.qmpi4j.mpit.library;

import com.sun.jna.NativeLibrary;

/**
 * Whether the MPI library has the MPI 4 event routines ({@code MPI_T_event_get_num} and the rest).
 * Neither Open MPI 4.1.4 nor 5.0.7 has any (5.0 implements MPI 3.1's tool interface: its
 * {@code mpi.h} declares no {@code MPI_T_event_*} or {@code MPI_T_source_*} routine and its
 * {@code libmpi} exports none). The registry does not show library event types (see
 * docs/tool-authors.md, MPI_T): this class only tells the listing which case holds, so a library without them
 * never breaks anything.
 */
public final class LibraryEvents {
    private final boolean present;

    LibraryEvents(NativeLibrary lib) {
        this.present = has(lib, "MPI_T_event_get_num");
    }

    private static boolean has(NativeLibrary lib, String symbol) {
        try {
            lib.getFunction(symbol);
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    /** Whether the library exports {@code MPI_T_event_get_num}. */
    public boolean present() {
        return present;
    }

    /** One line for listings. */
    public String describe() {
        return present
                ? "the library exports MPI_T_event_* (MPI 4); qmpi4j does not show its event types yet"
                : "the library has no MPI_T events (no MPI_T_event_* symbols; Open MPI 4.1 and 5.0 have none)";
    }
}
