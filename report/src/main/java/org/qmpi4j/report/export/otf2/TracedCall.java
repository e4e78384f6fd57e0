package org.qmpi4j.report.export.otf2;

import java.util.Arrays;

/**
 * One MPI call of one rank as the OTF2 export takes it: times on the job's common clock, peers and
 * roots as {@code COMM_WORLD} ranks, the communicator as an id of the job's {@link Communicators}.
 * Reused from call to call: the export copies what it keeps.
 */
public final class TracedCall {
    /** A field the call does not have. */
    public static final long NONE = Long.MIN_VALUE;

    String function = "";
    long thread;
    long start;
    long end;
    int site = -1;
    int comm;
    long peer = NONE;
    long tag = NONE;
    long bytes = NONE;
    long source = NONE;
    long sourceTag = NONE;
    long receivedBytes = NONE;
    long root = NONE;
    long request = NONE;
    int completions;
    long[] completedRequests = new long[4];
    long[] completedSources = new long[4];
    long[] completedTags = new long[4];
    long[] completedBytes = new long[4];
    /** What the JVM took in the interval before the call, ns per kind of {@link #JVM_KINDS}. */
    final long[] jvmBefore = new long[JVM_KINDS.length];

    /** The kinds of {@link #jvmBefore}, as the export's regions name them. */
    static final String[] JVM_KINDS = {"JVM: gc", "JVM: safepoint", "JVM: class loading", "JVM: descheduled"};

    /** Starts a new call: every field back to none. */
    public TracedCall reset(String function, long thread, long start, long end) {
        this.function = function;
        this.thread = thread;
        this.start = start;
        this.end = Math.max(start, end);
        site = -1;
        comm = Communicators.WORLD;
        peer = NONE;
        tag = NONE;
        bytes = NONE;
        source = NONE;
        sourceTag = NONE;
        receivedBytes = NONE;
        root = NONE;
        request = NONE;
        completions = 0;
        Arrays.fill(jvmBefore, 0);
        return this;
    }

    /**
     * What the JVM took between the rank's previous call and this one: ns of garbage-collection
     * pauses, other safepoints, class loading and time descheduled.
     */
    public TracedCall jvmBefore(long gcNs, long safepointNs, long classLoadingNs, long descheduledNs) {
        jvmBefore[0] = gcNs;
        jvmBefore[1] = safepointNs;
        jvmBefore[2] = classLoadingNs;
        jvmBefore[3] = descheduledNs;
        return this;
    }

    /** The call site's id in the job's {@link CallSites}. */
    public TracedCall site(int site) {
        this.site = site;
        return this;
    }

    /** The communicator's id in the job's {@link Communicators}. */
    public TracedCall comm(int comm) {
        this.comm = comm;
        return this;
    }

    /** What a send sends: to {@code peer} (a world rank), with {@code tag}, {@code bytes} bytes. */
    public TracedCall sent(long peer, long tag, long bytes) {
        this.peer = peer;
        this.tag = tag;
        this.bytes = bytes;
        return this;
    }

    /** What a blocking receive received: from {@code source} (a world rank), {@code tag}, bytes. */
    public TracedCall received(long source, long tag, long bytes) {
        this.source = source;
        this.sourceTag = tag;
        this.receivedBytes = bytes;
        return this;
    }

    /** The collective's root as a world rank. */
    public TracedCall root(long root) {
        this.root = root;
        return this;
    }

    /** Bytes a collective sent and received ({@link #NONE}: unknown). */
    public TracedCall collectiveBytes(long sent, long received) {
        this.bytes = sent;
        this.receivedBytes = received;
        return this;
    }

    /** The request a nonblocking call created. */
    public TracedCall request(long request) {
        this.request = request;
        return this;
    }

    /**
     * A request this call completed; for a receive, the message's source (a world rank), tag and
     * bytes ({@link #NONE} for a send's request).
     */
    public TracedCall completed(long request, long source, long tag, long bytes) {
        if (completions == completedRequests.length) {
            int n = completions * 2;
            completedRequests = Arrays.copyOf(completedRequests, n);
            completedSources = Arrays.copyOf(completedSources, n);
            completedTags = Arrays.copyOf(completedTags, n);
            completedBytes = Arrays.copyOf(completedBytes, n);
        }
        completedRequests[completions] = request;
        completedSources[completions] = source;
        completedTags[completions] = tag;
        completedBytes[completions] = bytes;
        completions++;
        return this;
    }

    public String function() {
        return function;
    }

    public long start() {
        return start;
    }

    public long end() {
        return end;
    }
}
