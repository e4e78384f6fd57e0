package org.qmpi4j.report.trace;

/**
 * The per-rank trace file ({@code ranks/rank-<r>.trace}): ASCII lines, written as the run goes,
 * so that whatever reached the disk is readable after a crash (a cut last line is ignored).
 * <pre>
 * qmpi4j-trace 1 &lt;rank&gt; &lt;size&gt; &lt;binding&gt;
 * F &lt;function id&gt; &lt;MPI_NAME&gt;                 a function id used by later lines
 * T &lt;thread id&gt; &lt;thread name ...&gt;             a thread seen for the first time
 * E &lt;fid&gt; &lt;tid&gt; &lt;start&gt; &lt;duration&gt; &lt;peer&gt; &lt;tag&gt; &lt;bytes&gt; &lt;send seq&gt; &lt;recv peer&gt; &lt;recv tag&gt; &lt;recv seq&gt;
 * L &lt;limit bytes&gt; &lt;events written&gt; &lt;time&gt;     the size limit was reached: no more E lines
 * C &lt;time&gt; &lt;offset&gt; &lt;error&gt;                  clock measurement: at &lt;time&gt; rank 0's clock read &lt;time&gt; + &lt;offset&gt;, &plusmn; &lt;error&gt;
 * Z &lt;zero&gt;                                     the job's zero, on rank 0's clock (the last one counts)
 * W &lt;recv peer&gt; &lt;recv tag&gt; &lt;recv seq&gt;          the call on the E line just before completed this receive
 * </pre>
 * Times are nanoseconds on the rank's own clock (version 1: on the job's common clock, no C or Z
 * lines). The tracer measures the offset at {@code MPI_Init} and {@code MPI_Finalize} (a C line
 * each, and the job's zero, the earliest {@code MPI_Init} entry on rank 0's clock, after each: a Z line);
 * readers map every time onto rank 0's clock with {@link ClockModel} and subtract the
 * zero, so the file keeps what was measured and the mapping is done when the trace is built. {@code peer} is a {@code COMM_WORLD} rank (or the binding's wildcard);
 * a value the call does not have is written as {@code -}. A send that can
 * be matched writes its sequence number among messages to the same peer with the same tag; a
 * receive with an explicit source and tag writes the source, tag and its sequence number, so that
 * the n-th send from s to d with tag t and the n-th such receive at d name the same message
 * (MPI's non-overtaking rule) without any exchange between ranks.
 *
 * <p>Version 3 adds {@code W} lines: a nonblocking receive ({@code MPI_IRECV}) names the message
 * it posts on its E line, and the call that completed it ({@code MPI_WAIT}, {@code MPI_WAITALL},
 * {@code MPI_TEST}, ...) is followed by a {@code W} line naming the same message, written together
 * with its E line. The message's arrow ends at the completing call; a posted receive without a
 * {@code W} line (its completion was not seen) keeps the arrow end at the posting call, as in
 * versions 1 and 2, which readers still accept. A wildcard receive ({@code ANY_SOURCE},
 * {@code ANY_TAG}) learns its message only when it completes: its posting names none, and its
 * {@code W} line (or, for a blocking receive, its E line) names the message its status told.
 */
public final class TraceFormat {
    public static final String MAGIC = "qmpi4j-trace";
    public static final int VERSION = 3;
    /** The receive a version-3 shard names on the posting call, whose arrow ends at its W line. */
    public static final String POSTED_RECEIVE = "MPI_IRECV";
    /** Written for a field the call does not have. */
    public static final long NONE = Long.MIN_VALUE;

    private TraceFormat() {}

    /** The id tying the two ends of a message's arrow together. */
    public static String flowId(long source, long dest, long tag, long seq) {
        return source + "-" + dest + "-" + tag + "-" + seq;
    }
}
