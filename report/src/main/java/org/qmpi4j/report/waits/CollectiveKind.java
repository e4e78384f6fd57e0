package org.qmpi4j.report.waits;

import java.util.Locale;

/** How the members of a blocking collective depend on each other, by the MPI function's name. */
public enum CollectiveKind {
    /** Nobody leaves before everybody came: {@code MPI_BARRIER}. */
    BARRIER,
    /** Everybody needs everybody's data: allreduce, allgather(v), alltoall(v/w), reduce_scatter(_block). */
    N_TO_N,
    /** The root's data goes to all: bcast, scatter(v). */
    ONE_TO_N,
    /** Everybody's data goes to the root: reduce, gather(v). */
    N_TO_ONE,
    /** Not a blocking collective, or one without a pattern here (scan, exscan, the nonblocking forms). */
    NONE;

    /** The kind of {@code function} ({@code MPI_ALLREDUCE}, {@code Allreduce}, ...). */
    public static CollectiveKind of(String function) {
        String f = function.toUpperCase(Locale.ROOT);
        if (f.startsWith("MPI_")) {
            f = f.substring(4);
        }
        switch (f) {
            case "BARRIER":
                return BARRIER;
            case "ALLREDUCE":
            case "ALLGATHER":
            case "ALLGATHERV":
            case "ALLTOALL":
            case "ALLTOALLV":
            case "ALLTOALLW":
            case "REDUCE_SCATTER":
            case "REDUCESCATTER":
            case "REDUCE_SCATTER_BLOCK":
            case "REDUCESCATTERBLOCK":
                return N_TO_N;
            case "BCAST":
            case "SCATTER":
            case "SCATTERV":
                return ONE_TO_N;
            case "REDUCE":
            case "GATHER":
            case "GATHERV":
                return N_TO_ONE;
            default:
                return NONE;
        }
    }
}
