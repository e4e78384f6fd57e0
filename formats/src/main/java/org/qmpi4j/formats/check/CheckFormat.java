package org.qmpi4j.formats.check;

import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * The {@code check} tool's findings as JSON, the same for each rank's file
 * ({@code ranks/rank-<r>.check.json}) and the job's {@code check.json}:
 * <pre>
 * {"findings": [{"rule": "request_leak", "severity": "error", "message": "...", "count": 1,
 *                "sites": [{"rank": 0, "function": "MPI_ISEND", "class": "a.B", "method": "main",
 *                           "file": "B.java", "line": 12}]}],
 *  "ranks": [0, 1], "complete": true}
 * </pre>
 * {@code ranks} lists the ranks whose findings are in it; {@code complete} is false in a rank's
 * file written during the run (more findings may come) and in a job's file that misses ranks.
 */
public final class CheckFormat {
    private CheckFormat() {}

    /** The findings of {@code ranks} as JSON. */
    public static String write(List<Finding> findings, List<Integer> ranks, boolean complete) {
        StringBuilder out = new StringBuilder(256 + 256 * findings.size());
        JsonWriter w = new JsonWriter(out, true);
        w.beginObject().name("findings").beginArray();
        for (Finding f : findings) {
            w.beginObject()
                    .member("rule", f.rule())
                    .member("severity", f.severity().text())
                    .member("message", f.message())
                    .member("count", f.count())
                    .name("sites")
                    .beginArray();
            for (FindingSite s : f.sites()) {
                w.beginInlineObject()
                        .member("rank", s.rank())
                        .member("function", s.function())
                        .member("class", s.className())
                        .member("method", s.method());
                if (s.file() == null) {
                    w.name("file").nullValue();
                } else {
                    w.member("file", s.file());
                }
                w.member("line", s.line()).endObject();
            }
            w.endArray().endObject();
        }
        w.endArray().name("ranks").beginInlineArray();
        for (int r : ranks) {
            w.value(r);
        }
        w.endArray().member("complete", complete).endObject();
        w.finish();
        return out.toString();
    }

    /** What {@link #write} wrote. */
    public static Findings read(String json) throws JsonFormatException {
        JsonNode root = JsonNode.parse(json);
        List<Finding> findings = new ArrayList<>();
        for (JsonNode f : root.get("findings").elements()) {
            List<FindingSite> sites = new ArrayList<>();
            for (JsonNode s : f.get("sites").elements()) {
                sites.add(new FindingSite(
                        s.get("rank").asInt(),
                        s.get("function").asString(),
                        s.get("class").asString(),
                        s.get("method").asString(),
                        s.get("file").asStringOrNull(),
                        s.get("line").asInt()));
            }
            findings.add(new Finding(
                    f.get("rule").asString(),
                    Finding.Severity.of(f.get("severity").asString()),
                    f.get("message").asString(),
                    sites,
                    f.has("count") ? f.get("count").asLong() : 1));
        }
        List<Integer> ranks = new ArrayList<>();
        if (root.has("ranks")) {
            for (JsonNode r : root.get("ranks").elements()) {
                ranks.add(r.asInt());
            }
        }
        boolean complete = root.has("complete") && root.get("complete").asBoolean();
        return new Findings(findings, ranks, complete);
    }

    /** A file's content: its findings, the ranks they are from, and whether it is complete. */
    public static final class Findings {
        public final List<Finding> findings;
        public final List<Integer> ranks;
        public final boolean complete;

        public Findings(List<Finding> findings, List<Integer> ranks, boolean complete) {
            this.findings = findings;
            this.ranks = ranks;
            this.complete = complete;
        }
    }
}
