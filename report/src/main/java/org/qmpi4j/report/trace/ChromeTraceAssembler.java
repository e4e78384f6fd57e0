package org.qmpi4j.report.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.json.JsonWriter;

/**
 * Turns per-rank trace files ({@link TraceFormat}) into one Chrome Trace Event JSON document
 * (the format Perfetto and {@code chrome://tracing} open): one process per rank named
 * {@code rank <r>}, one thread track per application thread that called MPI, a complete event
 * ({@code "ph": "X"}) per MPI call, and flow events (arrows) from each matched send to its
 * receive. Streams: per-rank input arrives in chunks of any size (even mid-line), output is
 * written as it is produced, so memory does not grow with the trace.
 */
public final class ChromeTraceAssembler {
    /** What was assembled, for messages and tests. */
    public static final class Summary {
        private final Map<Integer, Long> events;
        private final List<Integer> truncated;
        private final List<Integer> missing;
        private final List<String> problems;

        Summary(Map<Integer, Long> events, List<Integer> truncated, List<Integer> missing, List<String> problems) {
            this.events = events;
            this.truncated = truncated;
            this.missing = missing;
            this.problems = problems;
        }

        /** MPI call events per rank. */
        public Map<Integer, Long> events() {
            return events;
        }
        /** Ranks whose trace stopped at the size limit. */
        public List<Integer> truncatedRanks() {
            return truncated;
        }
        /** Ranks without any trace data. */
        public List<Integer> missingRanks() {
            return missing;
        }
        /** Lines that could not be read, by rank (a crash can cut the last line). */
        public List<String> problems() {
            return problems;
        }
    }

    private final class RankState {
        final int rank;
        final StringBuilder partial = new StringBuilder();
        final Map<Integer, String> functions = new TreeMap<>();
        final Map<Long, String> threads = new LinkedHashMap<>();
        boolean headerSeen;
        boolean ended;
        long events;
        long lineNo;
        String truncation; // the L line, if any

        RankState(int rank) {
            this.rank = rank;
        }
    }

    private final Writer out;
    private final int ranks;
    private final String binding;
    private final Map<Integer, RankState> states = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();
    private boolean first = true;
    private boolean finished;

