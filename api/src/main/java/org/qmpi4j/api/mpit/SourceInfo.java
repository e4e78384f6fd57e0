package org.qmpi4j.api.mpit;

/**
 * What {@link MpiT#sourceGetInfo} returns about an event source: its timestamps count ticks of a
 * monotonic clock, {@link #ticksPerSecond()} of them a second, wrapping after {@link #maxTicks()}.
 */
public final class SourceInfo {
    private final String name;
    private final String description;
    private final SourceOrder ordering;
    private final long ticksPerSecond;
    private final long maxTicks;

    public SourceInfo(String name, String description, SourceOrder ordering, long ticksPerSecond, long maxTicks) {
        this.name = name;
        this.description = description;
        this.ordering = ordering;
        this.ticksPerSecond = ticksPerSecond;
        this.maxTicks = maxTicks;
    }

    /** Unique among sources. */
    public String name() {
        return name;
    }

    /** The description, {@code ""} when there is none. */
    public String description() {
        return description;
    }

    /** Whether the source's events reach callbacks in timestamp order. */
    public SourceOrder ordering() {
        return ordering;
    }

    /** How many timestamp ticks make a second. */
    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** The largest timestamp before the clock wraps to 0. */
    public long maxTicks() {
        return maxTicks;
    }

    @Override
    public String toString() {
        return name + " (" + ordering + ", " + ticksPerSecond + " ticks/s)";
    }
}
