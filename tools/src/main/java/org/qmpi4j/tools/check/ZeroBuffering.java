package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * What {@code buffering_deadlock} reasons with on one rank: its blocking sends and the receives
 * it posted, counted per peer (world ranks, over every communicator), read as if MPI buffered
 * nothing. The standard lets a standard-mode send wait until its receive is posted (and Open MPI
 * does so above its eager limit); then a blocking {@code MPI_SEND} or {@code MPI_SSEND} holds its
 * rank until the receiver posted the receive that matches it. Each blocking send is a numbered
 * point of this rank (1, 2, ...); its signature carries that number and how many receives this
 * rank had posted from the destination when the send started ({@link #sent}, {@link #postedFrom}).
 *
 * <p>The receiver decides when the two meet ({@link #cycleWith}): it knows, from {@link Before},
 * how many blocking sends it had made to the sender before it posted the receive. If that is more
 * than the receives the sender had posted from it before its send, at least one of those sends
 * needs a receive the sender posts only after its own send returned: each send waits for the other,
 * a cycle with no buffering. Longer cycles (rings) cross ranks that never talk to each other
 * directly; their steps are kept as {@link SendEdges} and joined at {@code MPI_Finalize}
 * ({@link SendCycles}).
 *
 * <p>Receives from {@code MPI_ANY_SOURCE} count as posted from every peer, which can only hide a
 * cycle, never make one up. A send to oneself is left out (one rank is no cycle of ranks).
 * Nothing here allocates: the counts are arrays made once per world size.
 */
final class ZeroBuffering {
    /** What this rank had done when it posted a receive; one per {@link Signatures.Expect}, reused. */
    static final class Before {
        /** This rank's last blocking send's point when the receive was posted (0: none yet). */
        long point;
        /** Its destination (a world rank), site, function and bytes. */
        int lastDest = -1;

        @Nullable
        CallingAddress lastSite;

        MpiFunction lastFunction = MpiFunction.MPI_SEND;
        long lastBytes;

        /** Blocking sends this rank had made to the receive's source; -1 until known (a wildcard). */
        int toSource = -1;

        @Nullable
        CallingAddress toSourceSite;

        MpiFunction toSourceFunction = MpiFunction.MPI_SEND;
        long toSourceBytes;

        void copy(Before o) {
            point = o.point;
            lastDest = o.lastDest;
            lastSite = o.lastSite;
            lastFunction = o.lastFunction;
            lastBytes = o.lastBytes;
            toSource = o.toSource;
            toSourceSite = o.toSourceSite;
            toSourceFunction = o.toSourceFunction;
            toSourceBytes = o.toSourceBytes;
        }

        void clear() {
            point = 0;
            lastDest = -1;
            lastSite = null;
            toSourceSite = null;
            toSource = -1;
        }
    }

    private final int me;
    /**
     * False on a rank initialized at {@code MPI_THREAD_MULTIPLE}: a blocking send holds only its own
     * thread, and the rank's other threads post receives in no order with it, so the counts say
     * nothing about what waits for what. The rank then marks no send and decides nothing.
     */
    private final boolean on;

    private final int[] receivesFrom;
    private int wildcards;
    private final int[] blockingTo;
    private final long[] lastPointTo;
    private final CallingAddress[] lastSiteTo;
    private final MpiFunction[] lastFunctionTo;
    private final long[] lastBytesTo;
    private long points;
    private int lastDest = -1;
    private @Nullable CallingAddress lastSite;
    private MpiFunction lastFunction = MpiFunction.MPI_SEND;
    private long lastBytes;
    private final SendEdges edges = new SendEdges(SendEdges.KEPT);

    ZeroBuffering(int me, int worldSize, boolean on) {
        this.me = me;
        this.on = on;
        int n = Math.max(worldSize, 0);
        receivesFrom = new int[n];
        blockingTo = new int[n];
        lastPointTo = new long[n];
        lastSiteTo = new CallingAddress[n];
        lastFunctionTo = new MpiFunction[n];
        lastBytesTo = new long[n];
        java.util.Arrays.fill(lastFunctionTo, MpiFunction.MPI_SEND);
    }

    /** Whether {@code f} holds its rank until its receive is posted when MPI buffers nothing. */
    static boolean blocks(MpiFunction f) {
        return f == MpiFunction.MPI_SEND || f == MpiFunction.MPI_SSEND;
    }

    int rank() {
        return me;
    }

    private boolean peer(int worldRank) {
        return worldRank >= 0 && worldRank < blockingTo.length && worldRank != me;
    }

    /** A receive was posted from {@code worldSource}, or from any source when it is negative (MPI_ANY_SOURCE). */
    synchronized void posted(int worldSource, boolean anySource) {
        if (anySource) {
            wildcards++;
        } else if (worldSource >= 0 && worldSource < receivesFrom.length) {
            receivesFrom[worldSource]++;
        }
    }

    /** Receives this rank has posted that may match a message from {@code worldDest}. */
    synchronized int postedFrom(int worldDest) {
        return worldDest >= 0 && worldDest < receivesFrom.length ? receivesFrom[worldDest] + wildcards : wildcards;
    }

    /** A send to {@code worldDest} is starting: its point if it is a blocking one (to another rank), else -1. */
    synchronized long sent(int worldDest, MpiFunction f, @Nullable CallingAddress site, long bytes) {
        if (!on || !blocks(f) || !peer(worldDest)) {
            return -1;
        }
        points++;
        blockingTo[worldDest]++;
        lastPointTo[worldDest] = points;
        lastSiteTo[worldDest] = site;
        lastFunctionTo[worldDest] = f;
        lastBytesTo[worldDest] = bytes;
        lastDest = worldDest;
        lastSite = site;
        lastFunction = f;
        lastBytes = bytes;
        return points;
    }

    /** A receive from {@code worldSource} (negative: not known yet) is being posted: what was done before it. */
    synchronized void before(Before b, int worldSource) {
        b.point = points;
        b.lastDest = lastDest;
        b.lastSite = lastSite;
        b.lastFunction = lastFunction;
        b.lastBytes = lastBytes;
        b.toSource = -1;
        b.toSourceSite = null;
        if (peer(worldSource)) {
            toSource(b, worldSource);
        }
    }

    private void toSource(Before b, int worldSource) {
        b.toSource = blockingTo[worldSource];
        b.toSourceSite = lastSiteTo[worldSource];
        b.toSourceFunction = lastFunctionTo[worldSource];
        b.toSourceBytes = lastBytesTo[worldSource];
    }

    /**
     * A receive posted as {@code b} matched the blocking send {@code senderPoint} of {@code sender},
     * who had posted {@code senderPosted} receives from this rank when it started it: true when the
     * two wait for each other with no buffering (then {@code b}'s send to the sender is the other
     * side). Otherwise the step is kept for the longer cycles, when this rank's last blocking send
     * went to a third rank.
     */
    synchronized boolean cycleWith(Before b, int sender, long senderPoint, int senderPosted) {
        if (!on || senderPoint < 1 || !peer(sender)) {
            return false;
        }
        if (b.toSource < 0 && lastPointTo[sender] <= b.point) {
            // a wildcard receive: no send to the sender since it was posted, so the counts then are the counts now
            toSource(b, sender);
        }
        if (b.toSource > senderPosted) {
            return true;
        }
        if (b.point >= 1 && b.lastDest != sender && peer(b.lastDest)) {
            edges.add(sender, senderPoint, me, b.point, b.lastDest, b.lastFunction, b.lastBytes, b.lastSite);
        }
        return false;
    }

    SendEdges edges() {
        return edges;
    }
}
