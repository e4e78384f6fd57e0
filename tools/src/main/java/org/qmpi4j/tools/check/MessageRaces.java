package org.qmpi4j.tools.check;

import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * What {@code message_race} reasons with on one rank: a Lamport clock, carried by every
 * signature ({@link Signatures}) and joined at every blocking collective ({@link CollectiveCheck}),
 * and the last {@link #KEPT} receives from {@code MPI_ANY_SOURCE} that completed here.
 *
 * <p><b>The witness.</b> A wildcard receive R took the message of rank X when this rank's clock was
 * {@code t}. A later message from another rank Y whose send's clock is at most {@code t} was not
 * sent after anything R caused (everything after R has a larger clock); if it also matched R (same
 * communicator, R's tag or {@code MPI_ANY_TAG}) and was taken by a receive posted after R, it could
 * have been R's message: the race is witnessed. The clock is only a lower bound where a message's
 * signature had not arrived when its receive completed, or where ranks synchronized without a clock
 * (a nonblocking or intercommunicator collective, a call that makes a communicator, a receive on a
 * communicator whose messages carry no signature): such a rank is <em>unsure</em> and says so in
 * every signature it sends, a message saying so is never a witness, and receiving one makes the
 * receiver unsure too (for good). So a race is never made up by the clock; many are not seen.
 *
 * <p><b>The heuristic.</b> A witnessed race is reported only where the program seems unable to
 * tell which message it got ({@link #DIFFERENT_SITE}, {@link #DIFFERENT_TAG}, {@link #AFTER_PROBE})
 * and, at the finding, the status of R is not read ({@link StatusUse}). Nothing here allocates:
 * the records are arrays made once.
 */
final class MessageRaces {
    static final String RULE = "message_race";

    /** The receives from {@code MPI_ANY_SOURCE} kept, newest over oldest. */
    static final int KEPT = 64;

    /** Why a witnessed race is reported: the other message was taken at another call site. */
    static final int DIFFERENT_SITE = 1;
    /** ... the receive took any tag, and the two messages carry different tags. */
    static final int DIFFERENT_TAG = 2;
    /** ... the receive followed a probe of {@code MPI_ANY_SOURCE} and did not receive from the probed source. */
    static final int AFTER_PROBE = 3;

    /** A tag that stands for {@code MPI_ANY_TAG} in {@link #tagSpec}. */
    static final int ANY_TAG = Integer.MIN_VALUE;

    /** Calls that may order ranks without a clock, checked or not: one-sided communication, files. */
    private static final boolean[] UNCLOCKED = new boolean[MpiFunction.values().length];

    static {
        for (MpiFunction f : MpiFunction.values()) {
            UNCLOCKED[f.ordinal()] = f.kind() == MpiFunction.Kind.ONE_SIDED || f.kind() == MpiFunction.Kind.IO;
        }
    }

    /** Whether {@code f} may order ranks without a clock, whatever its arguments ({@link #lost}). */
    static boolean unclocked(MpiFunction f) {
        return UNCLOCKED[f.ordinal()];
    }

    private long clock;
    /** Receives that completed before their signature (hence their sender's clock) arrived. */
    private int pending;

    private boolean unsure;
    /** Receives posted, numbered: a message taken by a receive posted before R could not have been R's. */
    private long postings;
    /** Records made, numbered: a record's ticket; its slot is {@code ticket % KEPT}. */
    private long tickets;

    private final long[] ticket = new long[KEPT];
    private final Object[] comm = new Object[KEPT];
    private final int[] source = new int[KEPT];
    private final int[] gotTag = new int[KEPT];
    private final int[] tagSpec = new int[KEPT];
    private final long[] posted = new long[KEPT];
    private final long[] at = new long[KEPT];
    private final CallingAddress[] site = new CallingAddress[KEPT];
    private final CallingAddress[] completion = new CallingAddress[KEPT];
    private final MpiFunction[] function = new MpiFunction[KEPT];
    private final Class<?>[] statusType = new Class<?>[KEPT];
    private final boolean[] afterProbe = new boolean[KEPT];
    private final boolean[] done = new boolean[KEPT];
    /** The signature of the message R took, copied when it arrived (its sender's site, for the finding). */
    private final byte[][] senderSignature = new byte[KEPT][];

    private final int signatureBytes;

    /** {@code signatureBytes}: the longest signature a record copies. */
    MessageRaces(int signatureBytes) {
        this.signatureBytes = signatureBytes;
    }

    // ---- the clock --------------------------------------------------------------------------------

    /** A message leaves: its clock. */
    synchronized long sent() {
        return ++clock;
    }

    /** Whether this rank's clock may be lower than the events before it: its signatures say so. */
    synchronized boolean unsure() {
        return unsure || pending > 0;
    }

    /** A message's signature came, sent at {@code senderClock} by a rank that was {@code senderUnsure}. */
    synchronized void joined(long senderClock, boolean senderUnsure) {
        clock = Math.max(clock, senderClock) + 1;
        if (senderUnsure) {
            unsure = true;
        }
    }

    /** Every rank of a blocking collective met, the largest clock among them {@code largest}. */
    synchronized void met(long largest) {
        clock = Math.max(clock, largest) + 1;
    }

    /** The ranks synchronized, or a message came, without a clock: from now on this rank is unsure. */
    synchronized void lost() {
        unsure = true;
    }

    /** A receive completed before its signature came ({@code +1}), or the signature came later ({@code -1}). */
    synchronized void waiting(int change) {
        pending += change;
    }

    /** This rank's clock, for a blocking collective's comparison. */
    synchronized long clock() {
        return clock;
    }

    /** A receive is posted: its number. */
    synchronized long posting() {
        return ++postings;
    }

    // ---- the wildcard receives --------------------------------------------------------------------

    /**
     * A receive from {@code MPI_ANY_SOURCE} on {@code comm} (the checker's duplicate), posted as
     * {@code postedAs}, completed with the message of {@code from} (a rank of that communicator) with
     * {@code tag}; {@code tagWanted} is its tag or {@link #ANY_TAG}. Its ticket, to give it its
     * message's signature ({@link #senderOf}).
     */
    synchronized long completed(
            Object comm,
            int from,
            int tag,
            int tagWanted,
            long postedAs,
            @Nullable CallingAddress receiveSite,
            MpiFunction receive,
            @Nullable CallingAddress completionSite,
            @Nullable Class<?> status,
            boolean probedFirst) {
        long t = ++tickets;
        int s = (int) (t % KEPT);
        ticket[s] = t;
        this.comm[s] = comm;
        source[s] = from;
        gotTag[s] = tag;
        tagSpec[s] = tagWanted;
        posted[s] = postedAs;
        at[s] = ++clock;
        site[s] = receiveSite;
        function[s] = receive;
        completion[s] = completionSite;
        statusType[s] = status;
        afterProbe[s] = probedFirst;
        done[s] = false;
        byte[] copy = senderSignature[s];
        if (copy != null) {
            copy[0] = 0;
        }
        return t;
    }

    /** The signature of the message the receive of {@code ticket} took: {@code length} bytes of {@code signature}. */
    synchronized void senderOf(long ticket, Object signature, int length) {
        int s = (int) (ticket % KEPT);
        if (this.ticket[s] != ticket || length > signatureBytes) {
            return;
        }
        byte[] copy = senderSignature[s];
        if (copy == null) {
            copy = new byte[signatureBytes];
            senderSignature[s] = copy;
        }
        for (int i = 0; i < length; i++) {
            copy[i] = SignatureRecord.byteAt(signature, i);
        }
    }

    /**
     * A message from {@code from} (a rank of {@code comm}) with {@code tag}, sent at
     * {@code senderClock}, was taken by the receive at {@code receiveSite} posted as {@code postedAs}:
     * the newest record it witnesses a reported race of, as {@code slot * 4 + why} ({@link
     * #DIFFERENT_SITE}, ...), or -1. That record is done: one finding per wildcard receive.
     */
    synchronized int witness(
            Object comm,
            int from,
            int tag,
            long postedAs,
            @Nullable CallingAddress receiveSite,
            long senderClock,
            boolean senderUnsure) {
        if (senderUnsure || tickets == 0) {
            return -1;
        }
        for (long t = tickets; t > 0 && t > tickets - KEPT; t--) {
            int s = (int) (t % KEPT);
            if (done[s]
                    || this.comm[s] != comm
                    || source[s] == from
                    || posted[s] >= postedAs
                    || senderClock > at[s]
                    || (tagSpec[s] != ANY_TAG && tagSpec[s] != tag)) {
                continue;
            }
            int why = afterProbe[s]
                    ? AFTER_PROBE
                    : !sameSite(site[s], receiveSite)
                            ? DIFFERENT_SITE
                            : tagSpec[s] == ANY_TAG && tag != gotTag[s] ? DIFFERENT_TAG : 0;
            if (why != 0) {
                done[s] = true;
                return s * 4 + why;
            }
        }
        return -1;
    }

    private static boolean sameSite(@Nullable CallingAddress a, @Nullable CallingAddress b) {
        return a == b || (a != null && a.equals(b));
    }

    /** A wildcard receive kept, as the deadlock watch reads it ({@link #tookFrom}). */
    static final class Took {
        final MpiFunction function;
        final @Nullable CallingAddress site;
        /** Its tag, or {@link #ANY_TAG}. */
        final int tagWanted;
        /** The tag of the message it took. */
        final int tag;
        /** This rank's clock when it completed: a message sent at a clock up to it was not caused by it. */
        final long at;

        Took(MpiFunction function, @Nullable CallingAddress site, int tagWanted, int tag, long at) {
            this.function = function;
            this.site = site;
            this.tagWanted = tagWanted;
            this.tag = tag;
            this.at = at;
        }
    }

    /**
     * The newest wildcard receive kept on {@code comm} (the checker's duplicate) that took the
     * message of {@code from} (a rank of it), or {@code null}: for the deadlock watch, which asks it
     * of a receive from {@code from} that waits for ever ({@link RacedDeadlock}). Allocates.
     */
    synchronized @Nullable Took tookFrom(Object comm, int from) {
        for (long t = tickets; t > 0 && t > tickets - KEPT; t--) {
            int s = (int) (t % KEPT);
            if (this.comm[s] == comm && source[s] == from) {
                return new Took(function[s], site[s], tagSpec[s], gotTag[s], at[s]);
            }
        }
        return null;
    }

    // ---- a record, read for its finding ---------------------------------------------------------

    synchronized int source(int slot) {
        return source[slot];
    }

    synchronized int tag(int slot) {
        return gotTag[slot];
    }

    synchronized int tagWanted(int slot) {
        return tagSpec[slot];
    }

    synchronized @Nullable CallingAddress site(int slot) {
        return site[slot];
    }

    synchronized MpiFunction function(int slot) {
        return function[slot];
    }

    synchronized @Nullable CallingAddress completionSite(int slot) {
        return completion[slot];
    }

    synchronized @Nullable Class<?> statusType(int slot) {
        return statusType[slot];
    }

    /** The signature of the message the record's receive took, or {@code null} if it had not come. */
    @Nullable
    synchronized byte[] senderSignature(int slot) {
        byte[] copy = senderSignature[slot];
        return copy == null || copy[0] == 0 ? null : copy;
    }
}
