package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.qmpi4j.formats.json.JsonNode;
import org.qmpi4j.formats.waits.Pattern;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.it.support.PageLayout;
import org.qmpi4j.it.support.PerfettoTraces;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.report.trace.PerfettoTraceReader;
import org.qmpi4j.report.trace.PerfettoTraceReader.Event;

/**
 * Real Open MPI and MPJ Express (both modes) jobs of {@code waits.Waits}, whose ranks sleep known
 * times before communicating:
 * every pattern is found at the rank, function and late partner the program made it, with the
 * amount it slept within {@link #TOLERANCE_MS}; the delays name the sleeping ranks' computation;
 * the same program without sleeps shows no wait over {@link #NOISE_FLOOR_MS} per instance.
 */
class WaitStatesTest {
    private static final String WAITS = "org.qmpi4j.samples.openmpi.waits.Waits";
    /**
     * How far a measured wait may be from the time the program slept: the ranks leave the
     * synchronising MPI_ALLGATHER before each phase at slightly different times (4 JVMs on a
     * shared 2-core machine), and the late call's entry and the waiting call's entry are taken on
     * two clocks aligned within their error bounds.
     */
    static final long TOLERANCE_MS = 80;
    /**
     * The most a balanced program's ranks wait per instance, in the mean over one (pattern, rank,
     * call site), the start-up apart: 4 JVMs (with {@code -Xverify:all}) share 2 cores with whatever
     * else runs, and a rank that loses its core for a moment, or links a call site for the first
     * time, is late for real (measured here: a few ms to 40 ms in the mean, single instances up to
     * 180 ms under load). The waits the program makes are 250 to 400 ms.
     */
    static final long NOISE_FLOOR_MS = 100;

    /** pattern, rank, function, late partner, the time slept in ms */
    private static final Object[][] MADE = {
        {"late_sender", 0, "MPI_RECV", 1, 400, "late-sender"},
        {"late_receiver", 2, "MPI_SSEND", 3, 300, "late-receiver"},
        {"wait_at_barrier", 0, "MPI_BARRIER", 3, 350, "barrier"},
        {"wait_at_barrier", 1, "MPI_BARRIER", 3, 350, "barrier"},
        {"wait_at_barrier", 2, "MPI_BARRIER", 3, 350, "barrier"},
        {"wait_at_nxn", 1, "MPI_ALLREDUCE", 0, 300, "nxn"},
        {"wait_at_nxn", 2, "MPI_ALLREDUCE", 0, 300, "nxn"},
        {"wait_at_nxn", 3, "MPI_ALLREDUCE", 0, 300, "nxn"},
        {"late_broadcast", 0, "MPI_BCAST", 1, 250, "bcast"},
        {"late_broadcast", 2, "MPI_BCAST", 1, 250, "bcast"},
        {"late_broadcast", 3, "MPI_BCAST", 1, 250, "bcast"},
        {"early_reduce", 2, "MPI_REDUCE", 3, 300, "reduce"},
        {"late_sender", 0, "MPI_WAIT", 1, 350, "wait"},
        {"late_sender", 2, "MPI_RECV", 3, 400, "chain-recv-2"},
        {"late_sender", 1, "MPI_RECV", 2, 400, "chain-recv-1"},
    };

    /** The Open MPI sample's further phases: a sub-communicator's and an intercommunicator's collectives. */
    private static final Object[][] MADE_ON_COMMUNICATORS = {
        {"wait_at_barrier", 0, "MPI_BARRIER", 1, 300, "sub-barrier"},
        {"wait_at_barrier", 3, "MPI_BARRIER", 2, 200, "sub-barrier"},
        {"late_broadcast", 2, "MPI_BCAST", 0, 250, "inter-bcast"},
        {"late_broadcast", 3, "MPI_BCAST", 0, 250, "inter-bcast"},
    };

    /**
     * The MPJ Express sample's further phases: a sub-communicator's barrier, and a message over an
     * intercommunicator (mpiJava 1.2 has no intercommunicator collectives), the peer its world rank.
     */
    private static final Object[][] MADE_ON_MPJ_COMMUNICATORS = {
        {"wait_at_barrier", 0, "MPI_BARRIER", 1, 300, "sub-barrier"},
        {"wait_at_barrier", 3, "MPI_BARRIER", 2, 200, "sub-barrier"},
        {"late_sender", 2, "MPI_RECV", 0, 250, "inter-recv"},
    };