    /** Starts the document on {@code out}; {@link #finish()} completes it. */
    public ChromeTraceAssembler(Writer out, int ranks, String binding) throws IOException {
        this.out = out;
        this.ranks = ranks;
        this.binding = binding;
        out.write("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
    }

    /** Feeds {@code len} bytes of rank {@code rank}'s trace file, in file order. */
    public void feed(int rank, byte[] data, int off, int len) throws IOException {
        RankState s = state(rank);
        for (int i = off; i < off + len; i++) {
            char c = (char) (data[i] & 0xff);
            if (c == '\n') {
                line(s, s.partial.toString());
                s.partial.setLength(0);
            } else {
                s.partial.append(c);
            }
        }
    }

    /** Rank {@code rank}'s file ended; an unterminated last line is reported and skipped. */
    public void endRank(int rank) {
        RankState s = state(rank);
        if (s.partial.length() > 0) {
            problems.add("rank " + rank + ": last line cut short (" + s.partial.length() + " bytes), skipped");
            s.partial.setLength(0);
        }
        s.ended = true;
    }

    private RankState state(int rank) {
        if (rank < 0 || rank >= ranks) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (ranks - 1));
        }
        return states.computeIfAbsent(rank, RankState::new);
    }

    private void line(RankState s, String line) throws IOException {
        s.lineNo++;
        if (!s.headerSeen) {
            String[] h = line.split(" ");
            if (h.length < 5 || !h[0].equals(TraceFormat.MAGIC)) {
                throw new IOException(
                        "rank " + s.rank + ": not a qmpi4j trace (first line \"" + abbreviate(line) + "\")");
            }
            if (!h[1].equals(Integer.toString(TraceFormat.VERSION))) {
                throw new IOException("rank " + s.rank + ": trace format version " + h[1] + " is not supported");
            }
            if (!h[2].equals(Integer.toString(s.rank))) {
                throw new IOException("rank " + s.rank + ": the file says it is rank " + h[2] + "'s trace");
            }
            s.headerSeen = true;
            return;
        }
        if (line.isEmpty()) {
            return;
        }
        try {
            switch (line.charAt(0)) {
                case 'F': {
                    String[] f = line.split(" ", 3);
                    s.functions.put(Integer.parseInt(f[1]), f[2]);
                    break;
                }
                case 'T': {
                    String[] t = line.split(" ", 3);
                    s.threads.put(Long.parseLong(t[1]), t.length > 2 ? t[2] : "");
                    break;
                }
                case 'E':
                    event(s, line.split(" "));
                    break;
                case 'L':
                    s.truncation = line;
                    String[] l = line.split(" ");
                    instant(
                            s,
                            "qmpi4j: trace size limit reached; later calls not recorded",
                            Long.parseLong(l[3]),
                            "limit_bytes",
                            Long.parseLong(l[1]));
                    break;
                default:
                    problems.add(
                            "rank " + s.rank + " line " + s.lineNo + ": unknown record \"" + abbreviate(line) + "\"");
            }
        } catch (RuntimeException e) {
            problems.add(
                    "rank " + s.rank + " line " + s.lineNo + ": unreadable \"" + abbreviate(line) + "\" (" + e + ")");
        }
    }

    private void event(RankState s, String[] e) throws IOException {
        if (e.length != 12) {
            throw new IllegalArgumentException("expected 12 fields, found " + e.length);
        }
        String name = s.functions.get(Integer.parseInt(e[1]));
        if (name == null) {
            throw new IllegalArgumentException("function id " + e[1] + " not defined");
        }
        long tid = Long.parseLong(e[2]);
        long start = Long.parseLong(e[3]);
        long dur = Long.parseLong(e[4]);
        long peer = opt(e[5]);
        long tag = opt(e[6]);
        long bytes = opt(e[7]);
        long sendSeq = opt(e[8]);
        long recvPeer = opt(e[9]);
        long recvTag = opt(e[10]);
        long recvSeq = opt(e[11]);

        StringBuilder sb = new StringBuilder(160);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", name)
                .member("cat", "mpi")
                .member("ph", "X")
                .member("pid", s.rank)
                .member("tid", tid);
        sb.append(",\"ts\":").append(micros(start)).append(",\"dur\":").append(micros(dur));
        w.name("args").beginObject();
        if (peer != TraceFormat.NONE) {
            w.member("peer", peer);
        }
        if (tag != TraceFormat.NONE) {
            w.member("tag", tag);
        }
        if (bytes != TraceFormat.NONE) {
            w.member("bytes", bytes);
        }
        w.endObject().endObject();
        emit(sb);
        s.events++;
        // Flow ends sit mid-call, so that each binds to this call's slice.
        long mid = start + dur / 2;
        if (sendSeq != TraceFormat.NONE && peer != TraceFormat.NONE && tag != TraceFormat.NONE) {
            flow(s, "s", TraceFormat.flowId(s.rank, peer, tag, sendSeq), tid, mid);
        }
        if (recvSeq != TraceFormat.NONE && recvPeer != TraceFormat.NONE && recvTag != TraceFormat.NONE) {
            flow(s, "f", TraceFormat.flowId(recvPeer, s.rank, recvTag, recvSeq), tid, mid);
        }
    }

    private void flow(RankState s, String phase, String id, long tid, long ts) throws IOException {
        StringBuilder sb = new StringBuilder(120);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", "message")
                .member("cat", "p2p")
                .member("ph", phase)
                .member("id", id)
                .member("pid", s.rank)
                .member("tid", tid);
        if (phase.equals("f")) {
            w.member("bp", "e");
        }
        sb.append(",\"ts\":").append(micros(ts));
        w.endObject();
        emit(sb);
    }

    private void instant(RankState s, String name, long ts, String key, long value) throws IOException {
        StringBuilder sb = new StringBuilder(160);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", name)
                .member("cat", "qmpi4j")
                .member("ph", "i")
                .member("s", "p")
                .member("pid", s.rank)
                .member("tid", 0);
        sb.append(",\"ts\":").append(micros(ts));
        w.name("args").beginObject().member(key, value).endObject();
        w.endObject();
        emit(sb);
    }

    private void metadata(String name, int pid, Long tid, String argName, Object value) throws IOException {
        StringBuilder sb = new StringBuilder(120);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject().member("name", name).member("ph", "M").member("pid", pid);
        if (tid != null) {
            w.member("tid", tid);
        }
        w.name("args").beginObject();
        if (value instanceof Number) {
            w.member(argName, ((Number) value).longValue());
        } else {
            w.member(argName, String.valueOf(value));
        }
        w.endObject().endObject();
        emit(sb);
    }

    private void emit(CharSequence event) throws IOException {
        if (!first) {
            out.write(",\n");
        }
        first = false;
        out.append(event);
    }

    /**
     * Writes the track names and the document's trailer. Ranks never fed are listed as missing.
     */
    public Summary finish() throws IOException {
        if (finished) {
            throw new IllegalStateException("already finished");
        }
        finished = true;
        Map<Integer, Long> events = new TreeMap<>();
        List<Integer> truncated = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            RankState s = states.get(r);
            if (s == null || !s.headerSeen) {
                missing.add(r);
                continue;
            }
            if (s.partial.length() > 0) {
                endRank(r);
            }
            events.put(r, s.events);
            if (s.truncation != null) {
                truncated.add(r);
            }
            metadata("process_name", r, null, "name", "rank " + r);
            metadata("process_sort_index", r, null, "sort_index", r);
            for (Map.Entry<Long, String> t : s.threads.entrySet()) {
                metadata("thread_name", r, t.getKey(), "name", t.getValue());
            }
        }
        out.write("\n],\n");
        StringBuilder sb = new StringBuilder();
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("tool", "qmpi4j tracer")
                .member("binding", binding)
                .member("ranks", ranks)
                .member("clock", "nanoseconds since the ranks aligned at MPI_Init (a barrier); ts in microseconds");
        w.name("truncated_ranks").beginArray();
        truncated.forEach(r -> w.value(r));
        w.endArray();
        w.name("missing_ranks").beginArray();
        missing.forEach(r -> w.value(r));
        w.endArray();
        w.endObject();
        out.write("\"otherData\":");
        out.append(sb);
        out.write("}\n");
        out.flush();
        return new Summary(events, truncated, missing, new ArrayList<>(problems));
    }

    private static long opt(String field) {
        return field.equals("-") ? TraceFormat.NONE : Long.parseLong(field);
    }

    /** Nanoseconds as microseconds with three decimals, exactly (no floating point). */
    static String micros(long ns) {
        StringBuilder sb = new StringBuilder(24);
        if (ns < 0) {
            sb.append('-');
            ns = -ns;
        }
        sb.append(ns / 1000).append('.');
        long frac = ns % 1000;
        if (frac < 100) {
            sb.append('0');
        }
        if (frac < 10) {
            sb.append('0');
        }
        return sb.append(frac).toString();
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
