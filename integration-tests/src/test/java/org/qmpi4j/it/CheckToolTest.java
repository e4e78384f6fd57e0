package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.AgentJob;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.MpjAgentJob;
import org.qmpi4j.launch.JobResult;
import org.qmpi4j.launch.MpiJob;

/**
 * The bundled {@code check} on real {@code mpirun} jobs: each defective program
 * ({@code samples/openmpi/.../defects}) gives exactly its finding, at the ranks and lines its
 * source marks with {@code // CHECK:<rule> rank <r>}; a deadlock ends the job by itself with exit
 * status 3 after the (short, for the test) timeout; a slow rank is not a deadlock; and the
 * project's own samples, feature and style programs give no finding.
 */
class CheckToolTest {
    private static final String DEFECTS = "org.qmpi4j.samples.openmpi.defects.";
    private static final Pattern MARK = Pattern.compile("// CHECK:(\\w+) rank ([\\d,]+)");

    private static MpiJob.Builder job(String mainClass, int ranks, Path out) {
        return AgentJob.withTools(mainClass, ranks, "check")
                .env("QMPI4J_OUTPUT", out.toString())
                .env("QMPI4J_CHECK_DEADLOCK_SECONDS", "3");
    }

    private static List<Finding> findings(Path out, JobResult result) throws Exception {
        assertThat(out.resolve("check.json"))
                .as("check.json\n" + result.describe())
                .exists();
        return JobResults.in(out).findings();
    }

    /** (rank, line) pairs the program's source marks for {@code rule}. */
    private static TreeSet<String> markedSites(String program, String rule) throws Exception {
        return markedSites("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/defects/", program, rule);
    }

