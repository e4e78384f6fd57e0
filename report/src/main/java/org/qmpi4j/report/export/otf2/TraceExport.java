package org.qmpi4j.report.export.otf2;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.ShardEvent;
import org.qmpi4j.report.trace.ShardParser;
import org.qmpi4j.report.trace.ShardSummary;
import org.qmpi4j.report.trace.TraceFormat;
import org.qmpi4j.report.trace.TraceSelection;

/**
 * Reads a job's trace shards and writes the chosen ranks' calls in the chosen window through an
 * {@link Otf2Export}, on rank 0's clock after clock alignment and causality correction (the
 * {@link ShardSummary} and {@link CausalityCorrection} that every trace built from the shards
 * uses), one rank after the other, streaming.
 */
public final class TraceExport {
    /** What was exported. */
    public static final class Result {
        private final Map<Integer, Long> calls;
        private final List<Integer> missing;
        private final List<String> problems;

        Result(Map<Integer, Long> calls, List<Integer> missing, List<String> problems) {
            this.calls = calls;
            this.missing = missing;
            this.problems = problems;
        }

        /** Calls exported per rank. */
        public Map<Integer, Long> calls() {
            return calls;
        }

        /** Chosen ranks without a shard. */
        public List<Integer> missingRanks() {
            return missing;
        }

        public List<String> problems() {
            return problems;
        }
    }

    private TraceExport() {}

    /**
     * Writes the part {@code selection} of the trace in {@code dir} (a job of {@code size} ranks)
     * to {@code out}, definitions included; {@code out} is left open for the caller to close.
     *
     * @param hosts each rank's host ({@code ""}: unknown)
     */
    public static Result write(Path dir, int size, TraceSelection selection, List<String> hosts, Otf2Records out)
            throws IOException {
        List<Integer> present = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (selection.hasRank(r)) {
                (Files.isRegularFile(ResultFiles.rankTrace(dir, r)) ? present : missing).add(r);
            }
        }
        Map<Integer, ShardSummary> summaries = new TreeMap<>();
        for (int r : present) {
            summaries.put(r, ShardSummary.scan(ResultFiles.rankTrace(dir, r), r));
        }
        CausalityCorrection correction = CausalityCorrection.fromShards(dir, size, new ArrayList<>(summaries.values()));
        // Timestamps are rank 0's clock readings: the common clock (from the job's zero) plus the
        // zero, so that they are positive as OTF2's are.
        long zero =
                summaries.isEmpty() ? 0 : summaries.values().iterator().next().zero();
        Otf2Export export = new Otf2Export(out, new Communicators(size), new CallSites(), hosts);
        Map<Integer, Long> calls = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (int r : present) {
            RankReader reader = new RankReader(r, summaries.get(r), correction, zero, selection, export.rank(r));
            ShardParser parser = new ShardParser(r, reader);
            byte[] buf = new byte[1 << 16];
            try (InputStream in = Files.newInputStream(ResultFiles.rankTrace(dir, r))) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    parser.feed(buf, 0, n);
                }
            }
            parser.end();
            reader.finish();
            problems.addAll(parser.problems());
            calls.put(r, reader.calls);
        }
        export.finish();
        return new Result(calls, missing, problems);
    }

    /** One rank's calls: each held until the next, so that its {@code W} lines join it. */
    private static final class RankReader implements ShardParser.Listener {
        private final int rank;
        private final ShardSummary summary;
        private final CausalityCorrection correction;
        private final long zero;
        private final TraceSelection selection;
        private final Otf2Export.RankWriter writer;
        private final TracedCall call = new TracedCall();
        /** Receives posted and not yet completed: message (source, tag, seq) -> {request id, bytes}. */
        private final Map<String, long[]> postedReceives = new HashMap<>();

        private boolean pending;
        private long nextRequest = 1;
        long calls;

        RankReader(
                int rank,
                ShardSummary summary,
                CausalityCorrection correction,
                long zero,
                TraceSelection selection,
                Otf2Export.RankWriter writer) {
            this.rank = rank;
            this.summary = summary;
            this.correction = correction;
            this.zero = zero;
            this.selection = selection;
            this.writer = writer;
        }

        private long common(long local) {
            long aligned = summary.common(local);
            return aligned + correction.shift(rank, aligned);
        }

        @Override
        public void event(ShardEvent e) throws IOException {
            flush();
            long start = common(e.start());
            long end = common(e.end());
            if (!selection.overlaps(start, end)) {
                return;
            }
            call.reset(e.function(), e.tid(), zero + start, zero + end);
            MpiFunctionKind kind = MpiFunctionKind.of(e.function());
            switch (kind.records()) {
                case SEND:
                case ISEND:
                    call.sent(e.peer(), e.tag(), e.bytes());
                    break;
                case SENDRECV:
                    call.sent(e.peer(), e.tag(), e.bytes());
                    call.received(e.receivedFrom(), TraceFormat.NONE, e.bytes());
                    break;
                case RECV:
                    // A wildcard receive names its source only once it has one (its status).
                    call.received(
                            e.receivedFrom() != TraceFormat.NONE
                                    ? e.receivedFrom()
                                    : e.peer() >= 0 ? e.peer() : TracedCall.NONE,
                            e.tag() >= 0 ? e.tag() : TracedCall.NONE,
                            e.bytes());
                    break;
                case COLLECTIVE:
                    call.root(e.peer() >= 0 ? e.peer() : TracedCall.NONE);
                    call.collectiveBytes(e.bytes(), TracedCall.NONE);
                    break;
                default:
                    break;
            }
            if (kind.records() == MpiFunctionKind.Records.IRECV && e.postsReceive()) {
                long request = nextRequest++;
                call.request(request);
                postedReceives.put(e.receivedMessage(rank), new long[] {request, e.bytes()});
            }
            pending = true;
        }

        @Override
        public void completed(ShardEvent e, long peer, long tag, long seq) {
            if (!pending) {
                return;
            }
            long[] posted = postedReceives.remove(TraceFormat.flowId(peer, rank, tag, seq));
            if (posted != null) {
                call.completed(posted[0], peer, tag, posted[1]);
            }
        }

        private void flush() throws IOException {
            if (pending) {
                writer.call(call);
                calls++;
                pending = false;
            }
        }

        void finish() throws IOException {
            flush();
            writer.close();
        }
    }
}
