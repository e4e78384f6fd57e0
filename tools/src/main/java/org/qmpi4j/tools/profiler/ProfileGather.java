package org.qmpi4j.tools.profiler;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.internal.log.Log;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.profile.PartialProfileFormat;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.report.JobReport;
import org.qmpi4j.tools.mpi.TreeReduce;
import org.qmpi4j.tools.mpi.WorldComm;
import org.qmpi4j.tools.output.FinalWriting;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/**
 * The profiler's gather at {@code MPI_Finalize}: the ranks' profiles merged as they arrive, through
 * collectives up to {@link CollectiveGather#MAX_RANKS} ranks and along a tree of partial merges
 * past it, and rank 0 writing the job's profile and reports ({@link JobReport#writeProfile}).
 */
final class ProfileGather implements RankResults.Gather {
    @Override
    public String mergeBuilds() {
        return "the report";
    }

    @Override
    public List<String> run(OutputSession s, Path dir, byte[] mine, RankOutput output) throws Exception {
        WorldComm comm = s.comm();
        long gatherStart = System.nanoTime();
        // This rank's own work on the partials (decoding, combining), apart from waiting for them.
        long[] workNs = {0};
        int[] partials = {0};
        ProfileMerger.Streaming own = new ProfileMerger.Streaming();
        try {
            own.add(RankProfileFormat.read(new String(mine, StandardCharsets.UTF_8)));
        } catch (JsonFormatException | RuntimeException bad) {
            output.say("rank " + comm.rank() + "'s profile is unreadable (" + bad.getMessage() + "); it is left out");
        }
        ProfileMerger.Streaming merge = comm.size() <= CollectiveGather.MAX_RANKS
                ? CollectiveGather.run(comm, mine, own, output)
                : treeMerge(comm, own, workNs, partials, output);
        if (merge == null) {
            return List.of();
        }
        if (merge.added() == 0) {
            output.say(
                    "no rank's profile arrived; 'qmpi4j merge " + dir + "' builds the report from the per-rank files");
            return List.of();
        }
        Profile merged = merge.finish();
        long mergedAt = System.nanoTime();
        // The reports need no more MPI: written while MPI_Finalize runs, so the other ranks can go.
        s.writeLater(
                "writing the job's profile and reports",
                output,
                new WriteProfile(dir, merged, (mergedAt - gatherStart) / 1e6, partials[0], workNs[0] / 1e6));
        return List.of();
    }

    /** Rank 0's profile and reports from the merged profile, with the gather's figures for verbose. */
    private static final class WriteProfile implements FinalWriting.Step {
        private final Path dir;
        private final Profile merged;
        private final double gatherMs;
        private final int partials;
        private final double workMs;

        WriteProfile(Path dir, Profile merged, double gatherMs, int partials, double workMs) {
            this.dir = dir;
            this.merged = merged;
            this.gatherMs = gatherMs;
            this.partials = partials;
            this.workMs = workMs;
        }

        @Override
        public List<String> write() throws Exception {
            long start = System.nanoTime();
            // With the first failure a rank recorded (MPI_Abort where it returns, another thread's exception).
            List<String> written = JobReport.writeProfile(dir, merged);
            // For measuring the finalize cost at scale (BENCHMARKS.md): shown with the setting verbose
            // (and only then formatted: the formatter's first use loads locale data).
            if (Log.verbose()) {
                Log.tool("profiler")
                        .info(String.format(
                                java.util.Locale.ROOT,
                                "gathered %d ranks' profiles: gather and merge %.0f ms (decoding and combining %d"
                                        + " partials %.1f ms, the rest waiting for them), writing the results %.0f ms",
                                merged.ranks(),
                                gatherMs,
                                partials,
                                workMs,
                                (System.nanoTime() - start) / 1e6));
            }
            return written;
        }
    }

    /**
     * A tree of partial merges (TreeReduce), for jobs past {@link CollectiveGather#MAX_RANKS}: each
     * rank merges its own profile and its children's partials and passes one partial on, so rank 0
     * combines log2(size) partials instead of parsing every rank's profile. Rank 0 gets the merge;
     * the others {@code null}.
     */
    private static @Nullable ProfileMerger.Streaming treeMerge(
            WorldComm comm, ProfileMerger.Streaming own, long[] workNs, int[] partials, RankOutput output)
            throws Exception {
        return TreeReduce.run(
                TreeReduce.links(comm),
                own,
                PartialProfileFormat.write(new ProfileMerger.Streaming()),
                new Partials(workNs, partials, output));
    }

    /** How partial merges travel and combine along the tree; times its own work. */
    private static final class Partials implements TreeReduce.Part<ProfileMerger.Streaming> {
        private final long[] workNs;
        private final int[] partials;
        private final RankOutput output;

        Partials(long[] workNs, int[] partials, RankOutput output) {
            this.workNs = workNs;
            this.partials = partials;
            this.output = output;
        }

        @Override
        public byte[] encode(ProfileMerger.Streaming partial) {
            return PartialProfileFormat.write(partial);
        }

        @Override
        public ProfileMerger.Streaming decode(byte[] data) throws Exception {
            long t = System.nanoTime();
            try {
                return PartialProfileFormat.read(data);
            } finally {
                workNs[0] += System.nanoTime() - t;
            }
        }

        @Override
        public void combine(ProfileMerger.Streaming into, ProfileMerger.Streaming child) {
            long t = System.nanoTime();
            into.combine(child);
            workNs[0] += System.nanoTime() - t;
            partials[0]++;
        }

        @Override
        public void problem(String what, Exception cause) {
            output.say(what + " failed (" + cause + "); those ranks are left out");
        }
    }
}
