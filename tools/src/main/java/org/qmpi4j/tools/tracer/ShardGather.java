package org.qmpi4j.tools.tracer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.OutputTrouble;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.api.settings.Settings;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.Units;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.trace.TraceIndex;
import org.qmpi4j.report.trace.CausalityCorrection;
import org.qmpi4j.tools.mpi.ChunkedGather;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.FinalWriting;
import org.qmpi4j.tools.output.HostName;
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
    /** Bytes of each rank's host name in the summaries' gather (Linux's host names have at most 64). */
    private static final int HOST_BYTES = 64;

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
    public List<String> run(OutputSession s, Path dir, byte[] mine, RankOutput output) throws Exception {
        WorldComm comm = s.comm();
        Path file = ResultFiles.rankTrace(dir, s.rank());
        long length = shard.length(file, output);
        List<ShardSummary> all = gatherSummaries(comm, shard.summary(comm.rank(), length));
        byte[] merge = new byte[1];
        if (comm.rank() == 0) {
            long total = ShardSpan.of(all).bytes;
            merge[0] = total > mergeLimit() ? WRITE_INDEX : total <= jsonLimit() ? WRITE_JSON : WRITE_PERFETTO;
        }
        comm.bcast(merge, 0);
        if (merge[0] == WRITE_INDEX) {
            if (comm.rank() != 0) {
                return List.of();
            }
            // Nor are the shards analysed for waits here: that would read all of them at rank 0,
            // the cost the limit keeps out of MPI_Finalize. qmpi4j merge does it afterwards.
            return writeIndex(dir, comm, all, output);
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
        GatheredTrace trace =
                merge[0] == WRITE_JSON ? new GatheredChromeTrace(binding) : new GatheredPerfettoTrace(dir, jsonLimit());
        List<String> written = writeAtRoot(dir, comm, file, length, all, trace, output);
        // The analysis reads the shards on rank 0's disk, no more MPI: done while MPI_Finalize runs.
        s.writeLater(
                "adding why ranks waited to the profile",
                output,
                new AddWaitStates(
                        dir, comm.size(), output, merge[0] == WRITE_PERFETTO, settings.get(TracerTool.ITERATION)));
        return written;
    }

    /** {@link WaitStatesAtFinalize#addToProfile}, as a step of rank 0's later writing. */
    private static final class AddWaitStates implements FinalWriting.Step {
        private final Path dir;
        private final int ranks;
        private final RankOutput output;
        private final boolean perfetto;
        private final @Nullable String iteration;

        AddWaitStates(Path dir, int ranks, RankOutput output, boolean perfetto, @Nullable String iteration) {
            this.dir = dir;
            this.ranks = ranks;
            this.output = output;
            this.perfetto = perfetto;
            this.iteration = iteration;
        }

        @Override
        public List<String> write() {
            WaitStatesAtFinalize.addToProfile(dir, ranks, output, perfetto, iteration);
            return List.of();
        }
    }

    /**
     * Every rank's summary at rank 0 (a few numbers each, and the rank's host, which names its
     * track when the job ran on several nodes); an empty list elsewhere.
     */
    private static List<ShardSummary> gatherSummaries(WorldComm comm, ShardSummary mine) throws Exception {
        int block = ShardSummary.LONGS * Long.BYTES + HOST_BYTES;
        ByteBuffer send = ByteBuffer.allocate(block);
        for (long v : mine.toLongs()) {
            send.putLong(v);
        }
        byte[] host = HostName.get().getBytes(StandardCharsets.UTF_8);
        send.put(host, 0, Math.min(host.length, HOST_BYTES));
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
                byte[] h = new byte[HOST_BYTES];
                in.get(h);
                int end = 0;
                while (end < HOST_BYTES && h[end] != 0) {
                    end++;
                }
                all.add(ShardSummary.fromLongs(v).withHost(new String(h, 0, end, StandardCharsets.UTF_8)));
            }
        }
        return all;
    }

    private List<String> writeIndex(Path dir, WorldComm comm, List<ShardSummary> all, RankOutput output)
            throws IOException {
        ShardSpan span = ShardSpan.of(all);
        TraceIndex.write(dir, comm.size(), binding, all, List.of(), mergeLimit());
        output.say("the " + comm.size() + " ranks' trace shards hold " + Units.bytes(span.bytes) + ", over "
                + TracerTool.MERGE_LIMIT.key() + " (" + Units.bytes(mergeLimit())
                + "): each rank's shard stays in "
                + ResultFiles.RANKS_DIR + "/, " + TraceIndex.FILE + " lists them; build a trace of chosen ranks and"
                + " a time window with: " + span.command(dir, comm.size()) + "; and add why ranks waited to the"
                + " profile with: qmpi4j merge " + dir);
        return List.of(TraceIndex.FILE);
    }

    private long mergeLimit() {
        return Objects.requireNonNull(settings.get(TracerTool.MERGE_LIMIT), "a setting with a default");
    }

    private long jsonLimit() {
        return Objects.requireNonNull(settings.get(TracerTool.JSON_LIMIT), "a setting with a default");
    }

    private List<String> writeAtRoot(
            Path dir,
            WorldComm comm,
            Path file,
            long length,
            List<ShardSummary> summaries,
            GatheredTrace trace,
            RankOutput output)
            throws Exception {
        CausalityCorrection.Collector collector = CausalityCorrection.collector(comm.size(), summaries);
        // A shard the collector cannot read is reported by the assembly, which reads it again.
        SkippingUnreadable toCollector = new SkippingUnreadable(new ToCollector(collector), null, comm.size());
        InputStream first = shard.read(file, output);
        try (InputStream mine = first != null ? first : InputStream.nullInputStream()) {
            ChunkedGather.run(comm, mine, first != null ? length : 0, 0, toCollector);
        }
        for (int r = 0; r < comm.size(); r++) {
            if (!toCollector.skipped[r]) {
                collector.endRank(r);
            }
        }
        CausalityCorrection correction = collector.solve();
        InputStream again = shard.read(file, output);
        try (InputStream mine = again != null ? again : InputStream.nullInputStream()) {
            return assemble(dir, comm, mine, again != null ? length : 0, summaries, correction, trace, output);
        }
    }

    /** The shards, as they arrive, into {@code trace}'s file in the results folder. */
    private static List<String> assemble(
            Path dir,
            WorldComm comm,
            InputStream mine,
            long length,
            List<ShardSummary> summaries,
            CausalityCorrection correction,
            GatheredTrace trace,
            RankOutput output)
            throws Exception {
        Path target = dir.resolve(trace.fileName());
        PendingFile file = create(target, output);
        List<String> said;
        try {
            trace.open(file.out, summaries, correction);
            ChunkedGather.run(comm, mine, length, 0, new SkippingUnreadable(new ToTrace(trace), output, comm.size()));
            said = trace.close();
            if (file.tmp == null) {
                return List.of();
            }
            AtomicFiles.moveIntoPlace(file.tmp, target);
        } finally {
            if (file.tmp != null) {
                Files.deleteIfExists(file.tmp); // gone once moved; else never a half trace left behind
            }
        }
        for (String line : said) {
            output.say(line);
        }
        return List.of(trace.fileName());
    }

    /**
     * A results file being written under a temporary name, moved into place once complete; where
     * it cannot be created (said once), {@code tmp} is null and the stream discards what it gets,
     * so that rank 0 still takes part in the gather the others are in.
     */
    private static final class PendingFile {
        final @Nullable Path tmp;
        final OutputStream out;

        PendingFile(@Nullable Path tmp, OutputStream out) {
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

    /** Where a piece of a rank's shard goes. */
    private interface ShardPieces {
        void add(int rank, byte[] data, int off, int len) throws IOException;
    }

    private static final class ToCollector implements ShardPieces {
        private final CausalityCorrection.Collector collector;

        ToCollector(CausalityCorrection.Collector collector) {
            this.collector = collector;
        }

        @Override
        public void add(int rank, byte[] data, int off, int len) throws IOException {
            collector.feed(rank, data, off, len);
        }
    }

    private static final class ToTrace implements ShardPieces {
        private final GatheredTrace trace;

        ToTrace(GatheredTrace trace) {
            this.trace = trace;
        }

        @Override
        public void add(int rank, byte[] data, int off, int len) throws IOException {
            trace.add(rank, data, off, len);
        }
    }

    /**
     * Hands every rank's shard on, piece by piece; a rank whose shard cannot be read is skipped from
     * then on (and said so, if {@code output} is given) while the gather goes on, since the other
     * ranks are still sending.
     */
    private static final class SkippingUnreadable implements ChunkedGather.Sink {
        private final ShardPieces target;
        private final @Nullable RankOutput output;
        final boolean[] skipped;

        SkippingUnreadable(ShardPieces target, @Nullable RankOutput output, int ranks) {
            this.target = target;
            this.output = output;
            this.skipped = new boolean[ranks];
        }

        @Override
        public void accept(int rank, byte[] data, int off, int len) {
            if (!skipped[rank]) {
                try {
                    target.add(rank, data, off, len);
                } catch (IOException e) {
                    skipped[rank] = true;
                    if (output == null) {
                        return;
                    }
                    if (OutputTrouble.isOutputFault(e)) {
                        // Not the rank's shard: the results folder refused the trace (said once for the job).
                        output.fault("writing the job's trace", e);
                    } else {
                        output.say("rank " + rank + "'s trace is unreadable (" + e.getMessage() + "); left out");
                    }
                }
            }
        }
    }
}
