package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.OpenMpiLauncher;

/**
 * Open MPI jobs of the samples with the qmpi4j agent attached, and parsers for what the agent and
 * the tools print. Every job runs with {@code -Xverify:all}, so rewritten classes are verified.
 */
public final class AgentJob {
    public static final String SAMPLES = "org.qmpi4j.samples.openmpi.";
    public static final String FEATURES = "org.qmpi4j.samples.openmpi.features.";
    private static final Pattern TAGGED = Pattern.compile("^\\[(\\d+),(\\d+)\\]<(stdout|stderr)>:(.*)$");
    private static final Pattern TOOL = Pattern.compile("QMPI4J-TOOL counter id=(\\d+) rank=(\\d+)(.*)");
    private static final Pattern SITE = Pattern.compile(
            "QMPI4J-SITE counter id=(\\d+) rank=(\\d+) function=(\\S+) site=(\\S+)\\((\\S+?)(?::(\\d+))?\\) calls=(\\d+)");

    private AgentJob() {}

    /** The test tools of this module (src/main/java) as a tool path entry. */
    public static Path testTools() {
        String dir = System.getProperty("qmpi4j.it.tools");
        if (dir == null) {
            throw new IllegalStateException("system property qmpi4j.it.tools not set: run the tests through Maven");
        }
        return Path.of(dir);
    }

    /** The repository root, for reading sample sources. */
    public static Path repoRoot() {
        String dir = System.getProperty("qmpi4j.repo.root");
        if (dir == null) {
            throw new IllegalStateException("system property qmpi4j.repo.root not set: run the tests through Maven");
        }
        return Path.of(dir).normalize();
    }

    /** {@code -javaagent:...} with the given agent arguments (without tool path and verbose). */
    public static String agentOption(String agentArgs) {
        String toolpath = ItJars.jar("qmpi4j-samples-tools") + File.pathSeparator + testTools();
        String args = (agentArgs.isEmpty() ? "" : agentArgs + ";") + "toolpath=" + toolpath + ";verbose";
        return "-javaagent:" + ItJars.jar("qmpi4j-agent") + "=" + args;
    }

