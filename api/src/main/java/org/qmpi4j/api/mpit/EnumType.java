package org.qmpi4j.api.mpit;

/**
 * An enumeration ({@code MPI_T_enum}): names for the values of an {@link MpitDatatype#INT}
 * variable. Query it with {@link MpiT#enumGetInfo} and {@link MpiT#enumGetItem}. {@code null}
 * plays the part of {@code MPI_T_ENUM_NULL} (a variable without enumeration).
 */
public interface EnumType {}
