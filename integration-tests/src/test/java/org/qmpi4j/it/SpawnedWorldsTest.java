package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.worlds.WorldRecord;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * Jobs of several {@code MPI_COMM_WORLD}s (the fixture {@code SpawnFamily}) under
 * {@code profiler,tracer}, attached as docs/user-guide.md says for spawned processes: {@code JDK_JAVA_OPTIONS}
 * and {@code QMPI4J_OUTPUT} exported with {@code mpirun -x}. Every world keeps its own results
 * (the first in the folder, each spawned one in {@code worlds/<id>/}), with exactly the calls the
 * program counted itself, its messages to other worlds listed by the remote rank, and the job's
 * index naming who spawned whom; the job ends as it does without the agent, and says once where
 * its worlds are listed, also when they all end at once.
 */
class SpawnedWorldsTest {
    private static final Pattern WORLD_LINE = Pattern.compile("QMPI4J-WORLD role=(\\S+) rank=(\\d+) size=(\\d+)(.*)");
    private static final String FIXTURE = "org.qmpi4j.it.fixtures.SpawnFamily";

    @ParameterizedTest(name = "{0}: {1} parent rank(s)")
    @CsvSource(
            delimiter = ';',
            value = {
                "children; 2; parent=,child=parent",
                "loop; 1; parent=,child-1=parent,child-2=parent",
                "grandchild; 1; parent=,child=parent,grandchild=child",
                "multiple; 1; parent=,child=parent",
                "crowd; 1; parent=,child-1=parent,child-2=parent,child-3=parent,child-4=parent,child-5=parent,"
                        + "child-6=parent"
            })
    void everyWorldKeepsItsOwnCompleteResults(String scenario, int ranks, String family, @TempDir Path tmp)
            throws Exception {
        Map<String, String> parentOf = new TreeMap<>();
        for (String pair : family.split(",")) {
            String[] kv = pair.split("=", -1);
            parentOf.put(kv[0], kv[1].isEmpty() ? null : kv[1]);
        }
        JobResult plain = AgentJob.run(job(scenario, ranks));
        assertThat(plain.timedOut()).as(plain.describe()).isFalse();
        assertThat(ownCounts(plain).keySet()).as(plain.describe()).isEqualTo(parentOf.keySet());

        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(job(scenario, ranks)
                .env(
                        "JDK_JAVA_OPTIONS",
                        "-javaagent:" + ItJars.jar("qmpi4j-agent") + "=tools=profiler,tracer;flush-seconds=abc")
                .env("QMPI4J_OUTPUT", out.toString()));
        assertThat(result.exitCode())
                .as("exit status with the agent as without\n%s", result.describe())
                .isEqualTo(plain.exitCode())
                .isZero();
        assertThat(result.stderr())
                .as(result.describe())
                .doesNotContain("unreadable")
                .doesNotContain("failed");
        Map<String, Map<Integer, Map<String, Long>>> own = ownCounts(result);
        assertThat(own.keySet()).isEqualTo(parentOf.keySet());
        // Said once, by the world that ended last, also when all end at once (crowd).
        assertThat(result.stderr()
                        .lines()
                        .filter(l -> l.contains("worlds are listed in"))
                        .map(l -> l.substring(l.indexOf("qmpi4j:")))) // without mpirun's tag of the world
                .as(result.describe())
                .containsExactly(
                        "qmpi4j: the job's " + parentOf.size() + " worlds are listed in " + out.resolve("worlds.txt"));

        // A bad setting every process of every world reads is said once for the job.
        assertThat(result.stderr().lines().filter(l -> l.contains("setting flush-seconds")))
                .as(result.describe())
                .hasSize(1);

        // The job's index: one world per role, the first in the folder itself, the others under worlds/.
        JobResults results = JobResults.in(out);
        JsonNode index = results.json("worlds.json");
        Map<String, JsonNode> worldByRole = new HashMap<>();
        Map<String, String> roleById = new HashMap<>();
        for (JsonNode w : index.get("worlds").elements()) {
            String[] command = w.get("command").asString().split(" ");
            String role = command[command.length - 1];
            assertThat(worldByRole.put(role, w))
                    .as("one world per role in %s", index)
                    .isNull();
            roleById.put(w.get("id").asString(), role);
        }
        assertThat(worldByRole.keySet()).as("worlds.json").isEqualTo(parentOf.keySet());
        String summary = Files.readString(out.resolve("worlds.txt"), StandardCharsets.UTF_8);
        for (Map.Entry<String, JsonNode> e : worldByRole.entrySet()) {
            String role = e.getKey();
            JsonNode w = e.getValue();
            String folder = w.get("folder").asString();
            String parent = w.get("parent").asStringOrNull();
            if (parentOf.get(role) == null) {
                assertThat(folder)
                        .as("the first world writes where a job of one world does")
                        .isEqualTo(".");
                assertThat(parent).isNull();
            } else {
                assertThat(folder).startsWith("worlds/");
                assertThat(roleById.get(parent)).as("parent of %s", role).isEqualTo(parentOf.get(role));
                assertThat(w.get("spawned_by_call").asInt())
                        .as("the spawn call of %s", role)
                        .isPositive();
                assertThat(summary).contains("spawned by world " + parent);
            }
            assertThat(w.get("state").asString()).isEqualTo("finalized");
            assertThat(w.get("ranks").asInt()).isEqualTo(own.get(role).size());
            JobResults world = results.world(folder);
            WorldRecord record = world.world();
            assertThat(record.id)
                    .as("world.json of %s", role)
                    .isEqualTo(w.get("id").asString());
            assertThat(record.parent).as("world.json of %s", role).isEqualTo(parent);
            assertThat(record.state).as("world.json of %s", role).isEqualTo("finalized");
            checkWorld(world, role, own.get(role), parentOf.get(role) != null);
        }

        // qmpi4j merge rebuilds every world from its per-rank files, and the index.
        BundledTools.Command merge = BundledTools.qmpi4j("merge", out.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(merge.stderr).contains(parentOf.size() + " worlds listed in " + out.resolve("worlds.txt"));
        for (Map.Entry<String, JsonNode> e : worldByRole.entrySet()) {
            assertThat(results.world(e.getValue().get("folder").asString()).profile().callsPerRank)
                    .as("merged profile of %s", e.getKey())
                    .isEqualTo(own.get(e.getKey()));
        }
    }

    private static void checkWorld(JobResults world, String role, Map<Integer, Map<String, Long>> own, boolean spawned)
            throws Exception {
        Path dir = world.dir();
        int size = own.size();
        for (String f :
                List.of("world.json", "profile.json", "report.txt", "matrix.html", "matrix.svg", "trace.json")) {
            assertThat(dir.resolve(f)).as("%s of %s", f, role).isRegularFile();
        }
        for (int r = 0; r < size; r++) {
            assertThat(world.rankCalls(r))
                    .as("rank %d's own file in world %s", r, role)
                    .isEqualTo(own.get(r));
            assertThat(world.shardEvents(r))
                    .as("rank %d's trace shard in world %s", r, role)
                    .hasSize((int) own.get(r).values().stream()
                            .mapToLong(Long::longValue)
                            .sum());
        }
        JobResults.Profile p = world.profile();
        assertThat(p.ranks).isEqualTo(size);
        assertThat(p.callsPerRank).as("profile of world %s", role).isEqualTo(own);
        JobResults.Trace t = world.trace();
        assertThat(t.events).as("trace of world %s", role).isEqualTo(own);

        // Messages inside the world are in the matrix; those to the parent are listed by its rank.
        long inside = 0;
        for (long[] row : p.matrixMessages) {
            for (long m : row) {
                inside += m;
            }
        }
        assertThat(inside).as("messages inside world %s", role).isEqualTo(role.equals("parent") && size > 1 ? 1 : 0);
        List<String> other = new ArrayList<>();
        for (JsonNode o : p.root.get("matrix").get("other_worlds").elements()) {
            other.add(o.get("rank").asInt() + "->" + o.get("via").asString() + ":"
                    + o.get("peer").asInt() + " " + o.get("messages").asLong() + "x"
                    + o.get("bytes").asLong());
        }
        List<String> expected = new ArrayList<>();
        if (spawned) {
            for (int r = 0; r < size; r++) {
                expected.add(r + "->parent:0 1x4");
            }
        }
        assertThat(other)
                .as("messages of world %s to other worlds", role)
                .containsExactlyInAnyOrderElementsOf(expected);
    }

    private static MpiJob.Builder job(String scenario, int ranks) {
        return MpiJob.builder(FIXTURE)
                .classpath(ItJars.testClasses())
                .ranks(ranks)
                .args(scenario, "parent")
                .timeout(java.time.Duration.ofMinutes(3))
                .echo(false);
    }

    /** role -> rank -> function -> calls, from the program's own lines. */
    private static Map<String, Map<Integer, Map<String, Long>>> ownCounts(JobResult result) {
        Map<String, Map<Integer, Map<String, Long>>> counts = new TreeMap<>();
        for (String line : AgentJob.markerLines(result, "QMPI4J-WORLD ")) {
            Matcher m = WORLD_LINE.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            Map<String, Long> calls = new TreeMap<>();
            for (String kv : m.group(4).trim().split(" ")) {
                String[] p = kv.split("=");
                calls.put(p[0], Long.parseLong(p[1]));
            }
            assertThat(counts.computeIfAbsent(m.group(1), k -> new TreeMap<>())
                            .put(Integer.parseInt(m.group(2)), calls))
                    .as("one line per role and rank: %s", line)
                    .isNull();
        }
        return counts;
    }
}
