package org.qmpi4j.report.render;

import java.util.List;
import java.util.Map;
import org.qmpi4j.formats.profile.CallStats;
import org.qmpi4j.formats.profile.Decimals;
import org.qmpi4j.formats.profile.Iterations;
import org.qmpi4j.formats.profile.Profile;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.SiteKey;
import org.qmpi4j.formats.profile.SizeHistogram;
import org.qmpi4j.formats.profile.Units;

/**
 * The profile as text for people ({@code report.txt}): time per rank with the share spent in MPI;
 * MPI functions and call sites ordered by time, longest first, with calls, total, mean, minimum
 * and maximum time, share of application and of MPI time, and bytes; message-size histograms;
 * the point-to-point matrix; collectives. The concise form stops after the functions. Beyond
 * {@value #RANK_ROWS_MAX_RANKS} ranks, ranks are summarised instead of listed: the distribution of
 * application and MPI time over ranks, the most and least loaded ranks, and per function and call
 * site how unevenly its time falls on the ranks (largest over mean).
 */
public final class TextReport {
    /** How much to show. */
    public enum Detail {
        /** Header, time per rank, functions. */
        CONCISE,
        /** Everything, with per-rank rows for each call site. */
        VERBOSE
    }

    private static final int MATRIX_MAX_RANKS = 32;
    /**
     * Up to this many ranks, the report has a row per rank (time per rank, call sites per rank);
     * beyond, it summarises the ranks ({@link RankSummaries}): a row per rank per table would
     * bury the figures at hundreds of ranks.
     */
    static final int RANK_ROWS_MAX_RANKS = 32;

    private TextReport() {}

