package org.qmpi4j.agent.internal.mpit.library;

import org.qmpi4j.api.mpit.MpitDatatype;

/**
 * The C datatypes of the MPI library's variables: the standard's MPI_T types, and
 * {@code MPI_C_BOOL}, which Open MPI uses for its boolean control variables although the
 * standard's table of MPI_T datatypes lacks it. Java sees such a variable as {@code MPI_INT}
 * holding 0 or 1 ({@code int[]}); only the C buffer is one byte per element.
 */
enum NativeType {
    INT(MpitDatatype.INT, 4),
    UNSIGNED(MpitDatatype.UNSIGNED, 4),
    UNSIGNED_LONG(MpitDatatype.UNSIGNED_LONG, 8),
    UNSIGNED_LONG_LONG(MpitDatatype.UNSIGNED_LONG_LONG, 8),
    COUNT(MpitDatatype.COUNT, 8),
    CHAR(MpitDatatype.CHAR, 1),
    DOUBLE(MpitDatatype.DOUBLE, 8),
    C_BOOL(MpitDatatype.INT, 1);

    final MpitDatatype java;
    final int bytes;

    NativeType(MpitDatatype java, int bytes) {
        this.java = java;
        this.bytes = bytes;
    }
}
