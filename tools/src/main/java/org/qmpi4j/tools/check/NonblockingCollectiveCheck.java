package org.qmpi4j.tools.check;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiCall;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.Qmpi;

/**
 * {@code collective_mismatch} for nonblocking collectives, without ever blocking where the
 * application does not: at the start of each nonblocking collective the ranks start an
 * {@code MPI_IALLREDUCE} of its record ({@link CollectiveRecord}) on the checker's duplicate of the
 * communicator. MPI orders the nonblocking collectives of a communicator by the order in which
 * they are started, so the checker's own pair up as the application's do. A blocking comparison
 * there could deadlock a correct program (rank 0: ibarrier, send to 1, wait; rank 1: receive from
 * 0, ibarrier, wait).
 *
 * <p>The comparisons started are tested ({@code MPI_TEST}, never a wait) at the checker's next
 * calls that look at requests or arguments, and waited for where the application waits for every
 * rank anyway: when it frees the communicator, and at {@code MPI_Finalize}. A comparison that
 * disagrees is known to every rank alike; each rank then sends its call and site to the
 * communicator's first rank (nonblocking point-to-point on the duplicate, a tag per comparison),
 * which reports once it has them all.
 *
 * <p>Cost: one {@code MPI_IALLREDUCE} per nonblocking collective and one {@code MPI_TEST} per
 * comparison still open at each checked call. The records, buffers and argument lists are reused
 * (0 bytes per call in the steady state, {@code CheckCostTest}), except for what the binding
 * itself allocates for the checker's call: Open MPI's Java binding makes a {@code Request} object
 * per {@code iAllReduce}, and the boxed count where the record is longer than 127 longs (a
 * communicator of more than 57 ranks in a {@code v} variant).
 */
final class NonblockingCollectiveCheck {
    /** Tags of the mismatch records sent to the communicator's first rank: a comparison's number modulo {@link #TAGS}. */
    private static final int REPORT_TAG = 20000;

    private static final int TAGS = 4096;
    private static final Object[] NO_ARGUMENTS = new Object[0];

    private final Checker checker;
    private final int toolId;
    private final CollectiveCheck collectives;
    private final boolean nioBuffers;
    private final Object longType;
    private final Object max;

    /** One comparison started; reused once read. */
    private static final class Compare {
        final long[] rec = new long[CollectiveRecord.FIELDS];
        long[] in = new long[0];
        long[] out = new long[0];

        @Nullable
        ByteBuffer inBuffer;

        @Nullable
        ByteBuffer outBuffer;

        int length;
        Integer boxedLength = 0;
        /** Whether this rank described the call ({@link CollectiveCheck#describe}); else its record said nothing. */
        boolean described;

        int slots;
        int sequence;

        @Nullable
        Object request;

        @Nullable
        Object dup;

        @Nullable
        Communicators.Info info;

        MpiFunction function = MpiFunction.MPI_IBARRIER;

        @Nullable
        CallingAddress site;

        @Nullable
        Object datatype;

        void fit(int n, boolean nio) {
            if (in.length < n) {
                in = new long[n];
                out = new long[n];
                if (nio) {
                    inBuffer = ByteBuffer.allocateDirect(n * Long.BYTES).order(ByteOrder.nativeOrder());
                    outBuffer = ByteBuffer.allocateDirect(n * Long.BYTES).order(ByteOrder.nativeOrder());
                }
            }
            length = n;
            boxedLength = n;
        }
    }

    /** A mismatch's records on their way to the communicator's first rank: its receives there, a send elsewhere. */
    private static final class Report {
        final Object dup;
        final Communicators.Info info;
        /** At the first rank, a receive from each other rank (none from itself); elsewhere, the one send. */
        final Object[] requests;
        /** The send's buffer, held until the send completed. */
        @Nullable
        Object sending;
        /** At the first rank: each rank's record (its own filled in), and the buffers the others' arrive in. */
        @Nullable
        final byte[] all;

        @Nullable
        final Object[] buffers;

        Report(
                Object dup,
                Communicators.Info info,
                Object[] requests,
                @Nullable byte[] all,
                @Nullable Object[] buffers) {
            this.dup = dup;
            this.info = info;
            this.requests = requests;
            this.all = all;
            this.buffers = buffers;
        }
    }

    private final List<Compare> started = new ArrayList<>();
    private final ArrayDeque<Compare> free = new ArrayDeque<>();
    private final List<Report> reports = new ArrayList<>();
    /** Per duplicate, how many comparisons were started on it: the same count on every rank. */
    private final Map<Object, int[]> sequences = new IdentityHashMap<>();

