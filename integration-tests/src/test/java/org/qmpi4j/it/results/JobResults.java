package org.qmpi4j.it.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.json.JsonFormatException;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.formats.profile.RankProfile;
import org.qmpi4j.formats.profile.RankProfileFormat;
import org.qmpi4j.formats.trace.ShardCommunicator;
import org.qmpi4j.formats.trace.ShardEvent;
import org.qmpi4j.formats.trace.ShardParser;
import org.qmpi4j.formats.trace.ShardSummary;
import org.qmpi4j.formats.worlds.WorldRecord;

/**
 * What a job left in its results folder, read as data, for tests to assert on instead of on
 * printed lines. The files a rank writes (its profile, failure record and trace shard) and the
 * records of the world and of {@code check} are read with the project's own format readers, so a
 * file they cannot read fails the test; {@code profile.json} (validated against its published
 * schema) and {@code trace.json} are parsed from the files with nothing of the tools' own model in
 * between, so that the tools' model is checked, not reused.
 */
public final class JobResults {
    private final Path dir;

    private JobResults(Path dir) {
        this.dir = dir;
    }

    /** The results in {@code dir}: a job's folder, or a spawned world's under it. */
    public static JobResults in(Path dir) {
        return new JobResults(dir);
    }

    public Path dir() {
        return dir;
    }

    /** A file of the folder, by its path relative to it. */
    public Path file(String name) {
        return dir.resolve(name);
    }

    /** A spawned world's results, by the folder {@code worlds.json} names for it. */
    public JobResults world(String folder) {
        return in(dir.resolve(folder));
    }

    /** Any JSON file of the folder, parsed (the trace index, the worlds' index, a part of a trace). */
    public JsonNode json(String name) throws IOException, JsonFormatException {
        return JsonNode.parse(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
    }

    /**
     * {@code profile.json}, validated against its published schema ({@link ProfileSchema}) and
     * read by the report's own reader as {@code qmpi4j report} and {@code diff} read it.
     */
    public Profile profile() throws IOException, JsonFormatException {
        Path file = dir.resolve("profile.json");
        ProfileSchema.assertValid(file);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        ProfileFormat.read(text);
        return new Profile(JsonNode.parse(text));
    }

    /** {@code trace.json}: every event checked for its phase and non-negative times. */
    public Trace trace() throws IOException, JsonFormatException {
        return new Trace(json("trace.json"));
    }

    /** {@code world.json}: how the world ended, and who spawned it. */
    public WorldRecord world() throws IOException, JsonFormatException {
        return WorldRecord.fromJson(Files.readString(dir.resolve("world.json"), StandardCharsets.UTF_8));
    }

    /** {@code check.json}'s findings. */
    public List<Finding> findings() throws IOException, JsonFormatException {
        Path json = dir.resolve("check.json");
        assertThat(json).as("check.json in %s", dir).exists();
        return CheckFormat.read(Files.readString(json, StandardCharsets.UTF_8)).findings;
    }

    /** A rank's own profile, {@code ranks/rank-<r>.profile.json}. */
    public RankProfile rank(int rank) throws IOException, JsonFormatException {
        return RankProfileFormat.read(Files.readString(dir.resolve(rankFile(rank, ".profile.json"))));
    }

    /** How far a rank got when it last wrote its profile: running, finalized, aborted, exited. */
    public String rankState(int rank) throws IOException, JsonFormatException {
        return rank(rank).state().id();
    }

    /** A rank's own profile: function -> calls. */
    public Map<String, Long> rankCalls(int rank) throws IOException, JsonFormatException {
        Map<String, Long> calls = new TreeMap<>();
        rank(rank).functions().forEach((f, stats) -> calls.put(f, stats.calls()));
        return calls;
    }

    /** A rank's failure record ({@code ranks/rank-<r>.failure.json}), or null if it wrote none. */
    public @Nullable RankFailure failure(int rank) throws IOException, JsonFormatException {
        Path f = dir.resolve(rankFile(rank, ".failure.json"));
        return Files.exists(f) ? RankFailure.read(Files.readString(f, StandardCharsets.UTF_8)) : null;
    }

    /** Every rank's failure record in the folder, by rank. */
    public Map<Integer, RankFailure> failures() throws IOException, JsonFormatException {
        Map<Integer, RankFailure> out = new TreeMap<>();
        Path ranks = dir.resolve("ranks");
        if (Files.isDirectory(ranks)) {
            try (Stream<Path> files = Files.list(ranks)) {
                for (Path f : files.toList()) {
                    String name = f.getFileName().toString();
                    if (name.startsWith("rank-") && name.endsWith(".failure.json")) {
                        RankFailure r = RankFailure.read(Files.readString(f, StandardCharsets.UTF_8));
                        out.put(r.rank(), r);
                    }
                }
            }
        }
        return out;
    }

    /** What a scan of a rank's trace shard finds: its clock measurements, size, calls. */
    public ShardSummary shardSummary(int rank) throws IOException {
        return ShardSummary.scan(dir.resolve(rankFile(rank, ".trace")), rank);
    }

    /** The calls in a rank's trace shard ({@code ranks/rank-<r>.trace}), in the order recorded. */
    public List<ShardEvent> shardEvents(int rank) throws IOException {
        List<ShardEvent> events = new ArrayList<>();
        readShard(rank, new ShardParser(rank, e -> events.add(e.copy())));
        return events;
    }

    /**
     * The messages a rank's shard says its completions (a wait or test that completed a request)
     * received, one per request completed, as {@code "<function> <request id>"} in the order
     * recorded.
     */
    public List<String> shardCompletions(int rank) throws IOException {
        List<String> completions = new ArrayList<>();
        ShardParser p = new ShardParser(rank, new ShardParser.Listener() {
            @Override
            public void event(ShardEvent e) {}

            @Override
            public void completed(
                    ShardEvent call, long request, ShardCommunicator comm, long peer, long tag, long seq) {
                completions.add(call.function() + " " + request);
            }
        });
        readShard(rank, p);
        assertThat(p.problems()).as("problems reading rank %d's shard", rank).isEmpty();
        return completions;
    }

    private void readShard(int rank, ShardParser p) throws IOException {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(dir.resolve(rankFile(rank, ".trace")))) {
            int n;
            while ((n = in.read(buf)) > 0) {
                p.feed(buf, 0, n);
            }
        }
        p.end();
    }