    /** A job of {@code mainClass} without the agent (but with {@code -Xverify:all}). */
    public static MpiJob.Builder plain(String mainClass, int ranks) {
        return MpiJob.builder(mainClass)
                .classpath(ItJars.jar("qmpi4j-samples-openmpi"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(ranks)
                .jvmOption("-Xverify:all")
                .timeout(Duration.ofMinutes(2))
                .echo(false);
    }

    /** A job of {@code mainClass} under {@code tools=<tools>} (verbose). */
    public static MpiJob.Builder withTools(String mainClass, int ranks, String tools) {
        return plain(mainClass, ranks).jvmOption(agentOption("tools=" + tools));
    }

    /** Runs the job under {@code mpirun} (whose launcher reassembles lines split between ranks). */
    public static JobResult run(MpiJob.Builder job) throws IOException {
        return new OpenMpiLauncher().run(job.build());
    }

    /** Lines rank {@code rank} printed to stderr, tags removed. */
    public static List<String> rankStderr(JobResult result, int rank) {
        List<String> lines = new ArrayList<>();
        for (String line : result.stderr().split("\n")) {
            Matcher m = TAGGED.matcher(line);
            if (m.matches() && Integer.parseInt(m.group(2)) == rank) {
                lines.add(m.group(4));
            }
        }
        return lines;
    }

    /**
     * The job succeeded, every rank verified its result, and every rank's agent printed its
     * rewriting summary with {@code failures 0}.
     */
    public static SampleOutput assertOk(JobResult result, int ranks) {
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        SampleOutput out = SampleOutput.parse(result);
        assertThat(out.ranks().keySet())
                .as(result.describe())
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed().collect(Collectors.toList()));
        assertThat(out.okRanks())
                .as("ranks whose own check passed\n" + result.describe())
                .hasSize(ranks);
        assertAgentSummary(result, ranks);
        return out;
    }

    /** Each rank printed exactly one rewriting summary, and it reports {@code failures 0}. */
    public static void assertAgentSummary(JobResult result, int ranks) {
        for (int r = 0; r < ranks; r++) {
            List<String> summaries = rankStderr(result, r).stream()
                    .filter(l -> l.startsWith("qmpi4j: rewriting:"))
                    .collect(Collectors.toList());
            assertThat(summaries)
                    .as("rewriting summary of rank %d\n%s", r, result.describe())
                    .hasSize(1);
            assertThat(summaries.get(0))
                    .as("rewriting summary of rank %d", r)
                    .contains("failures 0,")
                    .containsPattern("rewritten [1-9]\\d*; call sites rewritten [1-9]");
        }
    }

    /** The {@code counter} tool's per-function counts: rank -> id -> function -> calls. */
    public static Map<Integer, Map<Integer, Map<String, Long>>> counterCounts(JobResult result) {
        Map<Integer, Map<Integer, Map<String, Long>>> counts = new TreeMap<>();
        for (String line : markerLines(result, "QMPI4J-TOOL counter ")) {
            Matcher m = TOOL.matcher(line);
            assertThat(m.matches()).as("counter line %s", line).isTrue();
            Map<String, Long> perFunction = new TreeMap<>();
            for (String kv : m.group(3).trim().split(" ")) {
                if (!kv.isEmpty()) {
                    String[] p = kv.split("=");
                    perFunction.put(p[0], Long.parseLong(p[1]));
                }
            }
            Map<String, Long> previous = counts.computeIfAbsent(Integer.parseInt(m.group(2)), r -> new TreeMap<>())
                    .put(Integer.parseInt(m.group(1)), perFunction);
            assertThat(previous)
                    .as("one counter line per rank and id: %s", line)
                    .isNull();
        }
        return counts;
    }

    /** The only counter instance's counts on {@code rank}. */
    public static Map<String, Long> counterOnRank(JobResult result, int rank) {
        Map<Integer, Map<String, Long>> byId = counterCounts(result).get(rank);
        assertThat(byId)
                .as("counter output of rank %d\n%s", rank, result.describe())
                .isNotNull()
                .hasSize(1);
        return byId.values().iterator().next();
    }

    /** One {@code QMPI4J-SITE} line. */
    public static final class Site {
        public int id;
        public int rank;
        public String function;
        /** {@code class.method} */
        public String where;

        public String file;
        public int line;
        public long calls;

        @Override
        public String toString() {
            return function + "@" + where + "(" + file + ":" + line + ")x" + calls;
        }
    }

    public static List<Site> counterSites(JobResult result) {
        List<Site> sites = new ArrayList<>();
        for (String line : markerLines(result, "QMPI4J-SITE counter ")) {
            Matcher m = SITE.matcher(line);
            assertThat(m.matches()).as("site line %s", line).isTrue();
            Site s = new Site();
            s.id = Integer.parseInt(m.group(1));
            s.rank = Integer.parseInt(m.group(2));
            s.function = m.group(3);
            s.where = m.group(4);
            s.file = m.group(5);
            s.line = m.group(6) == null ? -1 : Integer.parseInt(m.group(6));
            s.calls = Long.parseLong(m.group(7));
            sites.add(s);
        }
        return sites;
    }

    /** Lines of stdout (any rank) that contain {@code marker}, from the marker on. */
    public static List<String> markerLines(JobResult result, String marker) {
        List<String> lines = new ArrayList<>();
        for (String raw : result.stdout().split("\n")) {
            int at = raw.indexOf(marker);
            if (at >= 0) {
                lines.add(raw.substring(at).strip());
            }
        }
        return lines;
    }

    /** Line numbers of the {@code // SITE:<form>} markers in a sample's source, by form. */
    public static Map<String, Integer> siteMarkers(String sampleClass) throws IOException {
        Path source =
                repoRoot().resolve("samples/openmpi/src/main/java").resolve(sampleClass.replace('.', '/') + ".java");
        List<String> lines = Files.readAllLines(source);
        Map<String, Integer> markers = new TreeMap<>();
        Pattern marker = Pattern.compile("//\\s*SITE:(\\S+)");
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = marker.matcher(lines.get(i));
            if (m.find()) {
                Integer before = markers.put(m.group(1), i + 1);
                assertThat(before)
                        .as("marker SITE:%s twice in %s", m.group(1), source)
                        .isNull();
            }
        }
        return markers;
    }
}
