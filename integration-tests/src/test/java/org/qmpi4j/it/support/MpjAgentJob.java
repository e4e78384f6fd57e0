package org.qmpi4j.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
import org.qmpi4j.launch.Launcher;
import org.qmpi4j.launch.MpiJob;
import org.qmpi4j.launch.MpjMulticoreLauncher;
import org.qmpi4j.launch.MpjNiodevLauncher;

/**
 * MPJ Express jobs of the samples with the qmpi4j agent attached, in either of MPJ's modes, and
 * what differs from {@link AgentJob}'s Open MPI jobs when checking them: in multicore mode all
 * ranks are threads of one JVM, so the agent runs once and prints one rewriting summary, untagged
 * (it belongs to no rank), while every rank rewrites its own copy of the application classes.
 * Every job runs with {@code -Xverify:all}; both launchers pass it to the JVM(s) that run the ranks.
 */
public final class MpjAgentJob {
    public static final String SAMPLES = "org.qmpi4j.samples.mpj.";
    private static final Pattern TAGGED = Pattern.compile("^\\[\\d+,\\d+\\]<(stdout|stderr)>:.*$");
    private static final Pattern SUMMARY = Pattern.compile(
            "qmpi4j: rewriting: classes seen \\d+, rewritten (\\d+); call sites rewritten (\\d+),.*failures (\\d+),.*");
    private static final Pattern BYTES = Pattern.compile(
            "QMPI4J-BYTES id=(\\d+) rank=(\\d+) storage=(\\d+) function=(\\S+) peer=(\\S+) calls=(\\d+) bytes=(\\d+)");
    /** Start of the agent's notice that a tool's MPI_PCONTROL handler never runs with MPJ. */
    public static final String NO_PCONTROL_NOTICE = "intercepts MPI_PCONTROL, but MPJ Express";

    /** MPJ's two modes. */
    public enum Mode {
        /** All ranks are threads of one JVM, each rank with its own class loader. */
        MULTICORE(new MpjMulticoreLauncher()),
        /** One JVM per rank. */
        NIODEV(new MpjNiodevLauncher());

        private final Launcher launcher;

        Mode(Launcher launcher) {
            this.launcher = launcher;
        }

        public Launcher launcher() {
            return launcher;
        }
    }

    private MpjAgentJob() {}

    /** A job of the MPJ sample {@code sample} ({@code Ring}, {@code Stencil}) under {@code tools=<tools>} (verbose). */
    public static MpiJob.Builder withTools(String sample, int ranks, String tools) {
        return MpiJob.builder(SAMPLES + sample)
                .classpath(ItJars.jar("qmpi4j-samples-mpj"), ItJars.jar("qmpi4j-samples-common"))
                .ranks(ranks)
                .jvmOption("-Xverify:all")
                .jvmOption(AgentJob.agentOption("tools=" + tools))
                .timeout(Duration.ofMinutes(2))
                .echo(false);
    }

    public static JobResult run(Mode mode, MpiJob.Builder job) throws IOException {
        return mode.launcher().run(job.build());
    }

    /**
     * The job succeeded, every rank verified its result, and the agent rewrote the application
     * without failures: one summary per rank JVM (niodev), or one for the whole JVM (multicore).
     */
    public static SampleOutput assertOk(JobResult result, int ranks, Mode mode) {
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        SampleOutput out = SampleOutput.parse(result);
        assertThat(out.ranks().keySet())
                .as(result.describe())
                .containsExactlyElementsOf(IntStream.range(0, ranks).boxed().collect(Collectors.toList()));
        assertThat(out.okRanks())
                .as("ranks whose own check passed\n" + result.describe())
                .hasSize(ranks);
        if (mode == Mode.NIODEV) {
            AgentJob.assertAgentSummary(result, ranks);
        } else {
            assertThat(multicoreSummary(result)[2])
                    .as("rewrite failures\n%s", result.describe())
                    .isZero();
        }
        return out;
    }

    /**
     * The multicore JVM's one rewriting summary as {@code {classes rewritten, call sites
     * rewritten, failures}}; asserts there is exactly one, and that it belongs to no rank.
     */
    public static long[] multicoreSummary(JobResult result) {
        List<String> summaries = untaggedStderr(result).stream()
                .filter(l -> l.startsWith("qmpi4j: rewriting:"))
                .collect(Collectors.toList());
        assertThat(summaries)
                .as("rewriting summary of the multicore JVM\n%s", result.describe())
                .hasSize(1);
        assertThat(result.stderr())
                .as("no rank printed a summary of its own")
                .doesNotContainPattern("\\]<stderr>:qmpi4j: rewriting:");
        Matcher m = SUMMARY.matcher(summaries.get(0));
        assertThat(m.matches()).as(summaries.get(0)).isTrue();
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
    }

    /** Lines of stderr no rank wrote (the JVM's own, the launcher's), in order. */
    public static List<String> untaggedStderr(JobResult result) {
        List<String> lines = new ArrayList<>();
        for (String line : result.stderr().split("\n")) {
            if (!line.isEmpty() && !TAGGED.matcher(line).matches()) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** One {@code QMPI4J-BYTES} line of the {@code bytes} test tool. */
    public static final class Bytes {
        public int id;
        public int rank;
        public long storage;
        public String function;
        /** The peer rank, or {@code -} for calls without one (most collectives). */
        public String peer;

        public long calls;
        public long bytes;

        /** What must be equal across bindings: function, peer, calls and bytes. */
        public String row() {
            return function + " peer=" + peer + " calls=" + calls + " bytes=" + bytes;
        }
    }

    /** Every {@code QMPI4J-BYTES} line in {@code lines} (one rank's stdout, or a whole job's). */
    public static List<Bytes> bytesLines(List<String> lines) {
        List<Bytes> out = new ArrayList<>();
        for (String raw : lines) {
            int at = raw.indexOf("QMPI4J-BYTES ");
            if (at < 0) {
                continue;
            }
            Matcher m = BYTES.matcher(raw.substring(at).strip());
            assertThat(m.matches()).as("bytes line %s", raw).isTrue();
            Bytes b = new Bytes();
            b.id = Integer.parseInt(m.group(1));
            b.rank = Integer.parseInt(m.group(2));
            b.storage = Long.parseLong(m.group(3));
            b.function = m.group(4);
            b.peer = m.group(5);
            b.calls = Long.parseLong(m.group(6));
            b.bytes = Long.parseLong(m.group(7));
            out.add(b);
        }
        return out;
    }

    /** The {@code bytes} tool's table per rank: rank -> sorted rows (see {@link Bytes#row()}). */
    public static Map<Integer, List<String>> bytesTable(JobResult result) {
        Map<Integer, List<String>> table = new TreeMap<>();
        for (Bytes b : bytesLines(List.of(result.stdout().split("\n")))) {
            table.computeIfAbsent(b.rank, r -> new ArrayList<>()).add(b.row());
        }
        table.values().forEach(rows -> rows.sort(null));
        return table;
    }
}