    public static String render(Profile p, Detail detail, String title) {
        StringBuilder out = new StringBuilder(8192);
        long app = p.totalAppNs();
        long mpi = p.totalMpiNs();

        out.append(title).append('\n');
        out.append("  binding ")
                .append(p.binding())
                .append(", ")
                .append(p.ranks())
                .append(p.ranks() == 1 ? " rank" : " ranks")
                .append(", created ")
                .append(p.created())
                .append('\n');
        if (!p.complete()) {
            out.append("  INCOMPLETE: no data from rank")
                    .append(p.missingRanks().size() > 1 ? "s " : " ")
                    .append(join(p.missingRanks()))
                    .append('\n');
        }
        RankFailure failure = p.failure();
        if (failure != null) {
            out.append("  FAILED: ")
                    .append(failure.describe())
                    .append("; exit status ")
                    .append(failure.exitStatus())
                    .append('\n');
            for (int i = 1; i < failure.frames().size(); i++) {
                out.append("          at ").append(failure.frames().get(i)).append('\n');
            }
        }
        // Plain loops here and below, no streams or lambdas: rank 0 renders this at the end of
        // every job, and each lambda is linked at its first use by spinning a hidden class.
        String main = null;
        for (Profile.RankSummary r : p.rankSummaries()) {
            if (r.present() && r.environment().get("main") != null) {
                main = r.environment().get("main");
                break;
            }
        }
        if (main != null) {
            out.append("  application ").append(main).append('\n');
        }
        out.append("  times: app = from the end of MPI_Init to MPI_Finalize; MPI = inside MPI calls in that time;\n")
                .append("         percentages are of the sums over ranks; MPI_Init is listed but outside both\n");

        boolean summarised = p.ranks() > RANK_ROWS_MAX_RANKS;
        if (summarised) {
            RankSummaries.timePerRank(out, p);
        } else {
            section(out, "Time per rank");
            Table ranks = new Table("rank", "<state", "app [s]", "MPI [s]", "MPI %");
            for (Profile.RankSummary r : p.rankSummaries()) {
                String[] cells = rankCells(r);
                ranks.row(r.rank(), cells[0], cells[1], cells[2], cells[3]);
            }
            ranks.row("*", "", fixed(app / 1e9, 6), fixed(mpi / 1e9, 6), fixed(pct(mpi, app), 2));
            ranks.appendTo(out, "  ");
        }
        out.append("  imbalance: ").append(RankBalance.of(p).describe()).append('\n');
        NodeTimes nodes = NodeTimes.of(p);
        if (nodes != null) {
            nodes.appendText(out);
        }

        section(out, "MPI functions, all ranks, by time");
        Table functions = statsTable("<function");
        for (String f : p.functionsByTime()) {
            statsRow(functions, p.function(f).total(), inApp(f, app), inApp(f, mpi), f);
        }
        functions.appendTo(out, "  ");
        if (summarised) {
            RankSummaries.functionImbalance(out, p);
        }
        if (p.waits() != null) {
            WaitStatesText.append(out, p.waits());
        }
        JvmText.append(out, p);
        Iterations iterations = p.iterations();
        if (iterations != null) {
            IterationsText.append(out, iterations);
        }
        if (detail == Detail.CONCISE) {
            return out.toString();
        }

        Map<SiteKey, Integer> ids = p.siteIds();
        section(out, "Call sites");
        Table where = new Table("site", "<function", "<where");
        for (Map.Entry<SiteKey, Integer> site : ids.entrySet()) {
            SiteKey k = site.getKey();
            where.row(site.getValue(), k.function(), k.where());
        }
        where.appendTo(out, "  ");

        if (summarised) {
            RankSummaries.siteImbalance(out, p, ids, app, mpi);
        } else {
            sitesPerRank(out, p, ids, app, mpi);
        }

        section(out, "Message sizes (bytes per call)");
        Table sizes = new Table("<function", "<size", "calls", "share %");
        for (String f : p.functionsByTime()) {
            long[] h = p.function(f).total().histogram();
            if (h == null) {
                continue;
            }
            long total = 0;
            for (long n : h) {
                total += n;
            }
            boolean firstRow = true;
            for (int k = 0; k < h.length; k++) {
                if (h[k] != 0) {
                    sizes.row(firstRow ? f : "", SizeHistogram.label(k), h[k], fixed(pct(h[k], total), 1));
                    firstRow = false;
                }
            }
        }
        if (sizes.isEmpty()) {
            out.append("  (no calls that move data)\n");
        } else {
            sizes.appendTo(out, "  ");
        }

        section(out, "Point-to-point bytes sent (row: sender, column: receiver, COMM_WORLD ranks)");
        if (p.ranks() > MATRIX_MAX_RANKS) {
            out.append("  ")
                    .append(p.ranks())
                    .append(" ranks: see matrix.html, matrix.svg or profile.json; largest pairs:\n");
            largestPairs(out, p.matrix());
        } else {
            matrix(out, p.matrixBytes());
            section(out, "Point-to-point messages sent (row: sender, column: receiver)");
            matrix(out, p.matrixMessages());
        }

        if (!p.interWorld().isEmpty()) {
            section(
                    out,
                    "Point-to-point messages to other worlds (not in the matrix; peer: rank in the communicator's remote group)");
            Table t = new Table("Rank", "Via", "Peer", "Messages", "Bytes");
            for (org.qmpi4j.formats.profile.InterWorldTraffic w : p.interWorld()) {
                t.row(
                        Integer.toString(w.rank()),
                        w.via(),
                        Integer.toString(w.peer()),
                        Long.toString(w.messages()),
                        Long.toString(w.bytes()));
            }
            t.appendTo(out, "  ");
        }
        section(out, "Collectives");
        List<String> collectives = p.collectivesByTime();
        if (collectives.isEmpty()) {
            out.append("  (none)\n");
        } else {
            Table c = new Table("<function", "calls", "time [ms]", "bytes", "MPI %");
            for (String f : collectives) {
                CallStats s = p.function(f).total();
                c.row(f, s.calls(), fixed(s.timeNs() / 1e6, 3), s.bytes(), fixed(pct(s.timeNs(), mpi), 2));
            }
            c.appendTo(out, "  ");
        }
        return out.toString();
    }

    /** Call sites by time with a row per rank for each site that more than one rank called. */
    private static void sitesPerRank(StringBuilder out, Profile p, Map<SiteKey, Integer> ids, long app, long mpi) {
        section(out, "Call sites by time (rank * = all ranks)");
        Table sites = statsTable("site", "rank");
        for (Map.Entry<SiteKey, Integer> site : ids.entrySet()) {
            SiteKey k = site.getKey();
            Integer id = site.getValue();
            Profile.Entry e = p.site(k);
            long siteApp = inApp(k.function(), app);
            long siteMpi = inApp(k.function(), mpi);
            statsRow(sites, e.total(), siteApp, siteMpi, id, "*");
            if (e.perRank().size() > 1) {
                for (Map.Entry<Integer, CallStats> share : e.perRank().entrySet()) {
                    statsRow(sites, share.getValue(), siteApp, siteMpi, id, share.getKey());
                }
            }
        }
        sites.appendTo(out, "  ");
    }

