package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * Which MPI functions make, free or take the objects {@link ObjectRules} follows, by function (the
 * same in every binding: the descriptors map each binding's methods to these functions).
 */
final class ObjectCalls {
    private ObjectCalls() {}

    /** The kinds of objects followed, with the call that frees each. */
    enum Kind {
        COMMUNICATOR("communicator", "MPI_Comm_free"),
        GROUP("group", "MPI_Group_free"),
        DATATYPE("datatype", "MPI_Type_free"),
        OP("user-defined operation", "MPI_Op_free"),
        INFO("info object", "MPI_Info_free"),
        WINDOW("window", "MPI_Win_free");

        final String noun;
        final String free;

        Kind(String noun, String free) {
            this.noun = noun;
            this.free = free;
        }
    }

    /** The kind of object {@code f} makes (returns), or {@code null}. */
    static @Nullable Kind creates(MpiFunction f) {
        if (CommDuplicates.creates(f)) {
            return Kind.COMMUNICATOR;
        }
        switch (f) {
            case MPI_COMM_GROUP:
            case MPI_COMM_REMOTE_GROUP:
            case MPI_GROUP_UNION:
            case MPI_GROUP_INTERSECTION:
            case MPI_GROUP_DIFFERENCE:
            case MPI_GROUP_INCL:
            case MPI_GROUP_EXCL:
            case MPI_GROUP_RANGE_INCL:
            case MPI_GROUP_RANGE_EXCL:
            case MPI_WIN_GET_GROUP:
            case MPI_FILE_GET_GROUP:
                return Kind.GROUP;
            case MPI_TYPE_DUP:
            case MPI_TYPE_CONTIGUOUS:
            case MPI_TYPE_VECTOR:
            case MPI_TYPE_CREATE_HVECTOR:
            case MPI_TYPE_INDEXED:
            case MPI_TYPE_CREATE_HINDEXED:
            case MPI_TYPE_CREATE_INDEXED_BLOCK:
            case MPI_TYPE_CREATE_HINDEXED_BLOCK:
            case MPI_TYPE_CREATE_STRUCT:
            case MPI_TYPE_CREATE_RESIZED:
            case MPI_TYPE_CREATE_SUBARRAY:
            case MPI_TYPE_CREATE_DARRAY:
                return Kind.DATATYPE;
            case MPI_INFO_DUP:
            case MPI_COMM_GET_INFO:
            case MPI_WIN_GET_INFO:
            case MPI_FILE_GET_INFO:
                return Kind.INFO;
            default:
                return null;
        }
    }

    /** The kind of object {@code f} frees (its receiver), or {@code null}. */
    static @Nullable Kind frees(MpiFunction f) {
        switch (f) {
            case MPI_COMM_FREE:
            case MPI_COMM_DISCONNECT:
                return Kind.COMMUNICATOR;
            case MPI_GROUP_FREE:
                return Kind.GROUP;
            case MPI_TYPE_FREE:
                return Kind.DATATYPE;
            case MPI_OP_FREE:
                return Kind.OP;
            case MPI_INFO_FREE:
                return Kind.INFO;
            case MPI_WIN_FREE:
                return Kind.WINDOW;
            default:
                return null;
        }
    }

    /** Whether {@code f} takes an operation (reductions, scans, accumulates). */
    static boolean takesOp(MpiFunction f) {
        switch (f) {
            case MPI_REDUCE:
            case MPI_ALLREDUCE:
            case MPI_REDUCE_LOCAL:
            case MPI_REDUCE_SCATTER:
            case MPI_REDUCE_SCATTER_BLOCK:
            case MPI_SCAN:
            case MPI_EXSCAN:
            case MPI_IREDUCE:
            case MPI_IALLREDUCE:
            case MPI_IREDUCE_SCATTER:
            case MPI_IREDUCE_SCATTER_BLOCK:
            case MPI_ISCAN:
            case MPI_IEXSCAN:
            case MPI_ACCUMULATE:
            case MPI_GET_ACCUMULATE:
            case MPI_FETCH_AND_OP:
            case MPI_RACCUMULATE:
            case MPI_RGET_ACCUMULATE:
                return true;
            default:
                return false;
        }
    }

    /** Whether the rules look at {@code f} after it returned. */
    static boolean follows(MpiFunction f) {
        return creates(f) != null || frees(f) != null || takesOp(f);
    }
}
