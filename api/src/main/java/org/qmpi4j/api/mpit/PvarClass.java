package org.qmpi4j.api.mpit;

import java.util.EnumSet;
import java.util.Set;

/**
 * The ten classes of performance variables (Section 14.3.7). A class fixes the datatypes a
 * variable may use, its starting value, whether it can overflow and how its value changes.
 */
public enum PvarClass {
    /** A set of discrete states, {@link MpitDatatype#INT}, usually with an enumeration. Starts at the current state. */
    STATE(false, MpitDatatype.INT),
    /** Utilization level of a resource; starts at the current level. */
    LEVEL(
            false,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** The fixed size of a resource; starts at the current size. */
    SIZE(
            false,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** Utilization of a finite resource between 0.0 and 1.0, {@link MpitDatatype#DOUBLE}. */
    PERCENTAGE(false, MpitDatatype.DOUBLE),
    /** Highest utilization seen since the handle was started or reset; starts at the current level. */
    HIGHWATERMARK(
            false,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** Lowest utilization seen since the handle was started or reset; starts at the current level. */
    LOWWATERMARK(
            false,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** Number of occurrences of an event; starts at 0; can overflow. */
    COUNTER(true, MpitDatatype.UNSIGNED, MpitDatatype.UNSIGNED_LONG, MpitDatatype.UNSIGNED_LONG_LONG),
    /** Sum of amounts processed during events; starts at 0; can overflow. */
    AGGREGATE(
            true,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** Aggregated time, in seconds when {@link MpitDatatype#DOUBLE} (the unit of {@code MPI_WTIME}); starts at 0; can overflow. */
    TIMER(
            true,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.DOUBLE),
    /** Anything else; the starting value is variable specific. */
    GENERIC(
            false,
            MpitDatatype.INT,
            MpitDatatype.UNSIGNED,
            MpitDatatype.UNSIGNED_LONG,
            MpitDatatype.UNSIGNED_LONG_LONG,
            MpitDatatype.COUNT,
            MpitDatatype.DOUBLE);

    private final boolean canOverflow;
    private final Set<MpitDatatype> datatypes;

    PvarClass(boolean canOverflow, MpitDatatype first, MpitDatatype... rest) {
        this.canOverflow = canOverflow;
        this.datatypes = EnumSet.of(first, rest);
    }

    /** Whether the text allows variables of this class to overflow (counter, aggregate, timer). */
    public boolean canOverflow() {
        return canOverflow;
    }

    /** Whether the value accumulates from a starting value of 0 (counter, aggregate, timer). */
    public boolean accumulates() {
        return canOverflow;
    }

    /** Whether the value is the extreme of a level since start or reset (the two watermarks). */
    public boolean isWatermark() {
        return this == HIGHWATERMARK || this == LOWWATERMARK;
    }

    /** The datatypes the text allows for this class. */
    public Set<MpitDatatype> datatypes() {
        return EnumSet.copyOf(datatypes);
    }

    public boolean allows(MpitDatatype type) {
        return datatypes.contains(type);
    }
}
