package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.profile.RankFailure;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * {@code qmpi4j run -- mpirun ... java ...}: the agent reaches every rank without an edited
 * command, the job's exit status is the command's, and bad input stops it before anything runs.
 */
class RunCommandTest {
    @Test
    void runsAnUneditedMpirunCommandUnderTheAgentAndPrintsWhereTheResultsAre(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(
                "--output",
                out.toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                java(),
                "-cp",
                samples(),
                "org.qmpi4j.samples.openmpi.Ring",
                "2");

        assertThat(run.exitCode).as("%s", run).isZero();
        assertThat(run.stdout)
                .as("%s", run)
                .contains("qmpi4j: job exit status 0; results in " + out)
                .contains("== Time per rank");
        assertThat(run.stderr).contains("qmpi4j: running the job with tools profiler,tracer; results in " + out);
        Map<Integer, Map<String, Long>> own = ownCalls(run);
        JobResults results = JobResults.in(out);
        assertThat(results.profile().callsPerRank)
                .as("the profile holds exactly the calls each rank counted itself")
                .isEqualTo(own);
        assertThat(results.trace().events).isEqualTo(own);
        for (int r = 0; r < 2; r++) {
            assertThat(results.rankCalls(r)).as("rank %d's own file", r).isEqualTo(own.get(r));
            assertThat(results.rankState(r)).isEqualTo("finalized");
        }
        assertThat(results.world().state).isEqualTo("finalized");
    }

    @Test
    void checkAloneReportsADeadlockEndsTheJobAndSaysWhereItsFindingsAre(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("results");
        BundledTools.Command run = qmpi4jRun(
                "--tools",
                "check",
                "--output",
                out.toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                "-x",
                "QMPI4J_CHECK_DEADLOCK_SECONDS=3",
                java(),
                "-cp",
                samples(),
                "org.qmpi4j.samples.openmpi.defects.RecvRecvDeadlock");

        assertThat(run.exitCode).as("%s", run).isEqualTo(3);
        assertThat(run.stderr).as("%s", run).contains("qmpi4j check: error deadlock: ");
        assertThat(run.stdout)
                .as("%s", run)
                .contains("qmpi4j: job exit status 3; results in " + out)
                .contains("qmpi4j check: 1 error(s), 0 warning(s) in ")
                .contains("... (the findings: " + out.resolve("check.txt") + "; as JSON: " + out.resolve("check.json")
                        + ")")
                .doesNotContain("no report")
                .doesNotContain("no results");
        JobResults results = JobResults.in(out);
        List<Finding> findings = results.findings();
        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).rule()).isEqualTo("deadlock");
        assertThat(findings.get(0).message()).contains("Wait-for cycle: 0 -> 1 -> 0");
        assertThat(results.failures().values())
                .as("check's abort, recorded by the rank that called it\n%s", run)
                .isNotEmpty()
                .allSatisfy(f -> {
                    assertThat(f.kind()).isEqualTo(RankFailure.Kind.ABORT);
                    assertThat(f.exitStatus()).isEqualTo(3);
                });
        assertThat(results.world().state).isEqualTo("aborted");
    }

    @Test
    void theJobsExitStatusIsReturned(@TempDir Path tmp) throws Exception {
        List<String> job = List.of(
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                "2",
                java(),
                "-cp",
                ItJars.testClasses() + File.pathSeparator + MpiRuntimes.openMpiJar(),
                "org.qmpi4j.it.fixtures.FailOnRank",
                "1",
                "exit");
        BundledTools.Command plain = BundledTools.run(job, Map.of());
        List<String> args = new ArrayList<>(List.of("--output", tmp.resolve("r").toString(), "--"));
        args.addAll(job);
        BundledTools.Command run = qmpi4jRun(args.toArray(new String[0]));
        assertThat(plain.exitCode).as("%s", plain).isNotZero();
        assertThat(run.exitCode).as("%s", run).isEqualTo(plain.exitCode);
        assertThat(run.stdout).contains("qmpi4j: job exit status " + plain.exitCode);
    }

    @Test
    void badInputIsOneLineAndNothingStarts(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("never");
        String[][] cases = {
            {"--tools", "profiler,nosuchtool", "--output", out.toString(), "--", "mpirun", "-np", "2", "java", "X"},
            {"--output", out.toString(), "--", "no-such-launcher", "-np", "2", "java", "X"},
            {"--toolpath", tmp.resolve("missing.jar").toString(), "--output", out.toString(), "--", "mpirun", "java"},
            {"--output", "/proc/qmpi4j-cannot-write-here", "--", "mpirun", "-np", "2", "java", "X"}
        };
        String[] expected = {
            "qmpi4j: unknown tool 'nosuchtool' (available: ",
            "qmpi4j: the launcher 'no-such-launcher' is not on PATH",
            "qmpi4j: tool path entry " + tmp.resolve("missing.jar") + " does not exist",
            "qmpi4j: cannot write the output folder /proc/qmpi4j-cannot-write-here"
        };
        for (int i = 0; i < cases.length; i++) {
            BundledTools.Command c = qmpi4jRun(cases[i]);
            assertThat(c.exitCode).as("%s", c).isEqualTo(2);
            assertThat(c.stderr.strip().lines()).as("one line: %s", c).hasSize(1);
            assertThat(c.stderr).startsWith(expected[i]);
            assertThat(c.stdout).as("no job ran").isEmpty();
        }
        assertThat(Files.exists(out))
                .as("no output folder made for a job that did not start")
                .isFalse();
    }

    private static BundledTools.Command qmpi4jRun(String... args) throws Exception {
        List<String> all =
                new ArrayList<>(List.of("-jar", ItJars.jar("qmpi4j-cli").toString(), "run"));
        all.addAll(List.of(args));
        return BundledTools.java(Map.of(), all.toArray(new String[0]));
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String samples() {
        return String.join(
                File.pathSeparator,
                MpiRuntimes.openMpiJar().toString(),
                ItJars.jar("qmpi4j-samples-openmpi").toString(),
                ItJars.jar("qmpi4j-samples-common").toString());
    }

    /** rank -> function -> calls, as the sample counted them itself. */
    private static Map<Integer, Map<String, Long>> ownCalls(BundledTools.Command run) {
        Map<Integer, Map<String, Long>> calls = new TreeMap<>();
        SampleOutput.parse(run.stdout).ranks().forEach((rank, report) -> calls.put(rank, report.calls));
        assertThat(calls).as("the samples' own counts in\n%s", run).hasSize(2);
        return calls;
    }
}
