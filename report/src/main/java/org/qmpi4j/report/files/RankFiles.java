package org.qmpi4j.report.files;

import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.json.JsonFormatException;
import org.qmpi4j.report.profile.RankProfile;
import org.qmpi4j.report.profile.RankProfileFormat;
import org.qmpi4j.report.trace.ChromeTraceAssembler;
import org.qmpi4j.report.trace.ShardSummary;

/**
 * The per-rank files of a results directory ({@code ranks/}), read back to rebuild what rank 0
 * would have written had the job reached {@code MPI_Finalize}: the merged profile and the trace.
 */
public final class RankFiles {
    /** Per-rank profiles found, and the files that could not be read (with why). */
    public static final class Profiles {
        private final Map<Integer, RankProfile> byRank;
        private final List<String> problems;

        Profiles(Map<Integer, RankProfile> byRank, List<String> problems) {
            this.byRank = byRank;
            this.problems = problems;
        }

        public Map<Integer, RankProfile> byRank() {
            return byRank;
        }

        public List<String> problems() {
            return problems;
        }
    }

    private RankFiles() {}

    /** Reads every {@code ranks/rank-<r>.profile.json}; unreadable files are listed in {@link Profiles#problems()}. */
    public static Profiles readProfiles(Path dir) throws IOException {
        Map<Integer, RankProfile> byRank = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return new Profiles(byRank, problems);
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path f : files) {
                int rank = ResultFiles.rankOfProfile(f.getFileName().toString());
                if (rank < 0) {
                    continue;
                }
                try {
                    RankProfile p = RankProfileFormat.read(Files.readString(f, StandardCharsets.UTF_8));
                    if (p.rank() != rank) {
                        problems.add(f + ": holds rank " + p.rank() + ", not " + rank);
                        continue;
                    }
                    byRank.put(rank, p);
                } catch (JsonFormatException e) {
                    problems.add(f + ": " + e.getMessage());
                }
            }
        }
        return new Profiles(byRank, problems);
    }

    /** Ranks that have a trace file in {@code ranks/}. */
    public static List<Integer> traceRanks(Path dir) throws IOException {
        List<Integer> out = new ArrayList<>();
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path f : files) {
                int r = ResultFiles.rankOfTrace(f.getFileName().toString());
                if (r >= 0) {
                    out.add(r);
                }
            }
        }
        out.sort(null);
        return out;
    }

    /** Summaries of the trace shards in {@code ranks/} (each read once); unreadable ones are skipped into {@code problems}. */
    public static List<ShardSummary> traceSummaries(Path dir, List<String> problems) throws IOException {
        List<ShardSummary> out = new ArrayList<>();
        for (int r : traceRanks(dir)) {
            try {
                out.add(ShardSummary.scan(ResultFiles.rankTrace(dir, r), r));
            } catch (IOException e) {
                problems.add(e.getMessage());
            }
        }
        return out;
    }

    /** Bytes of all trace shards in {@code ranks/}. */
    public static long traceBytes(Path dir) throws IOException {
        long total = 0;
        for (int r : traceRanks(dir)) {
            total += Files.size(ResultFiles.rankTrace(dir, r));
        }
        return total;
    }

    /**
     * Assembles {@code trace.json} from the per-rank trace files of a job of {@code ranks} ranks.
     * Streams each file; writes atomically.
     */
    public static ChromeTraceAssembler.Summary assembleTrace(Path dir, int ranks, String binding) throws IOException {
        ChromeTraceAssembler.Summary[] summary = new ChromeTraceAssembler.Summary[1];
        AtomicFiles.write(dir.resolve(ResultFiles.TRACE_JSON), (Writer out) -> {
            ChromeTraceAssembler a = new ChromeTraceAssembler(out, ranks, binding);
            byte[] buf = new byte[1 << 16];
            for (int r = 0; r < ranks; r++) {
                Path f = ResultFiles.rankTrace(dir, r);
                if (!Files.isRegularFile(f)) {
                    continue;
                }
                // The clock alignment first (its MPI_Finalize measurement ends the file), as rank 0 has it.
                ShardSummary shard = ShardSummary.scan(f, r);
                a.clock(r, shard.clock(), shard.zero());
                try (InputStream in = Files.newInputStream(f)) {
                    int n;
                    while ((n = in.read(buf)) > 0) {
                        a.feed(r, buf, 0, n);
                    }
                }
                a.endRank(r);
            }
            summary[0] = a.finish();
        });
        return summary[0];
    }
}