    /** Every wait the Open MPI sample makes: its phases on {@code MPI_COMM_WORLD} and on the communicators. */
    static Object[][] openMpiMade() {
        Object[][] made = new Object[MADE.length + MADE_ON_COMMUNICATORS.length][];
        System.arraycopy(MADE, 0, made, 0, MADE.length);
        System.arraycopy(MADE_ON_COMMUNICATORS, 0, made, MADE.length, MADE_ON_COMMUNICATORS.length);
        return made;
    }

    @Test
    void everyPatternIsFoundWhereTheProgramMadeIt(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.withTools(WAITS, 4, "profiler,tracer")
                .timeout(Duration.ofSeconds(120))
                .env("QMPI4J_OUTPUT", out.toString())
                // The trace in Perfetto's format, to see the waits marked in it.
                .env("QMPI4J_TRACER_JSON_LIMIT", "1"));
        AgentJob.assertOk(result, 4);
        JsonNode profile = JobResults.in(out).profile().root; // valid against the published schema
        Object[][] made = openMpiMade();
        Map<String, Integer> lines =
                markers("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/waits/Waits.java");
        assertMadeWaits(profile, out.resolve("trace.pftrace"), lines, made);
        List<Event> marked = assertMarkedWaits(out.resolve("trace.pftrace"), profile, lines, made);
        // The waits were caused by the sleeping ranks' computation just before their late calls:
        // rank 3's before its barrier made ranks 0, 1 and 2 wait 350 ms each, directly.
        List<JsonNode> delays = profile.get("delays").elements();
        JsonNode barrier = delay(delays, 3, "MPI_BARRIER");
        assertThat(barrier)
                .as("rank 3's computation before its barrier\n%s", describe(delays))
                .isNotNull();
        assertThat(barrier.get("short_term_s").asDouble() * 1000)
                .isBetween(3 * 350.0 - 3 * TOLERANCE_MS, 3 * 350.0 + 3 * TOLERANCE_MS);
        // Rank 3's before its send in the chain: rank 2's wait directly (400 ms, short-term), and
        // through rank 2's wait rank 1's (400 ms, long-term); and rank 0's at the allgather after
        // the chain, which rank 0 entered at once (400 ms): directly if rank 3 was the last to reach
        // it, through rank 1's wait if rank 1 was (they arrive within microseconds of each other).
        JsonNode chain = delay(delays, 3, "MPI_SEND");
        assertThat(chain)
                .as("rank 3's computation before its send\n%s", describe(delays))
                .isNotNull();
        double shortMs = chain.get("short_term_s").asDouble() * 1000;
        double longMs = chain.get("long_term_s").asDouble() * 1000;
        assertThat(shortMs).as("directly").isGreaterThan(400.0 - TOLERANCE_MS);
        assertThat(longMs).as("rank 1's wait, handed on through rank 2's").isGreaterThan(400.0 - 2 * TOLERANCE_MS);
        assertThat(shortMs + longMs).as("in all").isBetween(1200.0 - 3 * TOLERANCE_MS, 1200.0 + 3 * TOLERANCE_MS);
        // The critical path runs through the sleeps: at least their sum (2.85 s) long.
        assertThat(profile.get("critical_path").get("seconds").asDouble()).isGreaterThan(2.85);

