package org.qmpi4j.formats.waits;

/** The wait-state patterns, each defined in the user guide's "Why ranks wait". */
public enum Pattern {
    /** A receive (or the wait that completed it) entered before the matching send. */
    LATE_SENDER("late_sender", "late sender"),
    /** A send the library held until the matching receive was posted, posted late. */
    LATE_RECEIVER("late_receiver", "late receiver"),
    /** A barrier entered before its last member. */
    WAIT_AT_BARRIER("wait_at_barrier", "wait at barrier"),
    /** An all-to-all collective (allreduce, allgather, alltoall, ...) entered before its last member. */
    WAIT_AT_NXN("wait_at_nxn", "wait at N x N"),
    /** A one-to-all collective (bcast, scatter) entered by a receiving member before its root. */
    LATE_BROADCAST("late_broadcast", "late broadcast"),
    /** An all-to-one collective (reduce, gather) entered by its root before the last contributor. */
    EARLY_REDUCE("early_reduce", "early reduce");

    private final String id;
    private final String label;

    Pattern(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** The name in {@code profile.json}. */
    public String id() {
        return id;
    }

    /** The name in reports. */
    public String label() {
        return label;
    }

    /** The pattern named {@code id} in {@code profile.json}. */
    public static Pattern byId(String id) {
        for (Pattern p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown wait-state pattern \"" + id + "\"");
    }
}
