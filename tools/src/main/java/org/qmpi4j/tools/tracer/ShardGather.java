package org.qmpi4j.tools.tracer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.report.files.AtomicFiles;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.report.profile.Units;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.report.trace.ChromeTraceAssembler;
import org.qmpi4j.report.trace.PerfettoTraceAssembler;
import org.qmpi4j.report.trace.ShardSummary;
import org.qmpi4j.report.trace.TraceIndex;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/**
 * The tracer's gather at {@code MPI_Finalize}, once every shard is closed: the shards' summaries
 * to rank 0, which chooses by their total size ({@code tracer.json-limit},
 * {@code tracer.merge-limit}) between bringing every shard to it and writing {@code trace.json}
 * or {@code trace.pftrace} (two rounds: the message endpoints for the causality correction, then
 * the calls), and writing only {@code trace-index.json} while each rank keeps its shard. After a
 * gather rank 0 adds why ranks waited to the profile ({@link WaitStatesAtFinalize}).
 */
final class ShardGather implements RankResults.Gather {
    /** What rank 0 makes of the shards at MPI_Finalize (broadcast as one byte). */
    private static final byte WRITE_INDEX = 0;

    private static final byte WRITE_JSON = 1;
    private static final byte WRITE_PERFETTO = 2;

    private final Settings settings;
    private final TraceShard shard;
    private volatile String binding = "unknown";

    ShardGather(Settings settings, TraceShard shard) {
        this.settings = settings;
        this.shard = shard;
    }

    /** The binding, named in the trace; known after MPI_Init. */
    void binding(String id) {
        binding = id;
    }

    @Override
    public String mergeBuilds() {
        return "the trace (trace.json, or trace.pftrace when large)";
    }

    @Override
    public List<String> run(OutputSession s, byte[] mine, RankOutput output) throws Exception {
        WorldComm comm = s.comm();
        Path file = ResultFiles.rankTrace(s.dir(), s.rank());
        long length = shard.length(file, output);
        List<ShardSummary> all = gatherSummaries(comm, shard.summary(comm.rank(), length));
        byte[] merge = new byte[1];
        if (comm.rank() == 0) {
            long total = 0;
            for (ShardSummary x : all) {
                total += x.bytes();
            }
            merge[0] = total > settings.get(TracerTool.MERGE_LIMIT)
                    ? WRITE_INDEX
                    : total <= settings.get(TracerTool.JSON_LIMIT) ? WRITE_JSON : WRITE_PERFETTO;
        }
        comm.bcast(merge, 0);
        if (merge[0] == WRITE_INDEX) {
            if (comm.rank() != 0) {
                return List.of();
            }
            List<String> written = writeIndex(s, comm, all, output);
            WaitStatesAtFinalize.addToProfile(s.dir(), comm.size(), output, false);
            return written;
        }
        // Two rounds: the message endpoints for the causality correction, then the calls.
        if (comm.rank() != 0) {
            for (int round = 0; round < 2; round++) {
                InputStream in = shard.read(file, output);
                try (InputStream sent = in != null ? in : InputStream.nullInputStream()) {
                    ChunkedGather.run(comm, sent, in != null ? length : 0, 0, Discard.INSTANCE);
                }
            }
            return List.of();
        }
        List<String> written = writeAtRoot(s, comm, file, length, all, merge[0] == WRITE_JSON, output);
        WaitStatesAtFinalize.addToProfile(s.dir(), comm.size(), output, merge[0] == WRITE_PERFETTO);
        return written;
    }

    /** Every rank's summary at rank 0 (a few numbers each); an empty list elsewhere. */
    private static List<ShardSummary> gatherSummaries(WorldComm comm, ShardSummary mine) throws Exception {
        int block = ShardSummary.LONGS * Long.BYTES;
        ByteBuffer send = ByteBuffer.allocate(block);
        for (long v : mine.toLongs()) {
            send.putLong(v);
        }
        byte[] recv = comm.rank() == 0 ? new byte[Math.multiplyExact(block, comm.size())] : null;
        comm.gather(send.array(), block, recv, 0);
        List<ShardSummary> all = new ArrayList<>();
        if (recv != null) {
            ByteBuffer in = ByteBuffer.wrap(recv);
            for (int r = 0; r < comm.size(); r++) {
                long[] v = new long[ShardSummary.LONGS];
                for (int i = 0; i < v.length; i++) {
                    v[i] = in.getLong();
                }
                all.add(ShardSummary.fromLongs(v));
            }
        }
        return all;
    }

