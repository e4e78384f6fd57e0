package org.qmpi4j.api.mpit;

/**
 * A performance variable bound to an MPI object within one session ({@code MPI_T_pvar_handle}),
 * from {@link MpiT#pvarHandleAlloc}. {@code null} plays the part of {@code MPI_T_PVAR_HANDLE_NULL}.
 */
public interface PvarHandle {
    /**
     * {@code MPI_T_PVAR_ALL_HANDLES}: every handle of the session, for {@link MpiT#pvarStart},
     * {@link MpiT#pvarStop} and {@link MpiT#pvarReset} only.
     */
    PvarHandle ALL_HANDLES = AllHandles.INSTANCE;

    /** Number of elements of the variable's datatype for the bound object (fixed at allocation). */
    int count();

    /** The one {@link #ALL_HANDLES} object. */
    final class AllHandles implements PvarHandle {
        static final AllHandles INSTANCE = new AllHandles();

        private AllHandles() {}

        @Override
        public int count() {
            throw new MpitException(ReturnCode.MPI_T_ERR_INVALID_HANDLE, "MPI_T_PVAR_ALL_HANDLES has no count");
        }

        @Override
        public String toString() {
            return "MPI_T_PVAR_ALL_HANDLES";
        }
    }
}
