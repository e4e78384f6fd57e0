package org.qmpi4j.mpit.library;

import org.qmpi4j.api.mpit.MpitDatatype;

/**
 * The C datatypes of the MPI library's variables: the standard's MPI_T types, and a few that Open
 * MPI uses although the standard's table of MPI_T datatypes lacks them. {@code MPI_C_BOOL} (its
 * boolean control variables) shows in Java as {@code MPI_INT} holding 0 or 1 ({@code int[]}); only
 * the C buffer is one byte per element. The fixed-size integers and {@code MPI_LONG} (Open MPI
 * 5.0's {@code threads_pthreads_nanosleep_time} is {@code MPI_UINT64_T}) show as the standard type
 * of the same size and signedness, so values pass unchanged: {@code MPI_INT32_T} as {@code INT},
 * {@code MPI_UINT32_T} as {@code UNSIGNED}, {@code MPI_UINT64_T} as {@code UNSIGNED_LONG} (LP64),
 * {@code MPI_INT64_T} and {@code MPI_LONG} as {@code COUNT} (signed, 64 bits).
 */
enum NativeType {
    INT(MpitDatatype.INT, 4),
    UNSIGNED(MpitDatatype.UNSIGNED, 4),
    UNSIGNED_LONG(MpitDatatype.UNSIGNED_LONG, 8),
    UNSIGNED_LONG_LONG(MpitDatatype.UNSIGNED_LONG_LONG, 8),
    COUNT(MpitDatatype.COUNT, 8),
    CHAR(MpitDatatype.CHAR, 1),
    DOUBLE(MpitDatatype.DOUBLE, 8),
    C_BOOL(MpitDatatype.INT, 1),
    INT32(MpitDatatype.INT, 4),
    UINT32(MpitDatatype.UNSIGNED, 4),
    INT64(MpitDatatype.COUNT, 8),
    UINT64(MpitDatatype.UNSIGNED_LONG, 8),
    LONG(MpitDatatype.COUNT, 8);

    final MpitDatatype java;
    final int bytes;

    NativeType(MpitDatatype java, int bytes) {
        this.java = java;
        this.bytes = bytes;
    }
}