    private static TreeSet<String> markedSites(String folder, String program, String rule) throws Exception {
        Path source = AgentJob.repoRoot().resolve(folder + program + ".java");
        List<String> lines = Files.readAllLines(source);
        TreeSet<String> sites = new TreeSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = MARK.matcher(lines.get(i));
            if (m.find() && m.group(1).equals(rule)) {
                for (String r : m.group(2).split(",")) {
                    sites.add("rank " + r + " line " + (i + 1));
                }
            }
        }
        assertThat(sites).as("marks in %s", source).isNotEmpty();
        return sites;
    }

    @ParameterizedTest(name = "{0} gives {1}")
    @CsvSource({
        "RecvRecvDeadlock, deadlock, 2",
        "MissingBarrier, deadlock, 2",
        "RequestLeak, request_leak, 2",
        "InvalidRank, invalid_argument, 2",
        "TypeMismatch, type_mismatch, 2",
        "Truncation, truncation, 2",
        "CollectiveMismatch, collective_mismatch, 2",
        "BufferModified, buffer_modified, 2",
        "FreedReceive, active_request_freed, 2",
        "WaitAfterFree, request_misuse, 2",
        "SubCommTypeMismatch, type_mismatch, 2",
        "InterTruncation, truncation, 2",
        "SubCommCollectiveMismatch, collective_mismatch, 2",
        "PersistentLeak, request_leak, 2",
        "CollectiveRequestLeak, request_leak, 2",
        "InterCollectiveMismatch, collective_mismatch, 2",
        "InterRootMismatch, collective_mismatch, 4"
    })
    void eachDefectGivesExactlyItsFindingAtItsLines(String program, String rule, int ranks, @TempDir Path out)
            throws Exception {
        JobResult result = AgentJob.run(job(DEFECTS + program, ranks, out));

        if (rule.equals("deadlock")) {
            // Ended by the checker, not by the launcher's time limit.
            assertThat(result.timedOut()).as(result.describe()).isFalse();
            // Exit status 3 is the error code the checker hands MPI_Abort. Open MPI's own "MPI_ABORT
            // was invoked" banner is not asserted: mpirun drops it when its help system runs out of
            // resources on a loaded host ("ORTE_ERROR_LOG: Out of resource in file show_help.c").
            assertThat(result.exitCode()).as(result.describe()).isEqualTo(3);
        } else {
            assertThat(result.succeeded()).as(result.describe()).isTrue();
        }
        List<Finding> findings = findings(out, result);
        assertThat(findings).as(result.describe()).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.rule()).isEqualTo(rule);
        assertThat(f.severity())
                .isEqualTo(rule.equals("active_request_freed") ? Finding.Severity.WARNING : Finding.Severity.ERROR);
        assertThat(f.count()).isEqualTo(1);
        TreeSet<String> sites = new TreeSet<>();
        for (FindingSite s : f.sites()) {
            assertThat(s.className()).isEqualTo(DEFECTS + program);
            assertThat(s.method()).isEqualTo("main");
            assertThat(s.file()).isEqualTo(program + ".java");
            sites.add("rank " + s.rank() + " line " + s.line());
        }
        assertThat(sites).as(f.line()).isEqualTo(markedSites(program, rule));

        // One line on the job's stderr for the finding, and check.txt names it.
        String severity = f.severity().text();
        List<String> lines = List.of(result.stderr().split("\n")).stream()
                .filter(l -> l.contains("qmpi4j check: error ") || l.contains("qmpi4j check: warning "))
                .collect(Collectors.toList());
        assertThat(lines).as(result.describe()).hasSize(1);
        assertThat(lines.get(0)).contains(severity + " " + rule + ": ");
        assertThat(Files.readString(out.resolve("check.txt")))
                .contains("1. " + severity + " " + rule)
                .contains(severity.equals("error") ? "1 error(s), 0 warning(s)" : "0 error(s), 1 warning(s)");
    }

    @ParameterizedTest(name = "MPJ Express {0}: {1} gives {2}")
    @CsvSource({
        "MULTICORE, RecvRecvDeadlock, deadlock",
        "NIODEV, RecvRecvDeadlock, deadlock",
        "MULTICORE, RequestLeak, request_leak",
        "NIODEV, RequestLeak, request_leak",
        "MULTICORE, TypeMismatch, type_mismatch",
        "NIODEV, TypeMismatch, type_mismatch",
        "MULTICORE, SubCommTypeMismatch, type_mismatch",
        "NIODEV, SubCommTypeMismatch, type_mismatch",
        "MULTICORE, DerivedTypeMismatch, type_mismatch",
        "NIODEV, DerivedTypeMismatch, type_mismatch",
        "MULTICORE, PersistentLeak, request_leak",
        "NIODEV, PersistentLeak, request_leak",
        "MULTICORE, CallAfterFinalize, call_after_finalize",
        "NIODEV, CallAfterFinalize, call_after_finalize",
        "MULTICORE, LeakedComm, object_leak",
        "NIODEV, LeakedComm, object_leak",
        "MULTICORE, FreedCommUsed, object_used_after_free",
        "NIODEV, FreedCommUsed, object_used_after_free",
        "MULTICORE, GathervCounts, collective_mismatch",
        "NIODEV, GathervCounts, collective_mismatch"
    })
    void eachMpjDefectGivesExactlyItsFinding(MpjAgentJob.Mode mode, String program, String rule, @TempDir Path out)
            throws Exception {
        JobResult result = MpjAgentJob.run(
                mode,
                MpjAgentJob.withTools("defects." + program, 2, "check")
                        .env("QMPI4J_OUTPUT", out.toString())
                        .env("QMPI4J_CHECK_DEADLOCK_SECONDS", "3"));
        if (rule.equals("deadlock")) {
            assertThat(result.timedOut()).as(result.describe()).isFalse();
            assertThat(result.succeeded()).as(result.describe()).isFalse();
        }
        List<Finding> findings = findings(out, result);
        assertThat(findings).as(result.describe()).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.rule()).isEqualTo(rule);
        TreeSet<String> sites = new TreeSet<>();
        for (FindingSite s : f.sites()) {
            assertThat(s.className()).isEqualTo(MpjAgentJob.SAMPLES + "defects." + program);
            sites.add("rank " + s.rank() + " line " + s.line());
        }
        assertThat(sites)
                .as(f.line())
                .isEqualTo(markedSites("samples/mpj/src/main/java/org/qmpi4j/samples/mpj/defects/", program, rule));
        if (program.equals("PersistentLeak")) {
            // MPJ cannot free a request: the leak is the send still active, not the requests never freed.
            assertThat(f.message()).as(f.line()).contains("was still active at MPI_Finalize");
        }
        if (program.equals("LeakedComm")) {
            // MPJ's Free() is a no-op: the finding is a warning and says so.
            assertThat(f.severity()).isEqualTo(Finding.Severity.WARNING);
            assertThat(f.message())
                    .as(f.line())
                    .contains("This binding's free is a no-op (MPJ Express 0.44 (mpiJava 1.2))");
        }
        if (program.equals("GathervCounts")) {
            // the root's counts against what rank 1 passes, in bytes
            assertThat(f.message())
                    .as(f.line())
                    .contains("rank 0 calls MPI_GATHERV root 0 with counts of [4, 8] bytes for ranks 0..1")
                    .contains("rank 1 calls MPI_GATHERV root 0 with 4 bytes of its own");
        }
        if (program.equals("FreedCommUsed")) {
            // Free() is a no-op in MPJ: the freed communicator still answers, once, after the finding.
            assertThat(result.succeeded()).as(result.describe()).isTrue();
            assertThat(result.stdout().split("rank 0 still sees 2 ranks", -1))
                    .as(result.describe())
                    .hasSize(2);
            assertThat(f.severity()).isEqualTo(Finding.Severity.ERROR);
        }
    }

    /**
     * Both partners send before they receive: the job completes because MPI buffers the small
     * messages, and the one finding, {@code buffering_deadlock}, names both sends. Open MPI says at
     * which size it would hang, from its own control variables.
     */
    @Test
    void anExchangeThatOnlyBufferingCompletesIsABufferingDeadlock(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(
                job(AgentJob.SAMPLES + "features.BufferedExchange", 2, out).args("unsafe"));
        AgentJob.assertOk(result, 2);
        Finding f = onlyBufferingDeadlock(
                out,
                result,
                AgentJob.SAMPLES + "features.BufferedExchange",
                "samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/features/BufferedExchange.java",
                "COMM_WORLD.send(out");
        assertThat(f.message())
                .as(f.line())
                .contains("rank 0's MPI_SEND (4 bytes) to rank 1 and rank 1's MPI_SEND (4 bytes) to rank 0 each wait")
                .contains(
                        "this MPI stops buffering above 4096 bytes between ranks of one node (btl_vader_eager_limit)");
        assertThat(result.stderr()).contains("qmpi4j check: warning buffering_deadlock: ");
    }

    /**
     * QueueDepth (a sample for the long-queue tool) has both ranks send a small message before
     * receiving one, in a phase with no receive posted ahead: a buffering_deadlock, its only
     * finding (the phase with receives posted ahead has them on other tags; the counts do not see
     * tags, so that phase is not reported, a cycle missed rather than one made up).
     */
    @Test
    void queueDepthsSendBeforeReceiveIsABufferingDeadlock(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(job(AgentJob.SAMPLES + "QueueDepth", 2, out));
        AgentJob.assertOk(result, 2);
        onlyBufferingDeadlock(
                out,
                result,
                AgentJob.SAMPLES + "QueueDepth",
                "samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/QueueDepth.java",
                "MPI.COMM_WORLD.send(out, 1, MPI.INT, next, tag);");
    }

    /** The one finding, a buffering_deadlock warning whose sites are both ranks' sends at the first line holding {@code send}. */
    private static Finding onlyBufferingDeadlock(
            Path out, JobResult result, String className, String source, String send) throws Exception {
        List<String> lines = Files.readAllLines(AgentJob.repoRoot().resolve(source));
        int line = 1;
        while (!lines.get(line - 1).contains(send)) {
            line++;
        }
        List<Finding> findings = findings(out, result);
        assertThat(findings).as(result.describe()).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.rule()).isEqualTo("buffering_deadlock");
        assertThat(f.severity()).isEqualTo(Finding.Severity.WARNING);
        List<String> sites = new ArrayList<>();
        for (FindingSite s : f.sites()) {
            assertThat(s.className()).isEqualTo(className);
            sites.add(s.rank() + ":" + s.function() + ":" + s.line());
        }
        assertThat(sites).containsExactly("0:MPI_SEND:" + line, "1:MPI_SEND:" + line);
        return f;
    }

    @ParameterizedTest(name = "MPJ Express {0}: {1} gives no finding")
    @CsvSource({
        "MULTICORE, Ring, 2",
        "NIODEV, Ring, 2",
        "MULTICORE, Stencil, 4",
        "NIODEV, BufferedExchange, 2",
        "MULTICORE, BufferedExchange, 2",
        "MULTICORE, MasterWorker, 4",
        "MULTICORE, waits.Waits, 4",
        "NIODEV, waits.Waits, 4"
    })
    void mpjSamplesGiveNoFinding(MpjAgentJob.Mode mode, String sample, int ranks, @TempDir Path out) throws Exception {
        MpiJob.Builder job = MpjAgentJob.withTools(sample, ranks, "check").env("QMPI4J_OUTPUT", out.toString());
        if (sample.equals("BufferedExchange")) {
            job.args("safe"); // the unsafe form is a buffering_deadlock (below)
        } else if (sample.equals("waits.Waits")) {
            job.args("0"); // no sleeps: its sub- and intercommunicator phases are what is checked here
        }
        JobResult result = MpjAgentJob.run(mode, job);
        MpjAgentJob.assertOk(result, ranks, mode);
        List<String> described = new ArrayList<>();
        findings(out, result).forEach(f -> described.add(f.line()));
        assertThat(described).as(result.describe()).isEmpty();
    }

    @Test
    void theDeadlockReportNamesEachBlockedCallAndTheCycle(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(job(DEFECTS + "RecvRecvDeadlock", 2, out));
        Finding f = findings(out, result).get(0);
        assertThat(f.message())
                .contains("rank 0 in MPI_RECV from rank 1 tag 7 on MPI_COMM_WORLD")
                .contains("rank 1 in MPI_RECV from rank 0 tag 7 on MPI_COMM_WORLD")
                .contains("Wait-for cycle: 0 -> 1 -> 0");
        assertThat(result.elapsed().getSeconds()).as(result.describe()).isLessThan(60);
    }

    @Test
    void aCycleOfTwoRanksIsADeadlockWhileTheOtherRanksWork(@TempDir Path out) throws Exception {
        // The other two ranks work for 120 s: the finding must come from the cycle alone, long before.
        JobResult result = AgentJob.run(job(DEFECTS + "PartialDeadlock", 4, out).args("120"));
        assertThat(result.timedOut()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(3);
        assertThat(result.elapsed().getSeconds()).as(result.describe()).isLessThan(60);
        List<Finding> findings = findings(out, result);
        assertThat(findings).as(result.describe()).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.rule()).isEqualTo("deadlock");
        TreeSet<String> sites = new TreeSet<>();
        f.sites().forEach(s -> sites.add("rank " + s.rank() + " line " + s.line()));
        assertThat(sites).as(f.line()).isEqualTo(markedSites("PartialDeadlock", "deadlock"));
        assertThat(f.message())
                .startsWith("ranks [0, 1] are blocked in MPI waiting only on one another")
                .contains("rank 0 in MPI_RECV from rank 1 tag 7 on MPI_COMM_WORLD")
                .contains("rank 1 in MPI_RECV from rank 0 tag 7 on MPI_COMM_WORLD")
                .contains("Wait-for cycle: 0 -> 1 -> 0");
    }

    @Test
    void receivesLeakedAtOneLineToSeveralRanksAreOneFindingNamingEveryPeer(@TempDir Path out) throws Exception {
        Finding f = onlyFindingAtItsMarks("LeakedReceives", "request_leak", 4, out);
        assertThat(f.count()).isEqualTo(3);
        assertThat(f.message()).contains("the 3 requests of this MPI_IRECV from ranks [1, 2, 3], tag 9 were never");
    }

    /** Runs a defect program that ends normally; its one finding is of {@code rule}, at the lines its source marks. */
    private static Finding onlyFindingAtItsMarks(String program, String rule, int ranks, Path out) throws Exception {
        JobResult result = AgentJob.run(job(DEFECTS + program, ranks, out));
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        List<Finding> findings = findings(out, result);
        assertThat(findings).as(result.describe()).hasSize(1);
        Finding f = findings.get(0);
        assertThat(f.rule()).isEqualTo(rule);
        TreeSet<String> sites = new TreeSet<>();
        f.sites().forEach(s -> sites.add("rank " + s.rank() + " line " + s.line()));
        assertThat(sites).as(f.line()).isEqualTo(markedSites(program, rule));
        return f;
    }

    @Test
    void aCallFromASecondThreadAtFunneledIsAThreadLevelError(@TempDir Path out) throws Exception {
        Finding f = onlyFindingAtItsMarks("SecondThreadAtFunneled", "thread_level", 2, out);
        assertThat(f.message()).contains("\"worker\"").contains("MPI_THREAD_FUNNELED");
    }

    @Test
    void parentsWaitingLongerThanTheTimeoutForASpawnedChildAreNotADeadlock(@TempDir Path out) throws Exception {
        // Parent rank 0 waits 8 s for its child (timeout 3 s), parent rank 1 for rank 0: every rank
        // of the parent's world is in MPI and none moves, yet the child in another world releases them.
        JobResult result = AgentJob.run(MpiJob.builder("org.qmpi4j.it.fixtures.SpawnFamily")
                .classpath(ItJars.testClasses())
                .ranks(2)
                .args("slow", "parent")
                .timeout(java.time.Duration.ofMinutes(3))
                .echo(false)
                .env("JDK_JAVA_OPTIONS", "-javaagent:" + ItJars.jar("qmpi4j-agent") + "=tools=check")
                .env("QMPI4J_OUTPUT", out.toString())
                .env("QMPI4J_CHECK_DEADLOCK_SECONDS", "3"));
        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.elapsed().getSeconds()).as("the child's 8 s").isGreaterThanOrEqualTo(8);
        List<String> described = new ArrayList<>();
        findings(out, result).forEach(f -> described.add(f.line()));
        assertThat(described).as(result.describe()).isEmpty();
    }

    @Test
    void aRankComputingLongerThanTheTimeoutIsNotADeadlock(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(job(DEFECTS + "SlowRank", 2, out).args("6"));
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        assertThat(findings(out, result)).as(result.describe()).isEmpty();
    }

    @Test
    void theFeatureProgramThatSendsToAMissingRankGivesInvalidArgument(@TempDir Path out) throws Exception {
        JobResult result = AgentJob.run(job(AgentJob.FEATURES + "MpiErrors", 2, out));
        assertThat(result.succeeded()).as(result.describe()).isTrue();
        List<String> source = Files.readAllLines(AgentJob.repoRoot()
                .resolve("samples/openmpi/src/main/java/org/qmpi4j/samples/openmpi/features/MpiErrors.java"));
        int line = 0;
        for (int i = 0; i < source.size(); i++) {
            if (source.get(i).contains(".send(") && source.get(i).contains("size + 5")) {
                line = i + 1;
            }
        }
        // Each rank sends to the missing rank once: one finding per rank, at the same line.
        List<String> sites = new ArrayList<>();
        for (Finding f : findings(out, result)) {
            assertThat(f.rule()).isEqualTo("invalid_argument");
            f.sites().forEach(s -> sites.add(s.rank() + ":" + s.function() + ":" + s.line()));
        }
        assertThat(sites).containsExactlyInAnyOrder("0:MPI_SEND:" + line, "1:MPI_SEND:" + line);
    }

    @ParameterizedTest(name = "{0} with {1} ranks")
    @CsvSource(
            delimiter = ';',
            value = {
                "Ring; 2; ",
                "PingPong; 2; --iterations 20 --sizes 0,1,1024,70000",
                "Stencil; 4; 32 20",
                "Collectives; 4; ",
                "UnexpectedMessages; 2; ",
                "features.BufferedExchange; 2; safe",
                "features.CallForms; 2; ",
                "features.InitBarrierFinalize; 2; ",
                "features.InjectedFaults; 2; ",
                "features.PcontrolLevels; 2; ",
                "features.PcontrolRegion; 2; ",
                "defects.CleanRequests; 2; ",
                "features.Reflective; 2; ",
                "features.SubCommunicators; 4; ",
                "waits.Waits; 4; 0",
                "features.Threads; 2; ",
                "features.WildcardOrder; 2; ",
                "features.ReduceLocal; 2; ",
                "features.GetStatusLoop; 2; ",
                "styles.BusyWildcards; 2; ",
                "styles.LoadBalance; 4; ",
                "styles.MasterWorker; 4; "
            })
    void theProjectsProgramsGiveNoFinding(String program, int ranks, String args, @TempDir Path out) throws Exception {
        MpiJob.Builder job = job(AgentJob.SAMPLES + program, ranks, out);
        if (args != null && !args.isBlank()) {
            job.args(args.trim().split(" "));
        }
        JobResult result = AgentJob.run(job);
        AgentJob.assertOk(result, ranks);
        List<Finding> findings = findings(out, result);
        List<String> described = new ArrayList<>();
        findings.forEach(f -> described.add(f.line()));
        assertThat(described).as(result.describe()).isEmpty();
        assertThat(result.stderr()).contains("qmpi4j check: no findings in " + ranks + " rank(s)");
        // Nor did the checker fail on the way (its own communicators made and freed, for example).
        assertThat(result.stderr())
                .doesNotContain("the application continues; further failures are not shown")
                .doesNotContain("the MPI call went ahead unchanged");
    }
}
