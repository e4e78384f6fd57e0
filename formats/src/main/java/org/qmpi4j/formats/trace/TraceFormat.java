package org.qmpi4j.formats.trace;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.ResultFiles;

/**
 * The per-rank trace file ({@code ranks/rank-<r>.trace}), written as the run goes, so that
 * whatever reached the disk is readable after a crash (a cut last record is ignored). This javadoc
 * is the format's one description.
 *
 * <p><b>Version 6</b> is version 5 with one more record, what the JVM did around a call
 * ({@link #JVM_RECORD}, written just before that call's record, only when one of its numbers is not
 * 0):
 * <pre>
 * 5 &lt;mask: 2 bytes&gt; &lt;varints&gt;         the JVM: of the {@link #JVM_FIELDS} numbers, those not 0 (unsigned)
 * </pre>
 * Bit {@code i} of its mask says whether the {@code i}-th number follows: garbage-collection pause
 * ns, collections, non-collection safepoint ns, class loading ns and descheduled ns in the interval
 * since the rank's previous call, then the same five inside the call. ShardText shows it as a line
 * {@code J <ten numbers>}. A shard of version 5 has no such record: nothing is known of its JVM.
 *
 * <p><b>Version 5</b> (written since calls are recorded in binary): a header line of text, then
 * binary records, each a tag byte and its body:
 * <pre>
 * qmpi4j-trace 5 &lt;rank&gt; &lt;size&gt; &lt;binding&gt; [&lt;host&gt;]\n   the header line, as in version 4
 * 1 &lt;length: 4 bytes&gt; &lt;line&gt;        a text record: one line of the version 4 lines below (F, T, S, M, C, Z, V, P, L), without its '\n'
 * 2 &lt;mask: 2 bytes&gt; &lt;varints&gt;         a call: what version 4's E line holds
 * 3 &lt;mask: 1 byte&gt; &lt;varints&gt;          a completion: what version 4's W line holds
 * 4 &lt;events: 8 bytes&gt; &lt;dropped: 8 bytes&gt; END\n    the end record (version 4's X line), the last
 * </pre>
 * Numbers of fixed size are little-endian. A varint is an unsigned number in 7-bit groups, low
 * group first, the high bit set on every byte but the last (at most 10 bytes); a signed field is
 * zigzag-encoded first ({@code (v << 1) ^ (v >> 63)}), so that small magnitudes of either sign are
 * short. A call record holds, in order: the function id, the thread id (unsigned), the start as the
 * difference from the previous call record's start (signed; the first from 0), the duration, then
 * the fields of the E line's {@code <peer>} to {@code <level>} (14, signed) that the call has: bit
 * {@code i} of the mask (low byte first) says whether the {@code i}-th of them is present, absent
 * ones ({@code -} in an E line) take no byte. A completion record's mask names which of the W line's
 * five fields follow. A record is never split by anything
 * else; a reader that cannot frame one (an unknown tag, a text record longer than 1 MiB, a varint
 * of more than 10 bytes) reports its byte offset and skips the rest of the file.
 *
 * <p><b>The lines</b> (version 4's file, and version 5's text records and what its binary records
 * hold):
 * <pre>
 * qmpi4j-trace 4 &lt;rank&gt; &lt;size&gt; &lt;binding&gt; [&lt;host&gt;]      the host (optional; '?' for spaces and non-ASCII)
 * F &lt;function id&gt; &lt;MPI_NAME&gt;                 a function id used by later lines
 * T &lt;thread id&gt; &lt;thread name ...&gt;             a thread seen for the first time
 * S &lt;site id&gt; &lt;class&gt; &lt;method&gt; &lt;line&gt; &lt;file ...&gt;  a call site (version 4)
 * M &lt;comm id&gt; &lt;key&gt; &lt;I|X&gt; &lt;local group&gt; &lt;remote group&gt;    a communicator (version 4)
 * E &lt;fid&gt; &lt;tid&gt; &lt;start&gt; &lt;duration&gt; &lt;peer&gt; &lt;tag&gt; &lt;bytes&gt; &lt;send seq&gt; &lt;recv peer&gt; &lt;recv tag&gt; &lt;recv seq&gt;
 *   &lt;site&gt; &lt;comm&gt; &lt;root&gt; &lt;coll seq&gt; &lt;request&gt; &lt;recv bytes&gt; &lt;level&gt;     (one line; the second half: version 4)
 * W &lt;request&gt; &lt;comm&gt; &lt;recv peer&gt; &lt;recv tag&gt; &lt;recv seq&gt;   the call on the E line just before completed this request
 * L &lt;limit bytes&gt; &lt;events written&gt; &lt;time&gt;     the size limit was reached: no more E lines
 * C &lt;time&gt; &lt;offset&gt; &lt;error&gt;                  clock measurement: at &lt;time&gt; rank 0's clock read &lt;time&gt; + &lt;offset&gt;, &plusmn; &lt;error&gt;
 * Z &lt;zero&gt;                                     the job's zero, on rank 0's clock (the last one counts)
 * V &lt;var id&gt; &lt;I|D&gt; &lt;name&gt;                   an MPI_T performance variable the tracer samples (I: whole numbers, D: not)
 * P &lt;var id&gt; &lt;time&gt; &lt;value&gt;                  that variable's value at &lt;time&gt;: the sum of its elements
 * X &lt;events written&gt; &lt;events dropped&gt;          the end: the file was closed at MPI_Finalize (the last line)
 * </pre>
 * {@link ShardText} shows a version 5 file as these lines.
 * A file without an end record (X line) as its last was cut off: its process ended before
 * {@code MPI_Finalize} (killed, its node lost, a time limit) or the file system refused more
 * (full, read-only); what it holds is still readable ({@link ShardEnd} tells). Files written
 * before the X line was added (within version 4) have none.
 * A value a call does not have is written as {@code -}. Times are nanoseconds on the rank's own
 * clock (version 1: on the job's common clock, no C or Z lines). The tracer measures the offset at
 * {@code MPI_Init} and {@code MPI_Finalize} (a C line each, and the job's zero, the earliest
 * {@code MPI_Init} entry on rank 0's clock, after each: a Z line); readers map every time onto rank
 * 0's clock with {@link ClockModel} and subtract the zero, so the file keeps what was measured and
 * the mapping is done when the trace is built.
 *
 * <p><b>E lines.</b> {@code peer} (and {@code recv peer}) is a {@code COMM_WORLD} rank whatever
 * the call's communicator (or the binding's wildcard); {@code bytes} is the count times the type
 * size of the call's first buffer. A send that can be matched writes its sequence number
 * ({@code send seq}) among messages to the same peer with the same tag on the same communicator; a
 * receive writes the source, tag and its sequence number, so that the n-th send from s to d with
 * tag t on a communicator and the n-th such receive at d name the same message (MPI's
 * non-overtaking rule) without any exchange between ranks: {@link #flowId} is that message's id.
 * Version 4 adds, in order:
 * <ul>
 *   <li>{@code site}: the call site's id (an S line before the first E line that uses it);</li>
 *   <li>{@code comm}: the communicator's id (an M line before the first E line that uses it);</li>
 *   <li>{@code root}: the root of a collective that has one, as a {@code COMM_WORLD} rank;</li>
 *   <li>{@code coll seq}: for a collective (blocking or nonblocking), the number of collectives this
 *       rank called before it on the same communicator (0 for the first): by MPI's ordering rule
 *       the calls with the same communicator key and sequence number on the member ranks are one
 *       instance of the collective;</li>
 *   <li>{@code request}: for a call that creates a request (nonblocking and persistent calls), its
 *       id, counted per rank from 0 in creation order;</li>
 *   <li>{@code recv bytes}: count times type size of the call's receive buffer where the arguments
 *       say it: receives (the buffer's capacity; what arrived is in the status) and the receive
 *       half of send-receives; for collectives the receive buffer's block (per peer for gather,
 *       allgather, alltoall and scatter, summed over the counts for their {@code v} forms; the
 *       whole buffer for reduce, allreduce, scan and exscan; for bcast the buffer, as
 *       {@code bytes}); with the communicator's size from its M line a reader has the sizes sent
 *       and received that OTF2's collective records ask for;</li>
 *   <li>{@code level}: {@code MPI_PCONTROL}'s level.</li>
 * </ul>
 *
 * <p><b>S lines.</b> Where in the application a call was written: binary class name, method,
 * source line ({@code -1} if unknown) and source file (the rest of the line; {@code -} if unknown).
 *
 * <p><b>M lines.</b> A communicator this rank used or created, numbered from 0 in the order the
 * rank first met them ({@code COMM_WORLD} first; a communicator a call returns is defined by that
 * call, so numbering follows creation order). {@code I} marks an intracommunicator, {@code X} an
 * intercommunicator; the groups are lists of {@code COMM_WORLD} ranks in the communicator's rank
 * order, comma-separated, with runs written {@code a..b} (e.g. {@code 0..3,8}); a process outside
 * {@code COMM_WORLD} (spawned, connected) is {@code x}; {@code remote group} is {@code -} for an
 * intracommunicator. The {@code key} names the communicator identically on every member rank, so
 * that readers match collectives and messages across ranks without any exchange: {@code w} for
 * {@code COMM_WORLD}; otherwise 16 hexadecimal digits of the 64-bit FNV-1a hash of the group text
 * ({@code I <local>} or, for an intercommunicator, {@code X <g1> <g2>} with the two groups in
 * lexicographic order, the same from both sides), a dot, and the ordinal of this communicator
 * among the rank's communicators with the same group text, in creation order (e.g.
 * {@code 7a9c0f31d2e45b88.0}).
 *
 * <p><b>W lines.</b> The call on the E line before completed request {@code request}
 * ({@code MPI_WAIT}, {@code MPI_WAITALL}, {@code MPI_TEST}, ...: one line per request, written
 * with the E line); for a receive it also names the message as the posting call's E line does, on
 * communicator {@code comm}. The message's arrow ends at the completing call. A wildcard receive
 * ({@code ANY_SOURCE}, {@code ANY_TAG}) learns its message only when it completes: its posting names
 * none, and its W line (or, for a blocking receive, its E line) names the message its status told.
 * A posted receive without a W line (its completion was not seen) keeps the arrow end at the
 * posting call.
 *
 * <p><b>V and P lines.</b> The MPI_T performance variables the tracer was asked to sample (setting
 * {@code tracer.pvars}), numbered from 0 in the setting's order among those found, each defined by a V line with its
 * name (spaces as '?') before its first sample; a P line is one sample, taken at the end of a call
 * at {@code time} (setting {@code tracer.pvar-interval}, {@code tracer.pvar-calls}): the sum of the
 * variable's elements (one per peer for a variable bound to a communicator, which the tracer binds
 * to {@code COMM_WORLD}), a whole number for {@code I}, else in Java's {@code Double.toString}
 * form. A shard without the setting has neither; readers of version 4 that predate them report
 * them as unknown records and go on.
 *
 * <p><b>Older versions,</b> which readers still accept (a results folder of an earlier release
 * stays readable): version 4 is the lines above, one per record, as ASCII text; version 3 has E lines of the first 11
 * fields (messages on {@code COMM_WORLD} only), no S or M lines, and W lines of three fields,
 * {@code W <recv peer> <recv tag> <recv seq>}, for receives posted by {@code MPI_IRECV} only;
 * versions 1 and 2 have no W lines either.
 */
