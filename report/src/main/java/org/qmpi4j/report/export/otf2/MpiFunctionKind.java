package org.qmpi4j.report.export.otf2;

import static org.qmpi4j.report.export.otf2.Otf2Constants.*;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What an MPI function is to OTF2: the region Score-P names it by, its role, and the MPI event
 * records a call of it carries between its {@code Enter} and {@code Leave}.
 */
final class MpiFunctionKind {
    /** The MPI records a call carries. */
    enum Records {
        /** None: only Enter and Leave. */
        NONE,
        /** A blocking send: MpiSend. */
        SEND,
        /** A nonblocking send: MpiIsend with the request. */
        ISEND,
        /** A blocking receive: MpiRecv when it returns. */
        RECV,
        /** A nonblocking receive: MpiIrecvRequest with the request. */
        IRECV,
        /** A send and a receive in one call: MpiSend, then MpiRecv when it returns. */
        SENDRECV,
        /** Completes requests: MpiIsendComplete or MpiIrecv for each request it completed. */
        COMPLETION,
        /** A blocking collective: MpiCollectiveBegin, MpiCollectiveEnd. */
        COLLECTIVE
    }

    private static final Map<String, MpiFunctionKind> KNOWN = new HashMap<>();

    static {
        for (String f : new String[] {"MPI_SEND", "MPI_SSEND", "MPI_BSEND", "MPI_RSEND"}) {
            add(f, Records.SEND, REGION_ROLE_POINT2POINT, -1);
        }
        for (String f : new String[] {"MPI_ISEND", "MPI_ISSEND", "MPI_IBSEND", "MPI_IRSEND"}) {
            add(f, Records.ISEND, REGION_ROLE_POINT2POINT, -1);
        }
        add("MPI_RECV", Records.RECV, REGION_ROLE_POINT2POINT, -1);
        add("MPI_IRECV", Records.IRECV, REGION_ROLE_POINT2POINT, -1);
        add("MPI_SENDRECV", Records.SENDRECV, REGION_ROLE_POINT2POINT, -1);
        add("MPI_SENDRECV_REPLACE", Records.SENDRECV, REGION_ROLE_POINT2POINT, -1);
        for (String f : new String[] {
            "MPI_WAIT",
            "MPI_WAITALL",
            "MPI_WAITANY",
            "MPI_WAITSOME",
            "MPI_TEST",
            "MPI_TESTALL",
            "MPI_TESTANY",
            "MPI_TESTSOME"
        }) {
            add(f, Records.COMPLETION, REGION_ROLE_POINT2POINT, -1);
        }
        add("MPI_BARRIER", Records.COLLECTIVE, REGION_ROLE_BARRIER, COLLECTIVE_OP_BARRIER);
        add("MPI_BCAST", Records.COLLECTIVE, REGION_ROLE_COLL_ONE2ALL, COLLECTIVE_OP_BCAST);
        add("MPI_SCATTER", Records.COLLECTIVE, REGION_ROLE_COLL_ONE2ALL, COLLECTIVE_OP_SCATTER);
        add("MPI_SCATTERV", Records.COLLECTIVE, REGION_ROLE_COLL_ONE2ALL, COLLECTIVE_OP_SCATTERV);
        add("MPI_GATHER", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ONE, COLLECTIVE_OP_GATHER);
        add("MPI_GATHERV", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ONE, COLLECTIVE_OP_GATHERV);
        add("MPI_REDUCE", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ONE, COLLECTIVE_OP_REDUCE);
        add("MPI_ALLGATHER", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLGATHER);
        add("MPI_ALLGATHERV", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLGATHERV);
        add("MPI_ALLTOALL", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLTOALL);
        add("MPI_ALLTOALLV", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLTOALLV);
        add("MPI_ALLTOALLW", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLTOALLW);
        add("MPI_ALLREDUCE", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_ALLREDUCE);
        add("MPI_REDUCE_SCATTER", Records.COLLECTIVE, REGION_ROLE_COLL_ALL2ALL, COLLECTIVE_OP_REDUCE_SCATTER);
        add(
                "MPI_REDUCE_SCATTER_BLOCK",
                Records.COLLECTIVE,
                REGION_ROLE_COLL_ALL2ALL,
                COLLECTIVE_OP_REDUCE_SCATTER_BLOCK);
        add("MPI_SCAN", Records.COLLECTIVE, REGION_ROLE_COLL_OTHER, COLLECTIVE_OP_SCAN);
        add("MPI_EXSCAN", Records.COLLECTIVE, REGION_ROLE_COLL_OTHER, COLLECTIVE_OP_EXSCAN);
    }

    private final String function;
    private final Records records;
    private final int role;
    private final int collectiveOp;

    private MpiFunctionKind(String function, Records records, int role, int collectiveOp) {
        this.function = function;
        this.records = records;
        this.role = role;
        this.collectiveOp = collectiveOp;
    }

    private static void add(String function, Records records, int role, int op) {
        KNOWN.put(function, new MpiFunctionKind(function, records, role, op));
    }

    /** The kind of {@code function} (the standard's upper-case name, e.g. {@code MPI_SEND}). */
    static MpiFunctionKind of(String function) {
        MpiFunctionKind k = KNOWN.get(function);
        return k != null ? k : new MpiFunctionKind(function, Records.NONE, REGION_ROLE_FUNCTION, -1);
    }

    /** The standard's upper-case name. */
    String function() {
        return function;
    }

    /**
     * The name of the function in C, as Score-P names its region and as Scalasca and Vampir look
     * for it: {@code MPI_SEND} is {@code MPI_Send}, {@code MPI_COMM_RANK} {@code MPI_Comm_rank}.
     */
    String regionName() {
        if (!function.startsWith("MPI_") || function.length() == 4) {
            return function;
        }
        String rest = function.substring(4).toLowerCase(Locale.ROOT);
        return "MPI_" + Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }

    Records records() {
        return records;
    }

    int role() {
        return role;
    }

    /** OTF2's collective operation, for {@link Records#COLLECTIVE}. */
    int collectiveOp() {
        return collectiveOp;
    }
}
