package org.qmpi4j.formats.profile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;
import org.qmpi4j.formats.waits.WaitReportFormat;

/**
 * {@code profile.json}: a job's {@link Profile} for scripts. Times are seconds (doubles), counts
 * and bytes integers. Top-level keys:
 * <ul>
 *   <li>{@code binding}, {@code ranks}, {@code created}, {@code complete}, {@code missing_ranks},
 *       {@code per_rank_detail}: {@code "inline"} when each function and call site lists every
 *       rank's share ({@code per_rank}, jobs up to {@value #RANK_DETAIL_MAX_RANKS} ranks), else the
 *       name of the file beside that holds them, {@value #RANK_DETAIL_FILE}
 *       ({@link #writeRankDetail});</li>
 *   <li>{@code time}: {@code app_s}, {@code mpi_s}, {@code mpi_pct} summed over ranks, and
 *       {@code per_rank} [{@code rank, state, app_s, mpi_s, mpi_pct, host, pid, jvm}] ({@code jvm},
 *       what the JVM did to the rank, when known: {@link JvmSummary});</li>
 *   <li>{@code functions}: [{@code name, kind, calls, time_s, mean_s, min_s, max_s, bytes, app_pct,
 *       mpi_pct, rank_spread: {ranks, max_rank, max_s, min_s}, per_rank: [{rank, calls, time_s,
 *       min_s, max_s, bytes}]}], longest first ({@code app_pct} and {@code mpi_pct} are null for
 *       {@code MPI_INIT}, which runs before the application time starts; {@code rank_spread}: how
 *       many ranks called it, the rank with the most time in it and that time, the least time of a
 *       calling rank; {@code per_rank} only when {@code per_rank_detail} is {@code "inline"});</li>
 *   <li>{@code callsites}: [{@code id, function, class, method, file, line, calls, time_s, mean_s,
 *       min_s, max_s, bytes, rank_spread, per_rank: [...]}], longest first;</li>
 *   <li>{@code matrix}: point-to-point sends only, row = sender, column = receiver
 *       ({@code COMM_WORLD} ranks): {@code cells}, the pairs with traffic as
 *       {@code [from, to, bytes, messages]} by sender then receiver (sparse: a few entries per rank
 *       where an N×N matrix would hold N² numbers), and, up to {@value #DENSE_MAX_RANKS} ranks, the
 *       same as dense N×N arrays {@code bytes} and {@code messages};
 *       {@code other_worlds}: [{@code rank, via, peer, messages, bytes}];</li>
 *   <li>{@code collectives}: [{@code name, calls, time_s, bytes}];</li>
 *   <li>{@code histograms}: [{@code function, buckets: [{min_bytes, max_bytes, count}]}];</li>
 *   <li>{@code iterations}, only when the traces were looked at: the main loop ({@link IterationsJson});</li>
 *   <li>{@code failure}, only when a rank failed: the first failing rank, how and when
 *       ({@link RankFailure#writeMembers}: {@code rank, kind, code, exit_status, site, exception,
 *       message, frames, time, epoch_ms, host}).</li>
 * </ul>
 * Function names are the MPI standard's upper-case names ({@code MPI_SEND}).
 *
 * <p>Version 3 added {@code per_rank_detail} and {@code rank_spread}, and moved the per-rank shares
 * of jobs above {@value #RANK_DETAIL_MAX_RANKS} ranks to {@value #RANK_DETAIL_FILE}; version 2
 * added {@code matrix.cells} and left out the dense arrays above {@value #DENSE_MAX_RANKS} ranks;
 * versions 1 (dense arrays only) and 2 are still read.
 *
 * <p>The {@code matrix} member is written and read by {@link MatrixJson}, the file of the ranks'
 * shares by {@link RankDetailFile}. The rest stays in this one class, somewhat over the usual
 * size, because this comment is the format's one description and the writer and reader of each
 * field stand side by side, so that a field added to one is added to the other.
 *
 */
public final class ProfileFormat {
    public static final String FORMAT = "qmpi4j-profile";
    public static final int VERSION = 3;

    /**
     * Up to this many ranks, {@code profile.json} lists every rank's share of each function and
     * call site; above, they go to {@value #RANK_DETAIL_FILE}, one line per rank, and the merge
     * does not hold them.
     */
    public static final int RANK_DETAIL_MAX_RANKS = 1024;

    /** The file beside {@code profile.json} with the ranks' shares of larger jobs: JSON Lines. */
    public static final String RANK_DETAIL_FILE = "profile-ranks.jsonl";

