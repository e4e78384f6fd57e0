package org.qmpi4j.formats.profile;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * {@value ProfileFormat#RANK_DETAIL_FILE}, the ranks' shares of a large job's functions and call
 * sites beside {@code profile.json}: its writer and reader, both described at
 * {@link ProfileFormat#writeRankDetail} and {@link ProfileFormat#withRankDetail}.
 */
final class RankDetailFile {
    private RankDetailFile() {}

    static void write(Profile p, Appendable out) throws IOException {
        RankDetail detail = p.rankDetail();
        if (detail == null) {
            throw new IllegalArgumentException("the profile lists its ranks' shares itself");
        }
        JsonWriter header = new JsonWriter(out, false);
        header.beginObject()
                .member("format", ProfileFormat.RANK_DETAIL_FORMAT)
                .member("version", ProfileFormat.RANK_DETAIL_VERSION)
                .member("binding", p.binding())
                .member("ranks", p.ranks());
        header.name("shares").beginInlineArray();
        for (String c : SHARE_COLUMNS) {
            header.value(c);
        }
        header.endArray().endObject();
        out.append('\n');
        RankLines lines = new RankLines(p, out);
        detail.forEach(lines);
        lines.end();
    }

    /** {@code e}, found in line {@code lineNumber} of a JSON Lines file, with that line and the column in it. */
    private static JsonFormatException onLine(int lineNumber, String line, JsonFormatException e) {
        String m = org.qmpi4j.formats.json.JsonPosition.describe(line, e); // "line 1, column C: ..."
        int comma = m.indexOf(", column ");
        return new JsonFormatException("line " + lineNumber + (comma < 0 ? ": " + m : m.substring(comma)));
    }

    static Profile read(Profile p, java.io.BufferedReader lines, java.util.function.IntPredicate keepRank)
            throws IOException, JsonFormatException {
        String first = lines.readLine();
        if (first == null) {
            throw new JsonFormatException("line 1, column 1: empty");
        }
        JsonNode header;
        try {
            header = VersionedJson.parse(first, ProfileFormat.RANK_DETAIL_FORMAT, 1, ProfileFormat.RANK_DETAIL_VERSION);
            if (header.get("ranks").asInt() != p.ranks()) {
                throw new JsonFormatException(
                        "ranks: a job of " + header.get("ranks").asInt() + " ranks, profile.json one of " + p.ranks());
            }
        } catch (JsonFormatException e) {
            throw onLine(1, first, e);
        }
        Map<String, SiteKey> sitesById = new LinkedHashMap<>();
        for (Map.Entry<SiteKey, Integer> id : p.siteIds().entrySet()) {
            sitesById.put(Integer.toString(id.getValue()), id.getKey());
        }
        Map<String, Map<Integer, CallStats>> functionShares = new LinkedHashMap<>();
        Map<SiteKey, Map<Integer, CallStats>> siteShares = new LinkedHashMap<>();
        int lineNumber = 1;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (line.isEmpty()) {
                continue;
            }
            try {
                JsonNode r = JsonNode.parse(line);
                int rank = r.get("rank").asInt();
                if (rank < 0 || rank >= p.ranks()) {
                    throw new JsonFormatException("rank: " + rank + " is not a rank of a job of " + p.ranks());
                }
                if (!keepRank.test(rank)) {
                    continue;
                }
                for (Map.Entry<String, JsonNode> f :
                        r.get("functions").members().entrySet()) {
                    if (!p.functions().containsKey(f.getKey())) {
                        throw new JsonFormatException(
                                "functions." + f.getKey() + ": function " + f.getKey() + " not in profile.json");
                    }
                    functionShares
                            .computeIfAbsent(f.getKey(), k -> new TreeMap<>())
                            .put(rank, share(f.getValue()));
                }
                for (Map.Entry<String, JsonNode> s :
                        r.get("callsites").members().entrySet()) {
                    SiteKey site = sitesById.get(s.getKey());
                    if (site == null) {
                        throw new JsonFormatException(
                                "callsites." + s.getKey() + ": call site " + s.getKey() + " not in profile.json");
                    }
                    siteShares.computeIfAbsent(site, k -> new TreeMap<>()).put(rank, share(s.getValue()));
                }
            } catch (JsonFormatException e) {
                throw onLine(lineNumber, line, e);
            }
        }
        Map<String, Profile.Entry> functions = new LinkedHashMap<>();
        for (Map.Entry<String, Profile.Entry> f : p.functions().entrySet()) {
            functions.put(
                    f.getKey(),
                    Profile.Entry.restore(f.getValue().total(), functionShares.getOrDefault(f.getKey(), Map.of())));
        }
        Map<SiteKey, Profile.Entry> sites = new LinkedHashMap<>();
        for (Map.Entry<SiteKey, Profile.Entry> s : p.sites().entrySet()) {
            sites.put(
                    s.getKey(),
                    Profile.Entry.restore(s.getValue().total(), siteShares.getOrDefault(s.getKey(), Map.of())));
        }
        return new Profile(
                p.binding(),
                p.ranks(),
                p.created(),
                p.rankSummaries(),
                functions,
                p.kinds(),
                sites,
                p.matrix(),
                p.interWorld(),
                null);
    }

    private static CallStats share(JsonNode n) throws JsonFormatException {
        List<JsonNode> v = n.elements();
        if (v.size() != SHARE_COLUMNS.length) {
            throw new JsonFormatException(n.path() + ": expected " + String.join(", ", SHARE_COLUMNS));
        }
        return new CallStats(
                v.get(0).asLong(),
                ProfileFormat.nanos(v.get(1).asDouble()),
                ProfileFormat.nanos(v.get(2).asDouble()),
                ProfileFormat.nanos(v.get(3).asDouble()),
                v.get(4).asLong(),
                null);
    }

    private static final String[] SHARE_COLUMNS = {"calls", "time_s", "min_s", "max_s", "bytes"};

    /** Writes one line per rank as the detail is read back. */
    private static final class RankLines implements RankDetail.Visitor {
        private final Profile p;
        private final Appendable out;
        private final Map<SiteKey, Integer> ids;
        /** The line of the rank being written; {@code null} before the first rank and after {@link #end()}. */
        private @Nullable JsonWriter w;

        private boolean inSites;

        RankLines(Profile p, Appendable out) {
            this.p = p;
            this.out = out;
            this.ids = p.siteIds();
        }

        @Override
        public void rank(int rank) throws IOException {
            end();
            Profile.RankSummary r = p.rankSummaries().get(rank);
            JsonWriter w = new JsonWriter(out, false);
            this.w = w;
            w.beginObject()
                    .member("rank", rank)
                    .member("state", r.state())
                    .member("app_s", ProfileFormat.seconds(r.appNs()))
                    .member("mpi_s", ProfileFormat.seconds(r.mpiNs()));
            w.name("functions").beginObject();
            inSites = false;
        }

        @Override
        public void function(String name, CallStats share) {
            share(line().name(name), share);
        }

        /** The rank's line: a detail visits a rank before its shares. */
        private JsonWriter line() {
            JsonWriter line = w;
            if (line == null) {
                throw new IllegalStateException("a rank's share before its rank");
            }
            return line;
        }

        @Override
        public void site(SiteKey site, CallStats share) {
            JsonWriter line = line();
            if (!inSites) {
                line.endObject().name("callsites").beginObject();
                inSites = true;
            }
            share(line.name(Integer.toString(Profile.known(ids, site))), share);
        }

        private static void share(JsonWriter w, CallStats s) {
            w.beginInlineArray()
                    .value(s.calls())
                    .value(ProfileFormat.seconds(s.timeNs()))
                    .value(ProfileFormat.seconds(s.minNs()))
                    .value(ProfileFormat.seconds(s.maxNs()))
                    .value(s.bytes())
                    .endArray();
        }

        /** Closes the line of the rank before, if any. */
        void end() throws IOException {
            JsonWriter w = this.w;
            if (w == null) {
                return;
            }
            if (!inSites) {
                w.endObject().name("callsites").beginObject();
            }
            w.endObject().endObject().finish();

            out.append('\n');
            w = null;
        }
    }

    /** Percentages are null for MPI_INIT, which runs before the application time starts. */
}
