package org.qmpi4j.tools.check;

import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.tools.mpi.Completions;

/**
 * Which rules look at each MPI function, as bits in a table by ordinal: a call with no bit set
 * takes the checker's fast path (marked entered and left for the deadlock watch, nothing else).
 */
final class CallNeeds {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();
    private static final int[] NEEDS = new int[FUNCTIONS.length];

    /** Has a peer, tag or count to check, or a communicator to learn. */
    static final int ARGUMENTS = 1;
    /** Starts a nonblocking request. */
    static final int STARTS = 2;
    /** Completes requests (wait and test forms). */
    static final int COMPLETES = 4;
    /** Frees a request. */
    static final int FREES = 8;
    /** Frees a communicator. */
    static final int FREES_COMM = 16;
    /** Sends or receives a message, or starts or completes calls that do: signatures. */
    static final int MESSAGES = 32;
    /** Makes a communicator, collectively over its members: the checker duplicates it. */
    static final int CREATES_COMM = 64;
    /** Makes a persistent request ({@code *_INIT}). */
    static final int MAKES_PERSISTENT = 128;
    /** Starts persistent requests. */
    static final int STARTS_PERSISTENT = 256;
    /**
     * Tells whether a request completed without completing it ({@code MPI_Request_get_status}): a
     * receive it saw complete is no longer active, so freeing it afterwards is safe.
     */
    static final int SEES_COMPLETION = 512;
    /** Makes or frees an MPI object, or takes an operation ({@link ObjectRules#follows}). */
    static final int OBJECTS = 1024;
    /** Attaches or detaches the buffer of buffered sends ({@link AttachedBuffer}). */
    static final int BUFFERS = 2048;
    /** Is given one request, or persistent ones to start, that may be misused ({@link RequestMisuse}). */
    static final int USES_REQUEST = 4096;
    /** A one-sided call: a window's fence, an access of it, or another synchronisation ({@link WindowEpochs}). */
    static final int WINDOWS = 8192;

    static {
        for (MpiFunction f : FUNCTIONS) {
            MpiFunction.Kind k = f.kind();
            NEEDS[f.ordinal()] =
                    ((k == MpiFunction.Kind.POINT_TO_POINT || k == MpiFunction.Kind.COLLECTIVE ? ARGUMENTS : 0)
                            | (startsRequest(f) ? STARTS : 0)
                            | (Completions.COMPLETING.contains(f) ? COMPLETES : 0)
                            | (f == MpiFunction.MPI_REQUEST_FREE ? FREES : 0)
                            | (f == MpiFunction.MPI_COMM_FREE || f == MpiFunction.MPI_COMM_DISCONNECT ? FREES_COMM : 0)
                            | (CommDuplicates.creates(f) ? CREATES_COMM : 0)
                            | (makesPersistent(f) ? MAKES_PERSISTENT : 0)
                            | (f == MpiFunction.MPI_START || f == MpiFunction.MPI_STARTALL ? STARTS_PERSISTENT : 0)
                            | (f == MpiFunction.MPI_REQUEST_GET_STATUS ? SEES_COMPLETION : 0)
                            | (ObjectCalls.follows(f) ? OBJECTS : 0)
                            | (f == MpiFunction.MPI_BUFFER_ATTACH || f == MpiFunction.MPI_BUFFER_DETACH ? BUFFERS : 0)
                            | (RequestMisuse.looksAt(f) ? USES_REQUEST : 0)
                            | (WindowEpochs.follows(f) ? WINDOWS : 0)
                            | (k == MpiFunction.Kind.POINT_TO_POINT
                                            || Completions.COMPLETING.contains(f)
                                            || f == MpiFunction.MPI_START
                                            || f == MpiFunction.MPI_STARTALL
                                    ? MESSAGES
                                    : 0));
        }
    }

    private CallNeeds() {}

    /** The bits of the function of ordinal {@code ordinal}; 0 for none. */
    static int of(int ordinal) {
        return NEEDS[ordinal];
    }

    /** Nonblocking point-to-point and collective calls (persistent requests are {@link #makesPersistent}). */
    static boolean startsRequest(MpiFunction f) {
        switch (f) {
            case MPI_ISEND:
            case MPI_IBSEND:
            case MPI_ISSEND:
            case MPI_IRSEND:
            case MPI_IRECV:
            case MPI_IMRECV:
                return true;
            default:
                return f.kind() == MpiFunction.Kind.COLLECTIVE && f.name().startsWith("MPI_I");
        }
    }

    static boolean makesPersistent(MpiFunction f) {
        switch (f) {
            case MPI_SEND_INIT:
            case MPI_BSEND_INIT:
            case MPI_SSEND_INIT:
            case MPI_RSEND_INIT:
            case MPI_RECV_INIT:
                return true;
            default:
                return false;
        }
    }

    static boolean receives(MpiFunction f) {
        switch (f) {
            case MPI_RECV:
            case MPI_IRECV:
            case MPI_RECV_INIT:
            case MPI_PROBE:
            case MPI_IPROBE:
            case MPI_MPROBE:
            case MPI_IMPROBE:
                return true;
            default:
                return false;
        }
    }
}