    /** Format name and version of {@value #RANK_DETAIL_FILE}'s first line. */
    public static final String RANK_DETAIL_FORMAT = "qmpi4j-profile-ranks";

    public static final int RANK_DETAIL_VERSION = 1;

    /** Up to this many ranks, the matrix is also written as dense N×N arrays (version 1's form). */
    public static final int DENSE_MAX_RANKS = 64;

    private ProfileFormat() {}

    /** {@code profile.json} as a string (for small profiles; {@link #write(Profile, Appendable)} streams). */
    public static String write(Profile p) {
        StringBuilder sb = new StringBuilder(8192);
        write(p, sb);
        return sb.toString();
    }

    /**
     * Writes {@code profile.json} to {@code out} as it goes, nothing of it held: a job of tens of
     * thousands of ranks has a profile of tens of megabytes. I/O errors are rethrown unchecked.
     */
    public static void write(Profile p, Appendable out) {
        JsonWriter w = VersionedJson.begin(out, FORMAT, VERSION);
        w.member("binding", p.binding()).member("ranks", p.ranks()).member("created", p.created());
        w.member("complete", p.complete());
        w.name("missing_ranks").beginInlineArray();
        // Loops and a named visitor, no lambdas: rank 0 writes this once at the end of a short job.
        for (Integer r : p.missingRanks()) {
            w.value(r);
        }
        w.endArray();
        boolean inline = p.perRankKept();
        w.member("per_rank_detail", inline ? "inline" : RANK_DETAIL_FILE);

        long app = p.totalAppNs();
        long mpi = p.totalMpiNs();
        w.name("time").beginObject();
        w.member("app_s", seconds(app)).member("mpi_s", seconds(mpi)).member("mpi_pct", percent(mpi, app));
        w.name("per_rank").beginArray();
        for (Profile.RankSummary r : p.rankSummaries()) {
            w.beginObject()
                    .member("rank", r.rank())
                    .member("state", r.state())
                    .member("app_s", seconds(r.appNs()))
                    .member("mpi_s", seconds(r.mpiNs()))
                    .member("mpi_pct", percent(r.mpiNs(), r.appNs()));
            for (Map.Entry<String, String> env : r.environment().entrySet()) {
                w.member(env.getKey(), env.getValue());
            }
            JvmSummary jvm = r.jvm();
            if (jvm != null) {
                jvm.write(w);
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();

        w.name("functions").beginArray();
        for (String f : p.functionsByTime()) {
            Profile.Entry e = Profile.known(p.functions(), f);
            w.beginObject().member("name", f);
            String kind = p.kinds().get(f);
            if (kind != null) {
                w.member("kind", kind);
            }
            totals(w, e.total(), app, mpi, f);
            perRank(w, e, inline);
            w.endObject();
        }
        w.endArray();

        w.name("callsites").beginArray();
        for (Map.Entry<SiteKey, Integer> id : p.siteIds().entrySet()) {
            SiteKey k = id.getKey();
            Profile.Entry e = Profile.known(p.sites(), k);
            w.beginObject().member("id", id.getValue());
            SiteKeyJson.write(w, k);
            totals(w, e.total(), app, mpi, k.function());
            perRank(w, e, inline);
            w.endObject();
        }
        w.endArray();

        MatrixJson.write(w, p);

        w.name("collectives").beginArray();
        for (String f : p.collectivesByTime()) {
            CallStats s = Profile.known(p.functions(), f).total();
            w.beginObject()
                    .member("name", f)
                    .member("calls", s.calls())
                    .member("time_s", seconds(s.timeNs()))
                    .member("bytes", s.bytes())
                    .endObject();
        }
        w.endArray();

        w.name("histograms").beginArray();
        for (String f : p.functionsByTime()) {
            long[] h = Profile.known(p.functions(), f).total().histogram();

            if (h == null) {
                continue;
            }
            w.beginObject().member("function", f).name("buckets").beginArray();
            for (int k = 0; k < h.length; k++) {
                if (h[k] != 0) {
                    w.beginObject()
                            .member("min_bytes", SizeHistogram.lowerBound(k))
                            .member("max_bytes", SizeHistogram.upperBound(k))
                            .member("count", h[k])
                            .endObject();
                }
            }
            w.endArray().endObject();
        }
        w.endArray();
        if (p.waits() != null) {
            WaitReportFormat.write(w, p.waits());
        }
        Iterations iterations = p.iterations();
        if (iterations != null) {
            IterationsJson.write(w, iterations);
        }
        if (p.failure() != null) {
            w.name("failure").beginObject();
            p.failure().writeMembers(w);
            w.endObject();
        }
        w.endObject();
        w.finish();
    }

    /**
     * Writes {@value #RANK_DETAIL_FILE} from {@code p}'s {@link Profile#rankDetail()}: JSON Lines,
     * a header line {@code {"format", "version", "binding", "ranks", "shares": ["calls", "time_s",
     * "min_s", "max_s", "bytes"]}}, then one line per rank that reported, in the order merged (rank
     * order): {@code {"rank", "state", "app_s", "mpi_s", "functions": {name: share},
     * "callsites": {id: share}}}, each share an array in the order the header names, the call
     * sites by their {@code id} in {@code profile.json}. A script reads it line by line.
     *
     * @throws IllegalArgumentException if {@code p} holds no such detail
     */
    public static void writeRankDetail(Profile p, Appendable out) throws IOException {
        RankDetailFile.write(p, out);
    }

    /**
     * {@code p} (read from a {@code profile.json} whose {@code per_rank_detail} names a file) with
     * the shares of the ranks {@code keepRank} accepts read from that file's {@code lines}: its
     * entries then list those ranks' shares (and their spread is over those ranks).
     *
     * @throws JsonFormatException if a line is not JSON, the header is not of this format, or a
     *                             line names a rank, function or call site the profile does not have
     */
    public static Profile withRankDetail(
            Profile p, java.io.BufferedReader lines, java.util.function.IntPredicate keepRank)
            throws IOException, JsonFormatException {
        return RankDetailFile.read(p, lines, keepRank);
    }

    private static void totals(JsonWriter w, CallStats s, long app, long mpi, String function) {
        boolean inApp = RankProfile.inApplicationTime(function);
        w.member("calls", s.calls())
                .member("time_s", seconds(s.timeNs()))
                .member("mean_s", s.meanNs() / 1e9)
                .member("min_s", seconds(s.minNs()))
                .member("max_s", seconds(s.maxNs()))
                .member("bytes", s.bytes())
                .member("app_pct", inApp ? percent(s.timeNs(), app) : Double.NaN)
                .member("mpi_pct", inApp ? percent(s.timeNs(), mpi) : Double.NaN);
    }

    private static void perRank(JsonWriter w, Profile.Entry e, boolean inline) {
        w.name("rank_spread")
                .beginInlineObject()
                .member("ranks", e.ranks())
                .member("max_rank", e.maxRank())
                .member("max_s", seconds(e.maxRankNs()))
                .member("min_s", seconds(e.minRankNs()))
                .endObject();
        if (!inline) {
            return;
        }
        w.name("per_rank").beginArray();
        for (Map.Entry<Integer, CallStats> share : e.perRank().entrySet()) {
            CallStats s = share.getValue();
            w.beginInlineObject()
                    .member("rank", share.getKey())
                    .member("calls", s.calls())
                    .member("time_s", seconds(s.timeNs()))
                    .member("min_s", seconds(s.minNs()))
                    .member("max_s", seconds(s.maxNs()))
                    .member("bytes", s.bytes())
                    .endObject();
        }
        w.endArray();
    }

    static double seconds(long ns) {
        return ns / 1e9;
    }

    static long nanos(double s) {
        return Math.round(s * 1e9);
    }

    static double percent(long part, long whole) {
        return whole <= 0 ? 0 : Math.round(1e4 * part / (double) whole) / 100.0;
    }
    /**
     * Reads {@code profile.json} back (for {@code qmpi4j report}).
     *
     * @throws JsonFormatException if it is not JSON or not a profile of a known version
     */
    public static Profile read(CharSequence json) throws JsonFormatException {
        JsonNode root = VersionedJson.parse(json, FORMAT, 1, VERSION);
        String binding = root.get("binding").asString();
        int ranks = root.get("ranks").asInt();
        if (ranks < 1) {
            throw new JsonFormatException("ranks: must be at least 1");
        }
        String created = root.get("created").asString();
        // Version 3 says where the ranks' shares are; an entry must then have them as said.
        JsonNode detail = root.optional("per_rank_detail");
        boolean inline = detail.isNull() || detail.asString().equals("inline");
        if (!inline && !detail.asString().equals(RANK_DETAIL_FILE)) {
            throw new JsonFormatException(detail.path() + ": expected \"inline\" or \"" + RANK_DETAIL_FILE + "\"");
        }

        List<Profile.RankSummary> summaries = new ArrayList<>();
        for (JsonNode r : root.get("time").get("per_rank").elements()) {
            Map<String, String> env = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> m : r.members().entrySet()) {
                if (!List.of("rank", "state", "app_s", "mpi_s", "mpi_pct", "jvm")
                        .contains(m.getKey())) {
                    env.put(m.getKey(), m.getValue().asString());
                }
            }
            String state = r.get("state").asString();
            summaries.add(new Profile.RankSummary(
                    rankIn(r, ranks),
                    !"missing".equals(state),
                    state,
                    nanos(r.get("app_s").asDouble()),
                    nanos(r.get("mpi_s").asDouble()),
                    env,
                    JvmSummary.read(r)));
        }
        if (summaries.size() != ranks) {
            throw new JsonFormatException("time.per_rank: expected " + ranks + " entries, found " + summaries.size());
        }

        Map<String, long[]> histograms = new TreeMap<>();
        for (JsonNode h : root.get("histograms").elements()) {
            long[] buckets = new long[SizeHistogram.BUCKETS];
            for (JsonNode b : h.get("buckets").elements()) {
                buckets[SizeHistogram.bucketOf(b.get("min_bytes").asLong())] +=
                        b.get("count").asLong();
            }
            histograms.put(h.get("function").asString(), buckets);
        }

        Map<String, Profile.Entry> functions = new LinkedHashMap<>();
        Map<String, String> kinds = new LinkedHashMap<>();
        for (JsonNode f : root.get("functions").elements()) {
            String name = f.get("name").asString();
            String kind = f.optional("kind").asStringOrNull();
            if (kind != null) {
                kinds.put(name, kind);
            }
            functions.put(name, entry(f, histograms.get(name), ranks, inline));
        }
        Map<SiteKey, Profile.Entry> sites = new LinkedHashMap<>();
        for (JsonNode s : root.get("callsites").elements()) {
            sites.put(SiteKeyJson.read(s), entry(s, null, ranks, inline));
        }
        JsonNode matrix = root.get("matrix");
        TrafficMatrix traffic = MatrixJson.traffic(matrix, ranks);
        List<InterWorldTraffic> interWorld = MatrixJson.otherWorlds(matrix, ranks);
        JsonNode failure = root.optional("failure");
        RankFailure first = failure.isNull() ? null : RankFailure.fromMembers(failure);
        if (first != null && first.rank() >= ranks) {
            throw new JsonFormatException(
                    failure.path() + ".rank: " + first.rank() + " is not a rank of a job of " + ranks);
        }
        return new Profile(binding, ranks, created, summaries, functions, kinds, sites, traffic, interWorld, null)
                .withWaits(WaitReportFormat.read(root))
                .withIterations(IterationsJson.read(root))
                .withFailure(first);
    }

    private static Profile.Entry entry(JsonNode n, @Nullable long[] histogram, int ranks, boolean inline)
            throws JsonFormatException {
        CallStats total = new CallStats(
                n.get("calls").asLong(),
                nanos(n.get("time_s").asDouble()),
                nanos(n.get("min_s").asDouble()),
                nanos(n.get("max_s").asDouble()),
                n.get("bytes").asLong(),
                histogram);
        JsonNode shares = inline ? n.get("per_rank") : n.optional("per_rank");
        if (shares.isNull()) { // version 3 above the per-rank limit: the spread only
            JsonNode spread = n.get("rank_spread");
            int calling = spread.get("ranks").asInt();
            int maxRank = spread.get("max_rank").asInt();
            if (calling < 0 || calling > ranks || (calling > 0 && (maxRank < 0 || maxRank >= ranks))) {
                throw new JsonFormatException(spread.path() + ": " + calling + " ranks, the most time on rank "
                        + maxRank + ", in a job of " + ranks);
            }
            return Profile.Entry.restore(
                    total,
                    calling,
                    maxRank,
                    nanos(spread.get("max_s").asDouble()),
                    nanos(spread.get("min_s").asDouble()));
        }
        Map<Integer, CallStats> perRank = new TreeMap<>();
        for (JsonNode r : shares.elements()) {
            perRank.put(
                    rankIn(r, ranks),
                    new CallStats(
                            r.get("calls").asLong(),
                            nanos(r.get("time_s").asDouble()),
                            nanos(r.get("min_s").asDouble()),
                            nanos(r.get("max_s").asDouble()),
                            r.get("bytes").asLong(),
                            null));
        }
        return Profile.Entry.restore(total, perRank);
    }

    static int rankIn(JsonNode n, int ranks) throws JsonFormatException {
        int r = n.get("rank").asInt();
        if (r < 0 || r >= ranks) {
            throw new JsonFormatException(n.path() + ".rank: " + r + " is not a rank of a job of " + ranks);
        }
        return r;
    }
}