public final class TraceFormat {
    public static final String MAGIC = "qmpi4j-trace";
    public static final int VERSION = 6;
    /** A record holding one line of the text format (version 5: every record but calls, completions and the end). */
    static final byte TEXT_RECORD = 1;
    /** A call (version 5). */
    static final byte EVENT_RECORD = 2;
    /** A request the call just before completed (version 5). */
    static final byte COMPLETION_RECORD = 3;
    /** The end: the file was closed at MPI_Finalize (version 5). */
    static final byte END_RECORD = 4;
    /**
     * What the JVM did in the interval before the call whose record follows and inside that call
     * (version 6): written only when one of its numbers is not 0.
     */
    static final byte JVM_RECORD = 5;
    /**
     * The numbers of a JVM record, in order: for the interval between the rank's previous call and
     * this one, garbage-collection pause ns, collections, other safepoints' ns, class loading ns,
     * descheduled ns; then the same five inside the call.
     */
    public static final int JVM_FIELDS = 10;
    /** The longest JVM record: tag, field mask and 10 varints. */
    static final int JVM_MAX_BYTES = 3 + JVM_FIELDS * 10;
    /** A text record's tag and length before its line. */
    static final int TEXT_RECORD_HEADER = 5;
    /** The longest varint: 64 bits, 7 a byte. */
    static final int VARINT_MAX_BYTES = 10;
    /** The longest call record: tag, field mask and 18 varints. */
    static final int EVENT_MAX_BYTES = 3 + 18 * VARINT_MAX_BYTES;
    /** The longest completion record: tag, field mask and 5 varints. */
    static final int COMPLETION_MAX_BYTES = 2 + 5 * VARINT_MAX_BYTES;
    /** The end record's last bytes, which tell a complete file from its tail alone. */
    static final byte[] END_MARK = {'E', 'N', 'D', '\n'};
    /** The end record: tag, events written and dropped (8 bytes each), {@link #END_MARK}. */
    static final int END_RECORD_BYTES = 1 + 16 + 4;
    /** The receive a version-3 shard names on the posting call, whose arrow ends at its W line. */
    public static final String POSTED_RECEIVE = "MPI_IRECV";
    /** Written for a field the call does not have. */
    public static final long NONE = Long.MIN_VALUE;
    /** The key of {@code COMM_WORLD} in M lines. */
    public static final String WORLD_KEY = "w";

