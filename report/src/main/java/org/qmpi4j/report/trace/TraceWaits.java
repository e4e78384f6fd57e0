package org.qmpi4j.report.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.files.ResultFiles;
import org.qmpi4j.report.waits.CallSite;
import org.qmpi4j.report.waits.CollectiveKind;
import org.qmpi4j.report.waits.WaitAnalysis;
import org.qmpi4j.report.waits.WaitEvent;
import org.qmpi4j.report.waits.WaitReport;

/**
 * Feeds a job's trace shards to the {@link WaitAnalysis}: every rank's calls on the job's common
 * clock, as the traces show them (the shard's clock alignment, the job's zero and the
 * {@link CausalityCorrection} solved from all ranks' messages), merged in order of entry. Each
 * shard is read in small pieces, its file opened only while a piece is read, so that thousands of
 * ranks need neither thousands of open files nor their shards in memory.
 *
 * <p>What the shard format says is what the analysis gets: messages matched on
 * {@code MPI_COMM_WORLD} (send and receive sequence numbers), receives completed by the call a
 * {@code W} line follows. Shards name no communicator and no call site: the collectives are
 * matched as the n-th collective of each rank (right for a program whose collectives are all on
 * {@code MPI_COMM_WORLD}; a member whose function differs is reported, not matched), and call
 * sites are unknown. The completion of a nonblocking send is not recorded, so late receivers are
 * found at blocking and synchronous sends only.
 */
public final class TraceWaits {
    /** Bytes read from a shard at a time. */
    static final int PIECE = 1 << 13;

    private TraceWaits() {}

    /** Analyses the shards in {@code dir} of a job of {@code ranks} ranks; {@code null} if there are none. */
    public static WaitReport analyse(Path dir, int ranks, long noiseFloorNs) throws IOException {
        List<ShardSummary> summaries = new ArrayList<>();
        for (int r = 0; r < ranks; r++) {
            Path shard = ResultFiles.rankTrace(dir, r);
            if (Files.isRegularFile(shard)) {
                summaries.add(ShardSummary.scan(shard, r));
            }
        }
        if (summaries.isEmpty()) {
            return null;
        }
        CausalityCorrection correction = CausalityCorrection.fromShards(dir, ranks, summaries);
        Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
        for (ShardSummary s : summaries) {
            sources.put(s.rank(), new ShardEvents(ResultFiles.rankTrace(dir, s.rank()), s, correction, ranks));
        }
        return WaitAnalysis.analyse(sources, noiseFloorNs);
    }

    /** One rank's calls, read a piece at a time. */
    static final class ShardEvents implements WaitAnalysis.RankEvents, ShardParser.Listener {
        private final Path file;
        private final int rank;
        private final int ranks;
        private final ClockModel clock;
        private final long zero;
        private final CausalityCorrection correction;
        private final ShardParser parser;
        private final ArrayDeque<WaitEvent> ready = new ArrayDeque<>();
        private WaitEvent pending;
        private long position;
        private boolean ended;
        private long collectiveCount;

        ShardEvents(Path file, ShardSummary summary, CausalityCorrection correction, int ranks) {
            this.file = file;
            this.rank = summary.rank();
            this.ranks = ranks;
            this.clock = summary.clock();
            this.zero = summary.zero();
            this.correction = correction;
            this.parser = new ShardParser(rank, this);
        }

        @Override
        public WaitEvent next() throws IOException {
            while (ready.isEmpty() && !ended) {
                byte[] buf = new byte[PIECE];
                int n;
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                    n = ch.read(ByteBuffer.wrap(buf), position);
                }
                if (n <= 0) {
                    parser.end();
                    flush();
                    ended = true;
                } else {
                    position += n;
                    parser.feed(buf, 0, n);
                }
            }
            return ready.poll();
        }

        private void flush() {
            if (pending != null) {
                ready.add(pending);
                pending = null;
            }
        }

        private long common(long local) {
            long aligned = clock.toReference(local) - zero;
            return aligned + correction.shift(rank, aligned);
        }

        @Override
        public void event(ShardEvent e) {
            flush();
            String f = e.function();
            WaitEvent w = WaitEvent.call(rank, f, CallSite.UNKNOWN, common(e.start()), common(e.end()));
            w.errorBound(clock.errorAt(e.start()));
            String sent = e.sentMessage(rank);
            if (sent != null) {
                w.sends(sent, blocking(f) ? WaitEvent.Completion.HERE : WaitEvent.Completion.UNKNOWN);
            }
            String received = e.receivedMessage(rank);
            if (received != null) {
                WaitEvent.Completion when = e.postsReceive()
                        ? WaitEvent.Completion.LATER
                        : blocking(f) ? WaitEvent.Completion.HERE : WaitEvent.Completion.UNKNOWN;
                w.receives(received, when);
            }
            CollectiveKind kind = CollectiveKind.of(f);
            if (kind != CollectiveKind.NONE) {
                long root = e.peer();
                boolean rooted = kind == CollectiveKind.ONE_TO_N || kind == CollectiveKind.N_TO_ONE;
                w.collective(
                        "COMM_WORLD", ranks, collectiveCount++, rooted && root >= 0 && root < ranks ? (int) root : -1);
            }
            pending = w;
        }

        @Override
        public void completed(ShardEvent call, long peer, long tag, long seq) {
            if (pending != null) {
                pending.completesReceive(TraceFormat.flowId(peer, rank, tag, seq));
            }
        }

        /** Blocking point-to-point calls (the nonblocking ones start with {@code MPI_I}). */
        private static boolean blocking(String function) {
            return !function.startsWith("MPI_I");
        }
    }
}