    static Table statsTable(String... keyColumns) {
        String[] cols = new String[keyColumns.length + 8];
        System.arraycopy(keyColumns, 0, cols, 0, keyColumns.length);
        String[] rest = {"calls", "time [ms]", "mean [us]", "min [us]", "max [us]", "app %", "MPI %", "bytes"};
        System.arraycopy(rest, 0, cols, keyColumns.length, rest.length);
        return new Table(cols);
    }

    static void statsRow(Table t, CallStats s, long app, long mpi, Object... keys) {
        String[] stats = statsCells(s, app, mpi);
        Object[] cells = new Object[keys.length + stats.length];
        System.arraycopy(keys, 0, cells, 0, keys.length);
        System.arraycopy(stats, 0, cells, keys.length, stats.length);
        t.row(cells);
    }

    /**
     * The figures of one function or call site as both reports print them: calls, time [ms],
     * mean, min and max [us], share of application and of MPI time [%] ("-" for a total of -1),
     * bytes.
     */
    static String[] statsCells(CallStats s, long app, long mpi) {
        return new String[] {
            Long.toString(s.calls()),
            fixed(s.timeNs() / 1e6, 3),
            fixed(s.meanNs() / 1e3, 2),
            fixed(s.minNs() / 1e3, 2),
            fixed(s.maxNs() / 1e3, 2),
            app < 0 ? "-" : fixed(pct(s.timeNs(), app), 2),
            mpi < 0 ? "-" : fixed(pct(s.timeNs(), mpi), 2),
            Long.toString(s.bytes())
        };
    }

    /** A rank's state, app [s], MPI [s] and MPI % as both reports print them ("missing", "-" without data). */
    static String[] rankCells(Profile.RankSummary r) {
        if (!r.present()) {
            return new String[] {"missing", "-", "-", "-"};
        }
        return new String[] {r.state(), fixed(r.appNs() / 1e9, 6), fixed(r.mpiNs() / 1e9, 6), fixed(r.mpiPercent(), 2)};
    }

    /** The total to take a share of, or -1 (shown as "-") for MPI_INIT, which is outside it. */
    static long inApp(String function, long total) {
        return RankProfile.inApplicationTime(function) ? total : -1;
    }

    private static void matrix(StringBuilder out, long[][] m) {
        int n = m.length;
        String[] cols = new String[n + 1];
        cols[0] = "from\\to";
        for (int j = 0; j < n; j++) {
            cols[j + 1] = Integer.toString(j);
        }
        Table t = new Table(cols);
        for (int i = 0; i < n; i++) {
            Object[] cells = new Object[n + 1];
            cells[0] = i;
            for (int j = 0; j < n; j++) {
                cells[j + 1] = m[i][j] == 0 ? "." : Long.toString(m[i][j]);
            }
            t.row(cells);
        }
        t.appendTo(out, "  ");
    }

    private static void largestPairs(StringBuilder out, org.qmpi4j.formats.profile.TrafficMatrix m) {
        Table t = new Table("from", "to", "bytes", "messages");
        for (long[] pr : RankMatrix.largest(m, 20)) {
            t.row(pr[0], pr[1], pr[2], pr[3]);
        }
        t.appendTo(out, "  ");
    }

    static void section(StringBuilder out, String name) {
        out.append('\n').append("== ").append(name).append(' ');
        out.append("=".repeat(Math.max(3, 96 - name.length() - 4))).append('\n');
    }

    static double pct(long part, long whole) {
        return whole <= 0 ? 0 : 100.0 * part / whole;
    }

    static String fixed(double v, int decimals) {
        return Decimals.fixed(v, decimals);
    }

    private static String join(List<Integer> values) {
        StringBuilder sb = new StringBuilder();
        for (int v : values) {
            sb.append(sb.length() == 0 ? "" : ", ").append(v);
        }
        return sb.toString();
    }

    /** For tooltips and summaries: {@code 12 B in 3 messages}. */
    static String pair(long bytes, long messages) {
        return Units.bytes(bytes) + " in " + messages + (messages == 1 ? " message" : " messages");
    }
}