    private TraceFormat() {}

    /** The id tying the two ends of a message's arrow together, for a message on {@code COMM_WORLD}. */
    public static String flowId(long source, long dest, long tag, long seq) {
        return source + "-" + dest + "-" + tag + "-" + seq;
    }

    /**
     * The id of a message on the communicator of key {@code commKey} ({@code null} or
     * {@link #WORLD_KEY}: {@code COMM_WORLD}, whose ids are those of {@link #flowId(long, long, long, long)}).
     */
    public static String flowId(long source, long dest, long tag, long seq, @Nullable String commKey) {
        String id = flowId(source, dest, tag, seq);
        return commKey == null || commKey.equals(WORLD_KEY) ? id : id + "@" + commKey;
    }

    /** The 64-bit FNV-1a hash of {@code s}'s characters (the group part of a communicator key). */
    public static long fnv1a64(CharSequence s) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return h;
    }

    /**
     * The key of a communicator from its group text ({@code I <local>} or {@code X <g1> <g2>}, see
     * above) and its ordinal among the rank's communicators with that text.
     */
    public static String communicatorKey(CharSequence groupText, int ordinal) {
        String hex = Long.toHexString(fnv1a64(groupText));
        StringBuilder sb = new StringBuilder(24);
        for (int i = hex.length(); i < 16; i++) {
            sb.append('0');
        }
        return sb.append(hex).append('.').append(ordinal).toString();
    }

    /** A group of {@code COMM_WORLD} ranks as M lines write it (negative: outside, {@code x}). */
    public static String groupText(int[] worldRanks) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < worldRanks.length) {
            if (sb.length() > 0) {
                sb.append(',');
            }
            int r = worldRanks[i];
            if (r < 0) {
                sb.append('x');
                i++;
                continue;
            }
            int j = i;
            while (j + 1 < worldRanks.length && worldRanks[j + 1] == worldRanks[j] + 1) {
                j++;
            }
            sb.append(r);
            if (j > i) {
                sb.append("..").append(worldRanks[j]);
            }
            i = j + 1;
        }
        return sb.length() == 0 ? "-" : sb.toString();
    }

    /**
     * The inverse of {@link #groupText}: {@code x} is -1.
     *
     * @throws IllegalArgumentException if {@code text} is not a group of at most
     *     {@link ResultFiles#MAX_RANKS} ranks (checked before anything is sized by it)
     */
    public static int[] parseGroup(String text) {
        if (text.equals("-")) {
            return new int[0];
        }
        String[] parts = text.split(",", -1);
        long n = 0;
        for (String p : parts) {
            int dots = p.indexOf("..");
            if (p.equals("x") || dots < 0) {
                n++;
            } else {
                long a = groupRank(p.substring(0, dots));
                long b = groupRank(p.substring(dots + 2));
                if (b < a) {
                    throw new IllegalArgumentException("rank range " + p + " runs backwards");
                }
                n += b - a + 1;
            }
            if (n > ResultFiles.MAX_RANKS) {
                throw new IllegalArgumentException("a group of more than " + ResultFiles.MAX_RANKS + " ranks");
            }
        }
        int[] out = new int[(int) n];
        int k = 0;
        for (String p : parts) {
            int dots = p.indexOf("..");
            if (p.equals("x")) {
                out[k++] = -1;
            } else if (dots < 0) {
                out[k++] = groupRank(p);
            } else {
                int a = groupRank(p.substring(0, dots));
                int b = groupRank(p.substring(dots + 2));
                for (int r = a; r <= b; r++) {
                    out[k++] = r;
                }
            }
        }
        return out;
    }

    private static int groupRank(String s) {
        int r = Integer.parseInt(s);
        if (r < 0 || r >= ResultFiles.MAX_RANKS) {
            throw new IllegalArgumentException("rank " + s + " in a group");
        }
        return r;
    }
}