    private final Object[] nioArgs = new Object[5];
    private final Object[] offsetArgs = new Object[7];
    /** Comparisons and reports not yet done; read without the lock, so that a program with none pays nothing. */
    private volatile int open;

    NonblockingCollectiveCheck(
            Checker checker, int toolId, CollectiveCheck collectives, boolean nioBuffers, Object longType, Object max) {
        this.checker = checker;
        this.toolId = toolId;
        this.collectives = collectives;
        this.nioBuffers = nioBuffers;
        this.longType = longType;
        this.max = max;
    }

    /** Before the nonblocking collective {@code call} on the communicator of {@code info}, whose duplicate is {@code dup}. */
    synchronized void start(MpiCall call, Object dup, Communicators.Info info) throws Exception {
        Compare c = free.poll();
        if (c == null) {
            c = new Compare();
        }
        c.slots = CollectiveRecord.slots(call.function(), info.size);
        c.fit(CollectiveRecord.length(c.slots), nioBuffers);
        c.described = collectives.describe(call, info, c.rec, c.in, c.slots);
        c.function = call.function();
        c.site = call.callingAddress();
        c.datatype = call.datatype();
        c.info = info;
        c.dup = dup;
        int[] n = sequences.get(dup);
        if (n == null) {
            n = new int[1];
            sequences.put(dup, n);
        }
        c.sequence = n[0]++;
        if (nioBuffers) {
            ByteBuffer i = java.util.Objects.requireNonNull(c.inBuffer, "made by fit");
            CollectiveCheck.put(c.in, c.length, i);
            Object[] args = nioArgs;
            args[0] = i;
            args[1] = c.outBuffer;
            args[2] = c.boxedLength;
            args[3] = longType;
            args[4] = max;
            try {
                c.request = Qmpi.pmpi(toolId, MpiFunction.MPI_IALLREDUCE, dup, args);
            } finally {
                args[0] = null;
                args[1] = null;
            }
        } else {
            Object[] args = offsetArgs;
            args[0] = c.in;
            args[1] = 0;
            args[2] = c.out;
            args[3] = 0;
            args[4] = c.boxedLength;
            args[5] = longType;
            args[6] = max;
            try {
                c.request = Qmpi.pmpi(toolId, MpiFunction.MPI_IALLREDUCE, dup, args);
            } finally {
                args[0] = null;
                args[2] = null;
            }
        }
        started.add(c);
        open++;
    }

    /**
     * Tests the comparisons and reports still open, never waiting; what completed is read. Before a
     * call that waits ({@code spinNanos > 0}) the comparisons are tested again for up to that long
     * while some are open: the rank is about to wait anyway, mostly for the collective a comparison
     * stands beside, whose ranks' comparisons started when theirs did; and MPI may end the job in
     * that wait (a {@code v} variant's truncation) before a later call could read them, or before
     * the records of a mismatch reached the communicator's first rank, which reports it.
     */
    void poll(long spinNanos) throws Exception {
        if (open == 0) {
            return;
        }
        long until = System.nanoTime() + spinNanos;
        synchronized (this) {
            pollOnce();
            while (spinNanos > 0 && open > 0 && System.nanoTime() - until < 0) {
                Thread.onSpinWait();
                pollOnce();
            }
        }
    }

    /** One test of each comparison and report open; under this object's lock. */
    private void pollOnce() throws Exception {
        settle(null, false);
    }

    /**
     * Waits for the comparisons and reports on {@code dup} (every one if {@code dup} is
     * {@code null}): where every rank of the communicator waits anyway, freeing it or finalizing.
     */
    synchronized void finish(@Nullable Object dup) throws Exception {
        settle(dup, true);
        if (dup != null) {
            sequences.remove(dup);
        }
    }

    /**
     * Reads the comparisons and delivers the reports on {@code dup} (every one if {@code null})
     * that are done: all of them after waiting ({@code wait}), or those a test finds complete.
     */
    private void settle(@Nullable Object dup, boolean wait) throws Exception {
        for (int i = 0; i < started.size(); ) {
            Compare c = started.get(i);
            if ((dup == null || c.dup == dup) && done(c.request, wait)) {
                started.remove(i);
                open--;
                read(c);
            } else {
                i++;
            }
        }
        for (int i = 0; i < reports.size(); ) {
            Report r = reports.get(i);
            if ((dup == null || r.dup == dup) && allDone(r, wait)) {
                reports.remove(i);
                open--;
                delivered(r);
            } else {
                i++;
            }
        }
    }

