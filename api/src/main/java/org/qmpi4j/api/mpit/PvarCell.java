package org.qmpi4j.api.mpit;

/**
 * A performance variable bound to one object, as its source sees it. All methods may be called
 * from any thread.
 *
 * <p>What {@link #sample} reports depends on the class:
 * <ul>
 *   <li>{@link PvarClass#COUNTER}, {@link PvarClass#AGGREGATE}, {@link PvarClass#TIMER}: a running
 *       total that only grows (from any origin); the registry reports growth since start or reset.
 *       Timers report nanoseconds; with {@link MpitDatatype#DOUBLE} the registry converts to
 *       seconds through the definition's unit.</li>
 *   <li>{@link PvarClass#HIGHWATERMARK}, {@link PvarClass#LOWWATERMARK}: the current level; the cell
 *       must also report every change to the listeners given to {@link #watch}.</li>
 *   <li>every other class: the current value (state, level, size, fraction, ...).</li>
 * </ul>
 * Raw values are {@code long}s; a {@link MpitDatatype#DOUBLE} variable reads
 * {@code raw * unit} (see {@link PvarDefinition.Builder#unit}).
 */
public interface PvarCell {
    /** Elements of the value for the bound object, e.g. the size of a communicator. */
    int count();

    /** The current raw value(s); {@code into.length == count()}. Must be cheap and must not block for long. */
    void sample(long[] into);

    /**
     * A handle reading this cell was started (for continuous variables: allocated). A source may
     * do its bookkeeping only while it has active cells: that is how qmpi4j's own variables cost
     * nothing while nobody reads them.
     */
    default void activate() {}

    /** The handle stopped (continuous: freed). Calls pair with {@link #activate}. */
    default void deactivate() {}

    /** Starts telling {@code listener} every change of the level (watermark classes only). */
    default void watch(LevelListener listener) {
        throw new UnsupportedOperationException("this cell does not report level changes");
    }

    /** Stops telling {@code listener}. */
    default void unwatch(LevelListener listener) {}

    /** The handle was freed; the cell is not used again. */
    default void free() {}

    /** Told each change of a level, for watermarks. */
    @FunctionalInterface
    interface LevelListener {
        void levelChanged(int element, long level);
    }
}
