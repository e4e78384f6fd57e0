package org.qmpi4j.tools.profiler;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.output.RankOutput;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.ProfileMerger;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.report.JobReport;
import org.qmpi4j.tools.output.OutputSession;
import org.qmpi4j.tools.output.RankResults;

/**
 * This rank's profile as a file: the snapshot of the accumulators written whole as
 * {@code ranks/rank-<r>.profile.json} whenever the life cycle asks, and the {@code MPI_Pcontrol}
 * outputs of this rank alone. Runs beside the calls being profiled, never on their path.
 */
final class ProfileFile implements RankResults.RankFile {
    private static final MpiFunction[] FUNCTIONS = MpiFunction.values();

    private final SiteTable sites;
    private volatile @Nullable SentTable sent;
    /** When the application time starts: the end of MPI_Init, as in mpiP. */
    private volatile long appStartNs;

    private volatile String binding = "unknown";
    /** Null until MPI_Init returned. */
    private volatile @Nullable JvmReading jvm;

    private int pcontrolOutputs;

    ProfileFile(SiteTable sites) {
        this.sites = sites;
    }

    /** Once {@code MPI_Init} returned: the binding, the application's start, its messages' table. */
    void started(String bindingId, long appStart, SentTable sentTable, JvmReading jvmReading) {
        binding = bindingId;
        jvm = jvmReading;
        appStartNs = appStart;
        sent = sentTable;
    }

    @Override
    public byte[] write(OutputSession s, RankResults.Moment moment, RankOutput output) {
        String json = RankProfileFormat.write(snapshot(s, state(moment)));
        Path dir = s.dir();
        if (s.ranksWritable() && dir != null) {
            try {
                AtomicFiles.write(ResultFiles.rankProfile(dir, s.rank()), json);
            } catch (Exception e) {
                // The gather still gets the content.
                output.fault("writing " + ResultFiles.rankProfile(dir, s.rank()), e);
            }
        }
        return json.getBytes(StandardCharsets.UTF_8);
    }

    private static RankProfile.State state(RankResults.Moment moment) {
        switch (moment) {
            case ABORTED:
                return RankProfile.State.ABORTED;
            case EXITED:
                return RankProfile.State.EXITED; // exception, System.exit or SIGTERM before MPI_Finalize
            case FINALIZED:
                return RankProfile.State.FINALIZED;
            default:
                return RankProfile.State.RUNNING;
        }
    }

    /**
     * Pcontrol levels other than 0 and 1: 2 writes this rank's snapshot (and refreshes its
     * per-rank file), 3 a verbose and 4 a concise report of this rank, now. Local to the rank:
     * MPI_Pcontrol is not collective, so nothing here waits for other ranks.
     */
    void pcontrol(OutputSession s, int level, RankResults results) throws Exception {
        if (level < 2 || level > 4) {
            return;
        }
        Path dir = s.dir();
        if (dir == null) { // a session without its folder writes nothing
            return;
        }
        int n;
        synchronized (this) {
            n = ++pcontrolOutputs;
        }
        int rank = s.rank();
        if (level == 2) {
            byte[] json = results.rankFileNow();
            AtomicFiles.write(
                    ResultFiles.pcontrol(dir, rank, n, "snapshot.json"), new String(json, StandardCharsets.UTF_8));
            return;
        }
        Profile mine = ProfileMerger.merge(List.of(snapshot(s, RankProfile.State.RUNNING)));
        String title = "qmpi4j profile of rank " + rank + " only, at MPI_Pcontrol(" + level + ") (output " + n
                + " of this rank)";
        AtomicFiles.write(
                ResultFiles.pcontrol(dir, rank, n, level == 3 ? "verbose.txt" : "concise.txt"),
                JobReport.rankText(mine, level == 3, title));
    }

    /** This rank's measurements now. */
    RankProfile snapshot(OutputSession s, RankProfile.State state) {
        RankProfile.Builder b =
                RankProfile.builder(s.rank(), s.size(), binding).state(state).appNs(System.nanoTime() - appStartNs);
        ProcessFacts.describe(b);
        JvmReading j = jvm;
        // At the end only: the file written as MPI_Init returns would otherwise read the JVM's
        // counters file at start, on every rank, for figures of the start alone.
        if (j != null && state != RankProfile.State.RUNNING) {
            b.jvm(j.read());
        }
        CallStats[] functions = new CallStats[FUNCTIONS.length];
        sites.forEach(new SiteCopier(b, functions));
        for (MpiFunction f : FUNCTIONS) {
            CallStats total = functions[f.ordinal()];
            if (total != null && total.calls() > 0) {
                b.function(f.name(), f.kind().name(), total);
            }
        }
        SentTable t = sent;
        if (t != null) {
            t.copyInto(b);
        }
        return b.build();
    }

    /** Copies each call site's statistics into the builder and sums them per function. */
    private static final class SiteCopier implements SiteTable.Visitor {
        private final RankProfile.Builder builder;
        private final CallStats[] functions;

        SiteCopier(RankProfile.Builder builder, CallStats[] functions) {
            this.builder = builder;
            this.functions = functions;
        }

        @Override
        public void visit(@Nullable CallingAddress address, int function, Accumulator acc) {
            CallStats site = acc.snapshot();
            builder.site(siteKey(address, FUNCTIONS[function]), site);
            functions[function] = functions[function] == null ? site.copy() : functions[function].merge(site);
        }
    }

    private static SiteKey siteKey(@Nullable CallingAddress a, MpiFunction f) {
        if (a == null) {
            return new SiteKey(f.name(), "(unknown)", "(unknown)", null, -1);
        }
        return new SiteKey(f.name(), a);
    }
}