        String report = Files.readString(out.resolve("report.txt"));
        assertThat(report).contains("== Wait states").contains("late sender").contains("critical path: ");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<section id=\"waits\">");
        // Its call-site columns read as call sites in narrow and wide windows, every column in view.
        PageLayout.assertCallSitesReadable(out.resolve("report.html"), 1100);
        PageLayout.assertCallSitesReadable(out.resolve("report.html"), 1600);

        // merge finds the same from the per-rank files alone.
        Path copy = tmp.resolve("copy");
        ProfilerTest.copyTree(out.resolve("ranks"), copy.resolve("ranks"));
        BundledTools.Command merge = BundledTools.qmpi4j("merge", "--trace-json-limit", "1", copy.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(ProfilerTest.withoutCreated(Files.readString(copy.resolve("profile.json"))))
                .isEqualTo(ProfilerTest.withoutCreated(Files.readString(out.resolve("profile.json"))));
        List<Event> merged = assertMarkedWaits(copy.resolve("trace.pftrace"), profile, lines, made);
        assertThat(merged)
                .extracting(e -> e.rank + " " + e.name + " " + e.start + " " + e.end)
                .as("merge marks the waits where MPI_Finalize did")
                .containsExactlyElementsOf(marked.stream()
                        .map(e -> e.rank + " " + e.name + " " + e.start + " " + e.end)
                        .toList());
    }

    /**
     * The Perfetto trace marks every wait instance the profile counts, as a slice on the waiting
     * rank's "Wait states" track that starts where the waiting call's slice starts, lasts the time
     * waited and has an arrow to an instant at the late call's entry on the late rank; each wait
     * the program made is marked once, at its rank, call site and late partner. Returns the marks.
     */
    static List<Event> assertMarkedWaits(Path pftrace, JsonNode profile, Map<String, Integer> lines, Object[][] made)
            throws Exception {
        PerfettoTraceReader trace = PerfettoTraces.read(pftrace).reader;
        List<JsonNode> waits = profile.get("wait_states").elements();
        long instances = 0;
        for (JsonNode w : waits) {
            instances += w.get("instances").asLong();
        }
        assertThat((long) trace.waits.size())
                .as("one mark per wait instance counted")
                .isEqualTo(instances);
        assertThat(trace.lateCalls).as("one late call per mark").hasSize(trace.waits.size());
        for (Event w : trace.waits) {
            Event call = trace.calls.stream()
                    .filter(c -> c.rank == w.rank && c.start == w.start)
                    .findFirst()
                    .orElse(null);
            assertThat(call)
                    .as("the waiting call's slice of %s on rank %s", w.name, w.rank)
                    .isNotNull();
            assertThat(w.end).isLessThanOrEqualTo(call.end);
            assertThat((String) w.args.get("call")).startsWith(call.name + " at ");
            assertThat(w.end - w.start).isEqualTo(w.args.get("wait_ns"));
            Event late = trace.lateCalls.stream()
                    .filter(l -> l.flowsIn.equals(w.flowsOut))
                    .findFirst()
                    .orElseThrow();
            assertThat((long) late.rank).isEqualTo(w.args.get("late_rank"));
            assertThat(trace.calls)
                    .as("a call of the late rank %s enters where the arrow of %s ends", late.rank, w.name)
                    .anyMatch(c -> c.rank == late.rank && c.start == late.start && late.name.equals("late " + c.name));
        }
        for (Object[] m : made) {
            Event w = mark(trace, lines, m);
            assertThat(w.args.get("late_rank")).isEqualTo((long) (int) m[3]);
            JsonNode counted = find(waits, (String) m[0], (int) m[1], (String) m[2], lines.get(m[5]));
            assertThat((double) (long) w.args.get("wait_ns"))
                    .as("the time waited, as profile.json says (to its microseconds)")
                    .isCloseTo(counted.get("seconds").asDouble() * 1e9, within(1000.0));
        }
        return trace.waits;
    }

    /** Every wait the program made, at its rank, function and peer, with its amount; nothing else over the floor. */
    static void assertMadeWaits(JsonNode profile, Path pftrace, Map<String, Integer> lines, Object[][] made)
            throws Exception {
        assertMadeWaits(profile, pftrace, lines, made, false);
    }

    /**
     * As {@link #assertMadeWaits(JsonNode, Path, Map, Object[][])}; {@code plusBound}: each amount
     * may also be off by the entry's clock error bound ({@code error_bound_s}: the waiting and the
     * late rank's bounds added), for ranks on different nodes, whose clocks are aligned by
     * measurement.
     *
     * <p>The amount expected is not the sleep alone: on two shared cores a rank that slept 250 ms
     * can enter its call 380 ms after the phase began, because it lost its core or linked the call
     * site on the way, and then the others really waited 380 ms. So each rank's own clock says how
     * long after leaving the phase's synchronising collective it entered its call (from the trace's
     * call slices, which the analysis does not read), and the wait expected is the late rank's
     * figure minus the waiting rank's, within the tolerance and the time between the two ranks'
     * exits of that collective as the trace shows it: they leave it together within a few ms on a
     * quiet machine, but a rank that loses its core just then leaves it up to 150 ms later, and
     * that too is waited for real. The late rank's figure must be at least what it slept: the
     * program made the wait.
     */
    static void assertMadeWaits(
            JsonNode profile, Path pftrace, Map<String, Integer> lines, Object[][] made, boolean plusBound)
            throws Exception {
        PerfettoTraceReader trace = PerfettoTraces.read(pftrace).reader;
        List<JsonNode> waits = profile.get("wait_states").elements();
        String all = describe(waits);
        for (Object[] m : made) {
            JsonNode w = find(waits, (String) m[0], (int) m[1], (String) m[2], lines.get(m[5]));
            assertThat(w)
                    .as("%s of rank %s in %s in\n%s", m[0], m[1], m[2], all)
                    .isNotNull();
            assertThat(w.get("peer").asInt())
                    .as("late partner of %s", describe(List.of(w)))
                    .isEqualTo(m[3]);
            assertThat(w.get("instances").asLong()).as(describe(List.of(w))).isEqualTo(1);
            // The call site: the sample's line with the SITE marker, read from its source.
            assertThat(w.get("file").asStringOrNull()).as(describe(List.of(w))).isEqualTo("Waits.java");
            assertThat(w.get("class").asString()).endsWith(".waits.Waits");
            assertThat(w.get("line").asInt())
                    .as("line of %s", describe(List.of(w)))
                    .isEqualTo(lines.get(m[5]));
            long ms = Math.round(w.get("seconds").asDouble() * 1000);
            long tolerance = TOLERANCE_MS
                    + (plusBound ? (long) Math.ceil(w.get("error_bound_s").asDouble() * 1000) : 0);
            Event mark = mark(trace, lines, m);
            Event late = trace.lateCalls.stream()
                    .filter(l -> l.flowsIn.equals(mark.flowsOut))
                    .findFirst()
                    .orElseThrow();
            long lateBegan = phaseBegan(trace, late.rank, late.start);
            long waitingBegan = phaseBegan(trace, mark.rank, mark.start);
            long lateMs = Math.round((late.start - lateBegan) / 1e6);
            long waitingMs = Math.round((mark.start - waitingBegan) / 1e6);
            long skewMs = Math.round(Math.abs(lateBegan - waitingBegan) / 1e6);
            String how = String.format(
                    "%s: slept %s ms; the late rank entered its call %s ms, the waiting rank %s ms after the phase"
                            + " began on their own clocks; they left the synchronising collective %s ms apart;"
                            + " within %s ms",
                    describe(List.of(w)), m[4], lateMs, waitingMs, skewMs, tolerance);
            assertThat(lateMs).as(how).isGreaterThanOrEqualTo((int) m[4] - TOLERANCE_MS);
            long expected = lateMs - waitingMs;
            assertThat(ms).as(how).isBetween(expected - tolerance - skewMs, expected + tolerance + skewMs);
            assertThat(w.get("uncertain").asBoolean()).isFalse();
        }
        // Nothing else waits but the synchronising allgathers and the start-up's alltoall.
        for (JsonNode w : waits) {
            String f = w.get("function").asString();
            boolean isMade = false;
            for (Object[] m : made) {
                isMade |= w.get("pattern").asString().equals(m[0])
                        && w.get("rank").asInt() == (int) m[1]
                        && f.equals(m[2])
                        && !w.get("line").isNull()
                        && w.get("line").asInt() == lines.get(m[5]);
            }
            if (!isMade && !f.equals("MPI_ALLGATHER") && !f.equals("MPI_ALLTOALL")) {
                assertThat(w.get("seconds").asDouble()
                                * 1000
                                / w.get("instances").asLong())
                        .as("a wait the program did not make: %s", describe(List.of(w)))
                        .isLessThan(NOISE_FLOOR_MS);
            }
        }
    }

    @ParameterizedTest(name = "MPJ Express {0}")
    @EnumSource(MpjAgentJob.Mode.class)
    void everyPatternIsFoundOnMpjExpress(MpjAgentJob.Mode mode, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools("waits.Waits", 4, "profiler,tracer")
                        .timeout(Duration.ofSeconds(120))
                        .env("QMPI4J_OUTPUT", out.toString())
                        // The trace in Perfetto's format: the ranks' call slices, to see when each entered.
                        .env("QMPI4J_TRACER_JSON_LIMIT", "1"));
        MpjAgentJob.assertOk(result, 4, mode);
        Object[][] made = new Object[MADE.length + MADE_ON_MPJ_COMMUNICATORS.length][];
        System.arraycopy(MADE, 0, made, 0, MADE.length);
        System.arraycopy(MADE_ON_MPJ_COMMUNICATORS, 0, made, MADE.length, MADE_ON_MPJ_COMMUNICATORS.length);
        assertMadeWaits(
                JobResults.in(out).profile().root,
                out.resolve("trace.pftrace"),
                markers("samples/mpj/src/main/java/org/qmpi4j/samples/mpj/waits/Waits.java"),
                made);
    }

    @Test
    void aBalancedProgramShowsNoWaitAboveTheNoiseFloorButItsStartUp(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        JobResult result = AgentJob.run(AgentJob.withTools(WAITS, 4, "profiler,tracer")
                .args("0")
                .timeout(Duration.ofSeconds(120))
                .env("QMPI4J_OUTPUT", out.toString()));
        AgentJob.assertOk(result, 4);
        JsonNode profile = JobResults.in(out).profile().root;
        List<JsonNode> above = new ArrayList<>();
        for (JsonNode w : profile.get("wait_states").elements()) {
            double meanMs =
                    w.get("seconds").asDouble() * 1000 / w.get("instances").asLong();
            if (!w.get("function").asString().equals("MPI_ALLTOALL") && meanMs >= NOISE_FLOOR_MS) {
                above.add(w);
            }
        }
        assertThat(above).as(describe(above)).isEmpty();
    }

    /** Line numbers of the {@code // SITE:<name>} markers in a sample's source. */
    static Map<String, Integer> markers(String source) throws Exception {
        List<String> lines = Files.readAllLines(AgentJob.repoRoot().resolve(source));
        Map<String, Integer> out = new TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = java.util.regex.Pattern.compile("//\\s*SITE:(\\S+)").matcher(lines.get(i));
            if (m.find()) {
                out.put(m.group(1), i + 1);
            }
        }
        return out;
    }

    /** The delay of {@code rank}'s computation before its {@code function} after the phase's allgather. */
    private static JsonNode delay(List<JsonNode> delays, int rank, String function) throws Exception {
        for (JsonNode d : delays) {
            if (d.get("rank").asInt() == rank
                    && d.get("kind").asString().equals("computation")
                    && d.get("function").asString().equals(function)
                    && "MPI_ALLGATHER".equals(d.get("previous_function").asStringOrNull())) {
                return d;
            }
        }
        return null;
    }

    /** The Perfetto trace's mark of a wait the program made: at its rank, pattern and call site. */
    private static Event mark(PerfettoTraceReader trace, Map<String, Integer> lines, Object[] m) {
        String label = Pattern.byId((String) m[0]).label();
        String call = m[2] + " at Waits.java:" + lines.get(m[5]) + " ";
        List<Event> found = trace.waits.stream()
                .filter(w ->
                        w.rank == (int) m[1] && w.name.equals(label) && ((String) w.args.get("call")).startsWith(call))
                .toList();
        assertThat(found)
                .as("the mark of %s of rank %s at %s", label, m[1], call)
                .hasSize(1);
        return found.get(0);
    }

    /**
     * When the rank left the phase's synchronising collective (the sample's allgather, or the first
     * phase's alltoall) before {@code entry}: the trace's timestamp of that call's exit.
     */
    private static long phaseBegan(PerfettoTraceReader trace, int rank, long entry) {
        return trace.calls.stream()
                .filter(c -> c.rank == rank
                        && (c.name.equals("MPI_ALLGATHER") || c.name.equals("MPI_ALLTOALL"))
                        && c.end <= entry)
                .mapToLong(c -> c.end)
                .max()
                .orElseThrow(() -> new AssertionError("no synchronising collective before the call on rank " + rank));
    }

    private static JsonNode find(List<JsonNode> waits, String pattern, int rank, String function, int line)
            throws Exception {
        for (JsonNode w : waits) {
            if (w.get("pattern").asString().equals(pattern)
                    && w.get("rank").asInt() == rank
                    && w.get("function").asString().equals(function)
                    && !w.get("line").isNull()
                    && w.get("line").asInt() == line) {
                return w;
            }
        }
        return null;
    }

    private static String describe(List<JsonNode> waits) {
        return waits.stream()
                .map(w -> {
                    try {
                        return w.get("pattern").asString() + " rank "
                                + w.get("rank").asInt() + " "
                                + w.get("function").asString() + " peer "
                                + (w.get("peer").isNull()
                                        ? "several"
                                        : Integer.toString(w.get("peer").asInt()))
                                + " " + w.get("seconds").asDouble() + " s x"
                                + w.get("instances").asLong();
                    } catch (Exception e) {
                        return e.toString();
                    }
                })
                .collect(Collectors.joining("\n"));
    }
}
