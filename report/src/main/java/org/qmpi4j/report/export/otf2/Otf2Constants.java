package org.qmpi4j.report.export.otf2;

/** The values of OTF2's enumerations that the export writes (OTF2 3.0's headers). */
public final class Otf2Constants {
    /** {@code OTF2_UNDEFINED_UINT32}: no such reference (no parent, no root, no source file). */
    public static final int UNDEFINED_UINT32 = -1;
    /** {@code OTF2_UNDEFINED_UINT64}, as for a location. */
    public static final long UNDEFINED_UINT64 = -1L;

    public static final int PARADIGM_USER = 1;
    public static final int PARADIGM_MPI = 4;
    public static final int PARADIGM_CLASS_PROCESS = 0;

    public static final int LOCATION_GROUP_TYPE_PROCESS = 1;
    public static final int LOCATION_TYPE_CPU_THREAD = 1;

    public static final int REGION_ROLE_FUNCTION = 1;
    public static final int REGION_ROLE_BARRIER = 15;
    public static final int REGION_ROLE_COLL_ONE2ALL = 23;
    public static final int REGION_ROLE_COLL_ALL2ONE = 24;
    public static final int REGION_ROLE_COLL_ALL2ALL = 25;
    public static final int REGION_ROLE_COLL_OTHER = 26;
    public static final int REGION_ROLE_POINT2POINT = 28;
    public static final int REGION_FLAG_NONE = 0;

    public static final int GROUP_TYPE_COMM_LOCATIONS = 4;
    public static final int GROUP_TYPE_COMM_GROUP = 5;
    public static final int GROUP_TYPE_COMM_SELF = 6;
    public static final int GROUP_FLAG_NONE = 0;

    public static final int COLLECTIVE_OP_BARRIER = 0;
    public static final int COLLECTIVE_OP_BCAST = 1;
    public static final int COLLECTIVE_OP_GATHER = 2;
    public static final int COLLECTIVE_OP_GATHERV = 3;
    public static final int COLLECTIVE_OP_SCATTER = 4;
    public static final int COLLECTIVE_OP_SCATTERV = 5;
    public static final int COLLECTIVE_OP_ALLGATHER = 6;
    public static final int COLLECTIVE_OP_ALLGATHERV = 7;
    public static final int COLLECTIVE_OP_ALLTOALL = 8;
    public static final int COLLECTIVE_OP_ALLTOALLV = 9;
    public static final int COLLECTIVE_OP_ALLTOALLW = 10;
    public static final int COLLECTIVE_OP_ALLREDUCE = 11;
    public static final int COLLECTIVE_OP_REDUCE = 12;
    public static final int COLLECTIVE_OP_REDUCE_SCATTER = 13;
    public static final int COLLECTIVE_OP_SCAN = 14;
    public static final int COLLECTIVE_OP_EXSCAN = 15;
    public static final int COLLECTIVE_OP_REDUCE_SCATTER_BLOCK = 16;

    /** Timer ticks per second of the export's timestamps: nanoseconds. */
    public static final long NANOSECONDS = 1_000_000_000L;

    private Otf2Constants() {}
}