    /** Whether {@code request} completed: after waiting for it ({@code wait}), or by a test. */
    private boolean done(@Nullable Object request, boolean wait) throws Exception {
        if (wait) {
            Qmpi.pmpi(toolId, MpiFunction.MPI_WAIT, request, NO_ARGUMENTS);
            return true;
        }
        return test(request);
    }

    private boolean test(@Nullable Object request) throws Exception {
        Object status = Qmpi.pmpi(toolId, MpiFunction.MPI_TEST, request, NO_ARGUMENTS);
        return status != null && !Boolean.FALSE.equals(status);
    }

    /** A completed comparison: a mismatch sends this rank's record on; the record is reused. */
    private void read(Compare c) throws Exception {
        try {
            if (nioBuffers) {
                CollectiveCheck.get(java.util.Objects.requireNonNull(c.outBuffer, "made by fit"), c.out, c.length);
            }
            Communicators.Info info = c.info;
            Object dup = c.dup;
            if (!CollectiveRecord.agrees(c.out, c.slots) && info != null && dup != null) {
                mismatch(c, info, dup);
            }
        } finally {
            c.request = null;
            c.dup = null;
            c.info = null;
            c.site = null;
            c.datatype = null;
            if (free.size() < 64) {
                free.push(c);
            }
        }
    }

    /** Every rank sends its record to the communicator's first rank, which receives them all. */
    private void mismatch(Compare c, Communicators.Info info, Object dup) throws Exception {
        byte[] mine =
                collectives.mismatchRecord(c.described, c.function, c.datatype, info, c.rec, c.in, c.slots, c.site);
        int tag = REPORT_TAG + c.sequence % TAGS;
        Object byteType = collectives.byteType();
        if (collectives.commRank(info) == 0) {
            byte[] all = new byte[CollectiveCheck.RECORD * info.size];
            System.arraycopy(mine, 0, all, 0, CollectiveCheck.RECORD);
            Object[] buffers = new Object[info.size];
            Object[] requests = new Object[info.size];
            for (int r = 1; r < info.size; r++) {
                Object b = nioBuffers
                        ? ByteBuffer.allocateDirect(CollectiveCheck.RECORD)
                        : new byte[CollectiveCheck.RECORD];
                buffers[r] = b;
                requests[r] = nioBuffers
                        ? Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, b, CollectiveCheck.RECORD, byteType, r, tag)
                        : Qmpi.pmpi(toolId, MpiFunction.MPI_IRECV, dup, b, 0, CollectiveCheck.RECORD, byteType, r, tag);
            }
            reports.add(new Report(dup, info, requests, all, buffers));
        } else {
            Object b;
            if (nioBuffers) {
                ByteBuffer d = ByteBuffer.allocateDirect(CollectiveCheck.RECORD);
                d.put(mine);
                b = d;
            } else {
                b = mine;
            }
            Object request = nioBuffers
                    ? Qmpi.pmpi(toolId, MpiFunction.MPI_ISEND, dup, b, CollectiveCheck.RECORD, byteType, 0, tag)
                    : Qmpi.pmpi(toolId, MpiFunction.MPI_ISEND, dup, b, 0, CollectiveCheck.RECORD, byteType, 0, tag);
            Report sent = new Report(dup, info, new Object[] {request}, null, null);
            sent.sending = b;
            reports.add(sent);
        }
        open++;
    }

    /** Whether every request of {@code r} completed; with {@code wait}, waits for them. */
    private boolean allDone(Report r, boolean wait) throws Exception {
        boolean done = true;
        Object[] requests = r.requests;
        for (int i = 0; i < requests.length; i++) {
            Object q = requests[i];
            if (q == null) {
                continue;
            }
            if (done(q, wait)) {
                requests[i] = null;
            } else {
                done = false;
            }
        }
        return done;
    }

    /** At the communicator's first rank, every record arrived: the finding. */
    private void delivered(Report r) {
        byte[] all = r.all;
        Object[] buffers = r.buffers;
        if (all == null || buffers == null) {
            return;
        }
        for (int k = 1; k < buffers.length; k++) {
            Object b = buffers[k];
            if (b instanceof ByteBuffer) {
                ByteBuffer d = ((ByteBuffer) b).duplicate();
                d.clear();
                d.get(all, k * CollectiveCheck.RECORD, CollectiveCheck.RECORD);
            } else if (b instanceof byte[]) {
                System.arraycopy(b, 0, all, k * CollectiveCheck.RECORD, CollectiveCheck.RECORD);
            }
        }
        collectives.report(r.info, CollectiveCheck.split(all, r.info.size));
    }
}
