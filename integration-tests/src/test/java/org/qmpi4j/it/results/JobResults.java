package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.qmpi4j.report.json.JsonFormatException;
import org.qmpi4j.report.json.JsonNode;

/**
 * The bundled tools' results as tests read them: {@code profile.json} (per function and per call
 * site, per rank; the matrix) and {@code trace.json} (events per rank and function, arrows,
 * tracks), parsed from the files with nothing of the tools' own model in between.
 */
public final class ToolResults {
    private ToolResults() {}

    /** One call site of profile.json with its per-rank calls and bytes. */
    public static final class Site {
        public String function;
        public String className;
        public String method;
        public String file;
        public int line;
        public long calls;
        public long bytes;
        public final Map<Integer, Long> callsPerRank = new TreeMap<>();
        public final Map<Integer, Long> bytesPerRank = new TreeMap<>();

        @Override
        public String toString() {
            return function + "@" + className + "." + method + "(" + file + ":" + line + ") " + callsPerRank;
        }
    }

    /** profile.json, parsed. */
    public static final class Profile {
        public final JsonNode root;
        public final int ranks;
        /** rank -> function -> calls */
        public final Map<Integer, Map<String, Long>> callsPerRank = new TreeMap<>();
        /** rank -> function -> bytes */
        public final Map<Integer, Map<String, Long>> bytesPerRank = new TreeMap<>();
        /** function -> calls over all ranks */
        public final Map<String, Long> calls = new TreeMap<>();

        public final List<Site> sites = new ArrayList<>();
        public final long[][] matrixBytes;
        public final long[][] matrixMessages;

        Profile(JsonNode root) throws JsonFormatException {
            this.root = root;
            this.ranks = root.get("ranks").asInt();
            for (JsonNode f : root.get("functions").elements()) {
                String name = f.get("name").asString();
                calls.put(name, f.get("calls").asLong());
                for (JsonNode r : f.get("per_rank").elements()) {
                    int rank = r.get("rank").asInt();
                    callsPerRank
                            .computeIfAbsent(rank, k -> new TreeMap<>())
                            .put(name, r.get("calls").asLong());
                    bytesPerRank
                            .computeIfAbsent(rank, k -> new TreeMap<>())
                            .put(name, r.get("bytes").asLong());
                }
            }
            for (JsonNode s : root.get("callsites").elements()) {
                Site site = new Site();
                site.function = s.get("function").asString();
                site.className = s.get("class").asString();
                site.method = s.get("method").asString();
                site.file = s.get("file").asStringOrNull();
                site.line = s.get("line").asInt();
                site.calls = s.get("calls").asLong();
                site.bytes = s.get("bytes").asLong();
                for (JsonNode r : s.get("per_rank").elements()) {
                    site.callsPerRank.put(r.get("rank").asInt(), r.get("calls").asLong());
                    site.bytesPerRank.put(r.get("rank").asInt(), r.get("bytes").asLong());
                }
                sites.add(site);
            }
            JsonNode m = root.get("matrix");
            if (m.optional("bytes").isNull()) {
                // Above 64 ranks profile.json holds only the sparse cells: [from, to, bytes, messages].
                matrixBytes = new long[ranks][ranks];
                matrixMessages = new long[ranks][ranks];
                for (JsonNode c : m.get("cells").elements()) {
                    long[] v = c.asLongArray();
                    matrixBytes[(int) v[0]][(int) v[1]] = v[2];
                    matrixMessages[(int) v[0]][(int) v[1]] = v[3];
                }
            } else {
                matrixBytes = matrix(m.get("bytes"));
                matrixMessages = matrix(m.get("messages"));
            }
        }

        private static long[][] matrix(JsonNode m) throws JsonFormatException {
            List<JsonNode> rows = m.elements();
            long[][] out = new long[rows.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = rows.get(i).asLongArray();
            }
            return out;
        }
    }

    /** trace.json, parsed. */
    public static final class Trace {
        public final JsonNode root;
        /** pid -> function -> complete ("X") events */
        public final Map<Integer, Map<String, Long>> events = new TreeMap<>();
        /** pid -> name from the process_name metadata */
        public final Map<Integer, String> processes = new TreeMap<>();

        public final List<String> flowStarts = new ArrayList<>();
        public final List<String> flowEnds = new ArrayList<>();
        public final List<Integer> truncatedRanks = new ArrayList<>();
        public long instantEvents;

        Trace(JsonNode root) throws JsonFormatException {
            this.root = root;
            for (JsonNode e : root.get("traceEvents").elements()) {
                String ph = e.get("ph").asString();
                int pid = e.get("pid").asInt();
                switch (ph) {
                    case "X":
                        assertThat(e.get("ts").asDouble())
                                .as("ts of %s", e.path())
                                .isGreaterThanOrEqualTo(0);
                        assertThat(e.get("dur").asDouble())
                                .as("dur of %s", e.path())
                                .isGreaterThanOrEqualTo(0);
                        events.computeIfAbsent(pid, k -> new TreeMap<>())
                                .merge(e.get("name").asString(), 1L, Long::sum);
                        break;
                    case "s":
                        flowStarts.add(e.get("id").asString());
                        break;
                    case "f":
                        flowEnds.add(e.get("id").asString());
                        break;
                    case "i":
                        instantEvents++;
                        break;
                    case "M":
                        if (e.get("name").asString().equals("process_name")) {
                            assertThat(processes.put(
                                            pid, e.get("args").get("name").asString()))
                                    .isNull();
                        }
                        break;
                    default:
                        throw new AssertionError("unexpected event phase " + ph + " at " + e.path());
                }
            }
            for (long r : root.get("otherData").get("truncated_ranks").asLongArray()) {
                truncatedRanks.add((int) r);
            }
        }
    }

    /** {@code dir}'s {@code profile.json}, validated against its published schema ({@link ProfileSchema}). */
    public static Profile profile(Path dir) throws IOException, JsonFormatException {
        ProfileSchema.assertValid(dir.resolve("profile.json"));
        return new Profile(JsonNode.parse(Files.readString(dir.resolve("profile.json"), StandardCharsets.UTF_8)));
    }

    public static Trace trace(Path dir) throws IOException, JsonFormatException {
        return new Trace(JsonNode.parse(Files.readString(dir.resolve("trace.json"), StandardCharsets.UTF_8)));
    }

    /** A per-rank profile file, parsed: function -> calls. */
    public static Map<String, Long> rankFileCalls(Path dir, int rank) throws IOException, JsonFormatException {
        JsonNode root = JsonNode.parse(Files.readString(dir.resolve("ranks/rank-" + rank + ".profile.json")));
        Map<String, Long> calls = new TreeMap<>();
        for (JsonNode f : root.get("functions").elements()) {
            calls.put(f.get("name").asString(), f.get("calls").asLong());
        }
        return calls;
    }

    public static String rankFileState(Path dir, int rank) throws IOException, JsonFormatException {
        return JsonNode.parse(Files.readString(dir.resolve("ranks/rank-" + rank + ".profile.json")))
                .get("state")
                .asString();
    }
}
