package org.qmpi4j.report.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.files.DamagedFileException;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.files.ResultText;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;

/**
 * The per-rank files of a results directory ({@code ranks/}), read back to rebuild what rank 0
 * would have written had the job reached {@code MPI_Finalize}: the merged profile, and which
 * ranks left trace shards ({@code trace.TraceShards} reads those back).
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

    /** The merge of the per-rank profiles found, what could not be read, and how many ranks had not finished. */
    public static final class Merged {
        private final @Nullable Profile profile;
        private final int ranksRead;
        private final int unfinished;
        private final List<String> problems;
        private final Map<Integer, RankProfile.State> states;
        private final Map<Integer, String> unreadable;

        Merged(
                @Nullable Profile profile,
                int ranksRead,
                int unfinished,
                List<String> problems,
                Map<Integer, RankProfile.State> states,
                Map<Integer, String> unreadable) {
            this.profile = profile;
            this.ranksRead = ranksRead;
            this.unfinished = unfinished;
            this.problems = problems;
            this.states = states;
            this.unreadable = unreadable;
        }

        /** Each merged rank's state as its file says (finalized, running, exited, aborted). */
        public Map<Integer, RankProfile.State> states() {
            return states;
        }

        /** Ranks whose profile file is there but could not be read, with why. */
        public Map<Integer, String> unreadable() {
            return unreadable;
        }

        /** The merged profile, or {@code null} when no per-rank profile was readable. */
        public @Nullable Profile profile() {
            return profile;
        }

        /** Per-rank profiles merged. */
        public int ranksRead() {
            return ranksRead;
        }

        /** Of those, the ranks whose file was written before {@code MPI_Finalize}. */
        public int unfinished() {
            return unfinished;
        }

        public List<String> problems() {
            return problems;
        }
    }

    private RankFiles() {}

    /**
     * Reads every {@code ranks/rank-<r>.profile.json} and merges them one at a time: memory holds
     * the merged profile and one rank's file, never all ranks' profiles (which at thousands of
     * ranks would not fit a small heap). Unreadable files are listed in {@link Merged#problems()}.
     *
     * @throws IllegalArgumentException if the files belong to different jobs (see {@link ProfileMerger})
     */
    public static Merged mergeProfiles(Path dir) throws IOException {
        List<String> problems = new ArrayList<>();
        Path ranks = ResultFiles.ranksDir(dir);
        Map<Integer, RankProfile.State> states = new TreeMap<>();
        Map<Integer, String> unreadable = new TreeMap<>();
        if (!Files.isDirectory(ranks)) {
            return new Merged(null, 0, 0, problems, states, unreadable);
        }
        // In rank order, so that the merge sees the same sequence on every file system.
        Map<Integer, Path> files = new TreeMap<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(ranks)) {
            for (Path f : listing) {
                int rank = ResultFiles.rankOfProfile(f.getFileName().toString());
                if (rank >= 0) {
                    files.put(rank, f);
                }
            }
        }
        ProfileMerger.Streaming merge = new ProfileMerger.Streaming();
        int unfinished = 0;
        for (Map.Entry<Integer, Path> e : files.entrySet()) {
            Path f = e.getValue();
            try {
                RankProfile p = readRank(f, e.getKey());
                merge.add(p);
                states.put(e.getKey(), p.state());
                if (p.state() != RankProfile.State.FINALIZED) {
                    unfinished++;
                }
            } catch (DamagedFileException bad) {
                problems.add(bad.getMessage());
                unreadable.put(e.getKey(), bad.getMessage());
            }
        }
        Profile merged = merge.added() == 0 ? null : merge.finish();
        if (merged != null) {
            RankFailure first = RankFailure.first(failures(dir, problems));
            if (first != null && first.rank() < merged.ranks()) {
                merged.withFailure(first);
            }
        }
        return new Merged(merged, merge.added(), unfinished, problems, states, unreadable);
    }

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
                    byRank.put(rank, readRank(f, rank));
                } catch (DamagedFileException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        return new Profiles(byRank, problems);
    }

    /** Rank {@code rank}'s profile file {@code f}, which must hold that rank's profile. */
    private static RankProfile readRank(Path f, int rank) throws IOException {
        return ResultText.readJson(f, text -> {
            RankProfile p = RankProfileFormat.read(text);
            if (p.rank() != rank) {
                throw new JsonFormatException("rank: holds rank " + p.rank() + ", not " + rank + " as its name says");
            }
            return p;
        });
    }

    /** Ranks that have a non-empty trace file in {@code ranks/} (an empty one holds nothing to read). */
    public static List<Integer> traceRanks(Path dir) throws IOException {
        List<Integer> out = new ArrayList<>();
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return out;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path f : files) {
                int r = ResultFiles.rankOfTrace(f.getFileName().toString());
                if (r >= 0 && Files.size(f) > 0) {
                    out.add(r);
                }
            }
        }
        out.sort(null);
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
     * Every {@code ranks/rank-<r>.failure.json}: how the ranks that failed failed, in rank order.
     * Unreadable files are added to {@code problems}.
     */
    public static List<RankFailure> failures(Path dir, List<String> problems) throws IOException {
        Map<Integer, RankFailure> byRank = new TreeMap<>();
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return new ArrayList<>();
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(ranks)) {
            for (Path f : files) {
                int rank = ResultFiles.rankOfFailure(f.getFileName().toString());
                if (rank < 0) {
                    continue;
                }
                try {
                    RankFailure failure = ResultText.readJson(f, RankFailure::read);
                    if (failure.rank() != rank) {
                        problems.add(f + ": holds rank " + failure.rank() + ", not " + rank);
                        continue;
                    }
                    byRank.put(rank, failure);
                } catch (DamagedFileException e) {
                    problems.add(e.getMessage());
                }
            }
        }
        return new ArrayList<>(byRank.values());
    }

    /** The job's first failure in {@code dir} ({@link RankFailure#first}), or {@code null}; unreadable files are skipped. */
    public static @Nullable RankFailure firstFailure(Path dir) throws IOException {
        return RankFailure.first(failures(dir, new ArrayList<>()));
    }
}
