package org.qmpi4j.report.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSite;
import org.qmpi4j.formats.trace.TraceFormat;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.waits.CollectiveKind;
import org.qmpi4j.report.waits.WaitAnalysis;

/**
 * Feeds a job's trace to the {@link WaitAnalysis}: every rank's calls as the {@link Timeline}
 * gives them (on the job's common clock, after alignment and causality correction, the times the
 * traces show), merged in order of entry. The timeline streams one rank after the other, the
 * analysis needs all ranks at once in time order: so each rank's calls are first written, as the
 * analysis needs them, to one file in a temporary folder, rank after rank (one pass over the shards,
 * one rank in memory at a time), and then read back from each rank's part of it a piece at a time,
 * one call parsed ahead per rank: what every rank holds at once is a piece of at most
 * {@link #PIECE} bytes, smaller the more ranks there are ({@link #pieceFor}), so that hundreds of
 * thousands of ranks need neither a file each nor their calls in memory.
 *
 * <p>From a version-4 shard the analysis gets call sites, communicators (messages and collectives
 * matched per communicator, intercommunicators with both groups), roots, and the completion of
 * nonblocking sends and receives by request. From older shards: no call sites, messages on
 * {@code MPI_COMM_WORLD}, collectives matched as the n-th collective of each rank, and late
 * receivers at blocking sends only.
 */
public final class TraceWaits {
    /** Bytes read from a rank's part of the spill at a time, at most. */
    static final int PIECE = 1 << 13;

    /** Bytes read at a time, at least: a call's line is about 150 bytes. */
    static final int SMALLEST_PIECE = 256;

    /** What the pieces of all ranks together may hold. */
    static final long PIECES_BUDGET = 32L << 20;

    private TraceWaits() {}

    /** The bytes read at a time from each rank's part of the spill, in a job of {@code ranks} ranks. */
    static int pieceFor(int ranks) {
        long share = PIECES_BUDGET / Math.max(1, ranks);
        return (int) Math.max(SMALLEST_PIECE, Math.min(PIECE, share));
    }

    /** Analyses the shards in {@code dir} of a job of {@code ranks} ranks; {@code null} if there are none. */
    public static @Nullable WaitReport analyse(Path dir, int ranks, long noiseFloorNs) throws IOException {
        return analyse(dir, ranks, noiseFloorNs, WaitAnalysis.NOBODY);
    }

