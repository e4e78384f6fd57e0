package org.qmpi4j.formats.waits;

import java.util.Objects;
import org.qmpi4j.api.Nullable;

/**
 * A stretch of one rank's time named by call sites: either its computation between two MPI calls
 * (from the exit of {@link #previous} to the entry of {@link #function} at {@link #site}), or the
 * time inside one MPI call. Delays and the critical path are sums over intervals.
 */
public final class Interval {
    /** What the rank did in the interval. */
    public enum Kind {
        /** Outside MPI, between two calls. */
        COMPUTATION("computation"),
        /** Inside an MPI call, not waiting (transfer, the library's work). */
        MPI("mpi");

        private final String id;

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Kind byId(String id) {
            for (Kind k : values()) {
                if (k.id.equals(id)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("unknown interval kind \"" + id + "\"");
        }
    }

    private final int rank;
    private final Kind kind;
    private final String function;
    private final CallSite site;
    private final @Nullable String previous;
    private final @Nullable CallSite previousSite;
    /** Computed once: intervals are map keys in every step of the wait analysis. */
    private final int hash;

    /**
     * @param previous for {@link Kind#COMPUTATION}: the MPI call before it, or {@code null} (the
     *     rank's first call, or older than the analysis keeps)
     */
    public Interval(
            int rank,
            Kind kind,
            String function,
            CallSite site,
            @Nullable String previous,
            @Nullable CallSite previousSite) {
        this.rank = rank;
        this.kind = kind;
        this.function = function;
        this.site = site;
        this.previous = kind == Kind.COMPUTATION ? previous : null;
        this.previousSite = kind == Kind.COMPUTATION && previous != null ? previousSite : null;
        int h = (rank * 31 + kind.ordinal()) * 31 + function.hashCode();
        h = h * 31 + site.hashCode();
        h = h * 31 + (this.previous == null ? 0 : this.previous.hashCode());
        this.hash = h * 31 + (this.previousSite == null ? 0 : this.previousSite.hashCode());
    }

    public int rank() {
        return rank;
    }

    public Kind kind() {
        return kind;
    }

    /** The call the computation leads to, or the call the MPI time is in. */
    public String function() {
        return function;
    }

    public CallSite site() {
        return site;
    }

    /** The call the computation follows, or {@code null}. */
    public @Nullable String previous() {
        return previous;
    }

    /** Its site, or {@code null}. */
    public @Nullable CallSite previousSite() {

        return previousSite;
    }

    /** {@code rank 2: computation MPI_RECV (A.java:20) -> MPI_SEND (A.java:31)} for reports. */
    public String describe() {
        if (kind == Kind.MPI) {
            return "rank " + rank + ": in " + function + " (" + site.shortText() + ")";
        }
        CallSite from = previousSite == null ? CallSite.UNKNOWN : previousSite;
        return "rank " + rank + ": computation "
                + (previous == null ? "before" : "from " + previous + " (" + from.shortText() + ") to")
                + " " + function + " (" + site.shortText() + ")";
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Interval)) {
            return false;
        }
        Interval i = (Interval) o;
        return hash == i.hash
                && rank == i.rank
                && kind == i.kind
                && function.equals(i.function)
                && site.equals(i.site)
                && Objects.equals(previous, i.previous)
                && Objects.equals(previousSite, i.previousSite);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return describe();
    }
}
