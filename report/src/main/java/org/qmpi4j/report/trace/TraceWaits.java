package org.qmpi4j.report.trace;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.WaitReport;
import org.qmpi4j.report.waits.WaitAnalysis;

/**
 * Feeds a job's trace to the {@link WaitAnalysis}: every rank's calls as the {@link Timeline}
 * gives them (on the job's common clock, after alignment and causality correction, the times the
 * traces show), merged in order of entry. The timeline streams one rank after the other, the
 * analysis needs all ranks at once in time order: so each rank's calls are first written, as the
 * analysis needs them ({@link SpillWriter}'s binary records), to one file in a temporary folder,
 * rank after rank (one pass over the shards, one rank in memory at a time), and then read back from each rank's part of it a piece at a time,
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

    /** Bytes read at a time, at least: a call's record is about 100 bytes. */
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
            SpillNames names = new SpillNames();
            try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                DataOutputStream w =
                        new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(out), 1 << 16));
                for (int i = 0; i < ranksRead.size(); i++) {
                    int r = ranksRead.get(i);
                    timeline.read(r, new SpillWriter(w, names, ranks, Math.max(0, timeline.errorBound(r))));
                    w.flush();
                    ends[i + 1] = out.position();
                }
            }
            try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                Map<Integer, WaitAnalysis.RankEvents> sources = new TreeMap<>();
                int piece = pieceFor(ranksRead.size());
                for (int i = 0; i < ranksRead.size(); i++) {
                    int r = ranksRead.get(i);
                    sources.put(r, new SpilledEvents(in, ends[i], ends[i + 1], r, piece, names));
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
}