    /**
     * As {@link #analyse(Path, int, long)}, telling {@code listener} of every wait instance counted
     * (to mark them in a trace: {@link PerfettoWaitMarks}).
     */
    public static @Nullable WaitReport analyse(
            Path dir, int ranks, long noiseFloorNs, WaitAnalysis.InstanceListener listener) throws IOException {
        Timeline timeline = Timeline.open(dir, ranks, TraceSelection.all());
        if (timeline.ranks().isEmpty()) {
            return null;
        }
        Path spill = spillFolder();
        try {
            Path file = spill.resolve("calls");
            List<Integer> ranksRead = timeline.ranks();
            long[] ends = new long[ranksRead.size() + 1];
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                Writer w = new BufferedWriter(Channels.newWriter(out, StandardCharsets.UTF_8));
                for (int i = 0; i < ranksRead.size(); i++) {
                    int r = ranksRead.get(i);
                    timeline.read(r, new Spiller(w, ranks, Math.max(0, timeline.errorBound(r))));
                    w.flush();
                    ends[i + 1] = out.position();
                }
            }
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
                Map<String, CallSite> sites = new HashMap<>();
                int piece = pieceFor(ranksRead.size());
                for (int i = 0; i < ranksRead.size(); i++) {
                    int r = ranksRead.get(i);
                    sources.put(r, new SpilledEvents(in, ends[i], ends[i + 1], r, piece, sites));
                }
                return WaitAnalysis.analyse(sources, noiseFloorNs, listener);
            }
        } finally {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(spill)) {
                for (Path f : files) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(spill);
        }
    }

    /**
     * A new folder for the spill files in the system's temporary folder, only the user's. Named
     * from the clock rather than by {@link Files#createTempDirectory}, whose random names seed a
     * {@code SecureRandom} and load the security providers first: that seeding alone costs a short
     * job's {@code MPI_Finalize} on rank 0 more than analysing its waits. The folder is created
     * atomically, so a name someone else took is skipped, never shared.
     */
    private static Path spillFolder() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        FileAttribute<?>[] ownerOnly =
                tmp.getFileSystem().supportedFileAttributeViews().contains("posix")
                        ? new FileAttribute<?>[] {
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
                        }
                        : new FileAttribute<?>[0];
        String name = "qmpi4j-waits-" + Long.toString(System.nanoTime() & Long.MAX_VALUE, 36) + "-";
        for (int attempt = 0; ; attempt++) {
            try {
                return Files.createDirectory(tmp.resolve(name + attempt), ownerOnly);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * One rank's calls as lines: {@code C} (a call: enter, exit, error bound, function, site,
     * sent message and when it completes, received message and when, collective), then {@code S}
     * and {@code R} (messages whose send or receive the call completed). Fields are separated by
     * tabs; {@code -} is none.
     */
    private static final class Spiller implements Timeline.Visitor {
        private final Writer out;
        private final int ranks;
        private final long errorBound;
        /** Requests of nonblocking sends not yet completed, and their messages. */
        private final Map<Long, String> sendRequests = new HashMap<>();

        private @Nullable String[] call;
        private final StringBuilder completions = new StringBuilder();
        private long requestOfCall = TraceFormat.NONE;
        private boolean nonblockingSend;
        private long collectives;

        Spiller(Writer out, int ranks, long errorBound) {
            this.out = out;
            this.ranks = ranks;
            this.errorBound = errorBound;
        }

        @Override
        public void call(int rank, ShardEvent e, long start, long end) throws IOException {
            flush();
            String f = e.function();
            ShardSite s = e.site();
            String received = e.receivedMessage(rank);
            String recvWhen = "-";
            if (received != null) {
                recvWhen = e.postsReceive() ? "LATER" : blocking(f) ? "HERE" : "UNKNOWN";
            }
            String coll = "-";
            CollectiveKind kind = CollectiveKind.of(f);
            if (kind != CollectiveKind.NONE) {
                ShardCommunicator c = e.communicator();
                long root = e.root();
                if (root == TraceFormat.NONE && e.collectiveSeq() == TraceFormat.NONE) {
                    root = e.peer(); // an older shard names the root as the peer
                }
                boolean rooted = kind == CollectiveKind.ONE_TO_N || kind == CollectiveKind.N_TO_ONE;
                int rootRank = rooted && root >= 0 && root < ranks ? (int) root : -1;
                if (c != null && e.collectiveSeq() != TraceFormat.NONE) {
                    int members = c.size() + (c.isInter() ? c.remoteGroup().length : 0);
                    coll = c.key() + "\t" + members + "\t" + e.collectiveSeq() + "\t" + rootRank;
                } else {
                    coll = TraceFormat.WORLD_KEY + "\t" + ranks + "\t" + collectives++ + "\t" + rootRank;
                }
            }
            nonblockingSend = !blocking(f);
            requestOfCall = e.requestId();
            call = new String[] {
                Long.toString(start),
                Long.toString(end),
                Long.toString(errorBound),
                f,
                s == null ? "-" : text(s.className()),
                s == null ? "-" : text(s.method()),
                s == null ? "-" : text(s.file()),
                s == null ? "-1" : Integer.toString(s.line()),
                "-",
                "-",
                received == null ? "-" : received,
                recvWhen,
                jvm(e),
                coll
            };
        }

        @Override
        public void sent(int rank, ShardEvent e, String id, long to, long tag, long seq, @Nullable String comm) {
            if (call == null) {
                return;
            }
            call[8] = id;
            if (!nonblockingSend) {
                call[9] = "HERE";
            } else if (requestOfCall != TraceFormat.NONE) {
                call[9] = "LATER";
                sendRequests.put(requestOfCall, id);
            } else {
                call[9] = "UNKNOWN";
            }
        }

        @Override
        public void completed(int rank, long request, @Nullable ShardCommunicator comm, long peer, long tag, long seq) {
            if (peer != TraceFormat.NONE && tag != TraceFormat.NONE && seq != TraceFormat.NONE) {
                completions
                        .append("R\t")
                        .append(TraceFormat.flowId(peer, rank, tag, seq, comm == null ? null : comm.key()))
                        .append('\n');
            } else if (request != TraceFormat.NONE) {
                String id = sendRequests.remove(request);
                if (id != null) {
                    completions.append("S\t").append(id).append('\n');
                }
            }
        }

        @Override
        public void endRank(int rank, ShardParser shard) throws IOException {
            flush();
        }

        private void flush() throws IOException {
            if (call != null) {
                out.write('C');
                for (String f : call) {
                    out.write('\t');
                    out.write(f);
                }
                out.write('\n');
                out.write(completions.toString());
            }
            call = null;
            completions.setLength(0);
        }

        /**
         * What the JVM did before and in the call, as comma-separated numbers; {@code -} if nothing
         * (or a shard of a version before the JVM's records).
         */
        private static String jvm(ShardEvent e) {
            if (!e.hasJvm()) {
                return "-";
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < TraceFormat.JVM_FIELDS; i++) {
                if (i > 0) {
                    sb.append(',');
                }
                sb.append(e.jvm(i));
            }
            return sb.toString();
        }

        private static String text(@Nullable String s) {
            return s == null || s.isEmpty() ? "-" : s;
        }

        /** Blocking point-to-point calls (the nonblocking ones start with {@code MPI_I}). */
        private static boolean blocking(String function) {
            return !function.startsWith("MPI_I");
        }
    }
}