    private static String rankFile(int rank, String suffix) {
        return "ranks/rank-" + rank + suffix;
    }

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
        /** pid -> function -> complete ("X") events of category {@code mpi}: the MPI calls */
        public final Map<Integer, Map<String, Long>> events = new TreeMap<>();
        /** pid -> the complete events of category {@code qmpi4j.jvm} (the rank's JVM track), in order */
        public final Map<Integer, List<JsonNode>> jvm = new TreeMap<>();
        /** pid -> counter name -> its counter ("C") events, in order */
        public final Map<Integer, Map<String, List<JsonNode>>> counters = new TreeMap<>();
        /** pid -> tid -> name from the thread_name metadata */
        public final Map<Integer, Map<Long, String>> threads = new TreeMap<>();
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
                        String cat = e.get("cat").asString();
                        if (cat.equals("qmpi4j.jvm")) {
                            jvm.computeIfAbsent(pid, k -> new ArrayList<>()).add(e);
                            break;
                        }
                        assertThat(cat).as("category of %s", e.path()).isEqualTo("mpi");
                        events.computeIfAbsent(pid, k -> new TreeMap<>())
                                .merge(e.get("name").asString(), 1L, Long::sum);
                        break;
                    case "C":
                        counters.computeIfAbsent(pid, k -> new TreeMap<>())
                                .computeIfAbsent(e.get("name").asString(), k -> new ArrayList<>())
                                .add(e);
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
                        if (e.get("name").asString().equals("thread_name")) {
                            threads.computeIfAbsent(pid, k -> new TreeMap<>())
                                    .put(
                                            e.get("tid").asLong(),
                                            e.get("args").get("name").asString());
                        }
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
}