    private List<String> writeIndex(OutputSession s, WorldComm comm, List<ShardSummary> all, RankOutput output)
            throws IOException {
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary x : all) {
            total += x.bytes();
            if (x.events() > 0) {
                start = Math.min(start, x.start());
                end = Math.max(end, x.end());
            }
        }
        TraceIndex.write(s.dir(), comm.size(), binding, all, List.of(), settings.get(TracerTool.MERGE_LIMIT));
        output.say("the " + comm.size() + " ranks' trace shards hold " + Units.bytes(total) + ", over "
                + TracerTool.MERGE_LIMIT.key() + " (" + Units.bytes(settings.get(TracerTool.MERGE_LIMIT))
                + "): each rank's shard stays in "
                + ResultFiles.RANKS_DIR + "/, " + TraceIndex.FILE + " lists them; build a trace of chosen ranks and"
                + " a time window with: " + TraceIndex.command(s.dir(), comm.size(), Math.min(start, end), end));
        return List.of(TraceIndex.FILE);
    }

    private List<String> writeAtRoot(
            OutputSession s,
            WorldComm comm,
            Path file,
            long length,
            List<ShardSummary> summaries,
            boolean json,
            RankOutput output)
            throws Exception {
        CausalityCorrection.Collector collector = CausalityCorrection.collector(comm.size(), summaries);
        ToCollector sink = new ToCollector(collector, comm.size());
        boolean[] unread = sink.unread;
        InputStream first = shard.read(file, output);
        try (InputStream mine = first != null ? first : InputStream.nullInputStream()) {
            ChunkedGather.run(comm, mine, first != null ? length : 0, 0, sink);
        }
        for (int r = 0; r < comm.size(); r++) {
            if (!unread[r]) {
                collector.endRank(r);
            }
        }
        CausalityCorrection correction = collector.solve();
        InputStream again = shard.read(file, output);
        try (InputStream mine = again != null ? again : InputStream.nullInputStream()) {
            return json
                    ? assemble(s, comm, mine, again != null ? length : 0, summaries, correction, output)
                    : assemblePerfetto(s, comm, mine, again != null ? length : 0, summaries, correction, output);
        }
    }

    private List<String> assemble(
            OutputSession s,
            WorldComm comm,
            InputStream mine,
            long length,
            List<ShardSummary> summaries,
            CausalityCorrection correction,
            RankOutput output)
            throws Exception {
        Path target = s.dir().resolve(ResultFiles.TRACE_JSON);
        PendingFile file = create(target, output);
        Path tmp = file.tmp;
        Writer out = new OutputStreamWriter(file.out, StandardCharsets.UTF_8);
        ChromeTraceAssembler assembler = new ChromeTraceAssembler(out, comm.size(), binding);
        assembler.correction(correction);
        for (ShardSummary x : summaries) {
            assembler.clock(x.rank(), x.clock(), x.zero());
        }
        ChunkedGather.run(comm, mine, length, 0, new ToAssembler(assembler, null, output, comm.size()));
        for (int r = 0; r < comm.size(); r++) {
            assembler.endRank(r);
        }
        ChromeTraceAssembler.Summary summary = assembler.finish();
        out.close();
        if (tmp != null) {
            AtomicFiles.moveIntoPlace(tmp, target);
            if (!summary.truncatedRanks().isEmpty()) {
                output.say("the trace of rank(s) " + summary.truncatedRanks()
                        + " stops early: the size limit was reached (see trace.json, otherData.truncated_ranks)");
            }
            return List.of(ResultFiles.TRACE_JSON);
        }
        return List.of();
    }

    /** As {@link #assemble}, in Perfetto's protobuf format, into {@code trace.pftrace}. */
    private List<String> assemblePerfetto(
            OutputSession s,
            WorldComm comm,
            InputStream mine,
            long length,
            List<ShardSummary> summaries,
            CausalityCorrection correction,
            RankOutput output)
            throws Exception {
        Path target = s.dir().resolve(ResultFiles.TRACE_PFTRACE);
        PendingFile file = create(target, output);
        Path tmp = file.tmp;
        OutputStream out = file.out;
        PerfettoTraceAssembler assembler = new PerfettoTraceAssembler(out, comm.size());
        assembler.correction(correction);
        long total = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (ShardSummary x : summaries) {
            assembler.rank(x);
            total += x.bytes();
            if (x.events() > 0) {
                start = Math.min(start, x.start());
                end = Math.max(end, x.end());
            }
        }
        ChunkedGather.run(comm, mine, length, 0, new ToAssembler(null, assembler, output, comm.size()));
        for (int r = 0; r < comm.size(); r++) {
            assembler.endRank(r);
        }
        PerfettoTraceAssembler.Summary summary = assembler.finish();
        out.close();
        if (tmp != null) {
            AtomicFiles.moveIntoPlace(tmp, target);
            output.say("the " + comm.size() + " ranks' trace shards hold " + Units.bytes(total) + ", over "
                    + TracerTool.JSON_LIMIT.key() + " (" + Units.bytes(settings.get(TracerTool.JSON_LIMIT))
                    + "): the trace is in "
                    + ResultFiles.TRACE_PFTRACE + " (Perfetto's format; open it in https://ui.perfetto.dev); JSON of"
                    + " chosen ranks and a time window: "
                    + TraceIndex.command(s.dir(), comm.size(), Math.min(start, end), end)
                            .replace("qmpi4j trace ", "qmpi4j trace --format json "));
            if (!summary.truncatedRanks().isEmpty()) {
                output.say("the trace of rank(s) " + summary.truncatedRanks()
                        + " stops early: the size limit was reached (an instant event on their tracks says where)");
            }
            return List.of(ResultFiles.TRACE_PFTRACE);
        }
        return List.of();
    }

    /**
     * A results file being written under a temporary name, moved into place once complete; where
     * it cannot be created (said once), {@code tmp} is null and the stream discards what it gets,
     * so that rank 0 still takes part in the gather the others are in.
     */
    private static final class PendingFile {
        final Path tmp;
        final OutputStream out;

        PendingFile(Path tmp, OutputStream out) {
            this.tmp = tmp;
            this.out = out;
        }
    }

    private static PendingFile create(Path target, RankOutput output) {
        try {
            Path candidate = AtomicFiles.temporaryFor(target);
            OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), 1 << 16);
            return new PendingFile(candidate, out);
        } catch (IOException e) {
            output.fault("creating " + target, e);
            return new PendingFile(null, OutputStream.nullOutputStream());
        }
    }

    /** Drops what a rank other than the root receives: it only sends. */
    private static final class Discard implements ChunkedGather.Sink {
        static final Discard INSTANCE = new Discard();

        @Override
        public void accept(int rank, byte[] data, int off, int len) {}
    }

    /** Feeds every rank's shard to the causality correction's collector; a rank it cannot read is marked. */
    private static final class ToCollector implements ChunkedGather.Sink {
        private final CausalityCorrection.Collector collector;
        final boolean[] unread;

        ToCollector(CausalityCorrection.Collector collector, int ranks) {
            this.collector = collector;
            this.unread = new boolean[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (!unread[rank]) {
                try {
                    collector.feed(rank, data, off, len);
                } catch (IOException e) {
                    unread[rank] = true; // the assembly reports it
                }
            }
        }
    }

    /**
     * Feeds every rank's shard to the assembler of the format chosen (the other is {@code null}); a
     * rank it cannot read is left out, and said so.
     */
    private static final class ToAssembler implements ChunkedGather.Sink {
        private final ChromeTraceAssembler json;
        private final PerfettoTraceAssembler perfetto;
        private final RankOutput output;
        private final boolean[] broken;

        ToAssembler(ChromeTraceAssembler json, PerfettoTraceAssembler perfetto, RankOutput output, int ranks) {
            this.json = json;
            this.perfetto = perfetto;
            this.output = output;
            this.broken = new boolean[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (!broken[rank]) {
                try {
                    if (json != null) {
                        json.feed(rank, data, off, len);
                    } else {
                        perfetto.feed(rank, data, off, len);
                    }
                } catch (IOException e) {
                    broken[rank] = true; // keep receiving: the other ranks are still sending
                    output.say("rank " + rank + "'s trace is unreadable (" + e.getMessage() + "); left out");
                }
            }
        }
    }
}
