package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.qmpi4j.it.results.JobResults;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.NodeJobs;
import org.qmpi4j.it.support.SampleOutput;
import org.qmpi4j.it.support.SlurmCluster;
import org.qmpi4j.it.support.TraceArrows;
import org.testcontainers.containers.Container;

/**
 * The ways a job starts on a Slurm cluster (Slurm 22.05 and Open MPI 4.1.4 from Debian 12, a
 * controller and three compute nodes in containers, a shared folder on all of them, each node's
 * {@code /tmp} its own), 6 ranks under {@code profiler,tracer}: {@code qmpi4j run -- srun} from the
 * controller (ranks started by Slurm through PMIx), {@code sbatch} scripts whose step is
 * {@code qmpi4j run -- mpirun} or which export {@code JDK_JAVA_OPTIONS} themselves, a results folder
 * on node-local storage, and a rank that fails or calls {@code MPI_Abort}. Profiles and traces hold
 * exactly what the samples counted themselves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SlurmTest {
    private static final int NODES = 3;
    private static final int RANKS = NODES * SlurmCluster.CPUS;
    private static final String CTL = SlurmCluster.CONTROLLER;
    private static final String QMPI4J_RUN = "java -jar " + SlurmCluster.QMPI4J + "/qmpi4j-cli.jar run";
    private static final String JAVA = "java -Xmx256m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "
            + SlurmCluster.MPI_JAR + ":" + SlurmCluster.APP + "/qmpi4j-samples-openmpi.jar:" + SlurmCluster.APP
            + "/qmpi4j-samples-common.jar org.qmpi4j.samples.openmpi.";
    /** TCP between nodes; containers share the machine's cores, so no binding. */
    private static final String MPIRUN = "mpirun --bind-to none --mca btl tcp,self,vader";

    private SlurmCluster cluster;

    @BeforeAll
    void startCluster() throws Exception {
        cluster = SlurmCluster.start(NODES);
    }

    @AfterAll
    void removeCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void srunStartsTheRanksUnderQmpi4jRun() throws Exception {
        String out = "/shared/results/srun";
        Container.ExecResult job = cluster.sh(
                CTL, "cd /shared && timeout 300 " + QMPI4J_RUN + " --output " + out + " -- srun -n 6 " + JAVA + "Ring");
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        assertThat(job.getStdout()).contains("qmpi4j: job exit status 0; results in " + out);
        assertExact(job.getStdout(), cluster.onHost(out), "Ring");
    }

    /** As JobOutputTest does for mpirun and mpjrun.sh: the job's output is the application's. */
    @Test
    void srunJobPrintsUnderQmpi4jRunWhatItPrintsWithout() throws Exception {
        String out = "/shared/results/output";
        String job = "srun -n 2 " + JAVA + "features.ShortReceive";
        Container.ExecResult plain = cluster.sh(CTL, "cd /shared && timeout 300 " + job);
        Container.ExecResult tooled = cluster.sh(
                CTL,
                "cd /shared && timeout 300 " + QMPI4J_RUN + " --tools " + JobOutputTest.TOOLS + " --output " + out
                        + " -- " + job);
        JobOutputTest.assertSameOutput(command(plain), command(tooled), out);
    }

    private static BundledTools.Command command(Container.ExecResult r) {
        return new BundledTools.Command(r.getExitCode(), r.getStdout(), r.getStderr());
    }

    @Test
    void sbatchScriptWhoseStepIsQmpi4jRunMpirun() throws Exception {
        String out = "/shared/results/mpirun";
        Batch job = sbatch("stencil", QMPI4J_RUN + " --output " + out + " -- " + MPIRUN + " " + JAVA + "Stencil 32 20");
        assertThat(job.exitCode).as(job.describe()).isZero();
        assertThat(job.sacct).as(job.describe()).isEqualTo("COMPLETED|0:0");
        assertExact(job.stdout, cluster.onHost(out), "Stencil");
    }

    @Test
    void sbatchScriptThatExportsTheAgentItself() throws Exception {
        String out = "/shared/results/exported";
        Batch job = sbatch(
                "exported",
                "export JDK_JAVA_OPTIONS=\"-javaagent:" + SlurmCluster.QMPI4J + "/qmpi4j-agent.jar\"\n"
                        + "export QMPI4J_TOOLS=profiler,tracer QMPI4J_OUTPUT=" + out + "\n"
                        + "srun " + JAVA + "PingPong --iterations 20 --sizes 0,1,1024,70000");
        assertThat(job.exitCode).as(job.describe()).isZero();
        assertThat(job.sacct).as(job.describe()).isEqualTo("COMPLETED|0:0");
        assertExact(job.stdout, cluster.onHost(out), "PingPong");
    }

    @Test
    void nodeLocalOutputLeavesTheReportsOnRankZerosNodeAndSaysWhere(@TempDir Path tmp) throws Exception {
        String out = "/tmp/qmpi4j-local";
        Container.ExecResult job = cluster.sh(
                CTL, "cd /shared && timeout 300 " + QMPI4J_RUN + " --output " + out + " -- srun -n 6 " + JAVA + "Ring");
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isZero();
        assertThat(job.getStdout())
                .as(NodeJobs.describe(job))
                .contains("qmpi4j: no results in " + out + " on this host (" + CTL + ")")
                .contains("rank 0's node holds the reports in " + out)
                .contains("its own ranks' files in " + out + "/ranks");
        assertThat(cluster.files(CTL, out)).as("the controller's " + out).isEmpty();
        List<String> computes = cluster.computes();
        for (int n = 0; n < NODES; n++) {
            List<String> expected = new ArrayList<>();
            for (int r = n * SlurmCluster.CPUS; r < (n + 1) * SlurmCluster.CPUS; r++) {
                expected.add("ranks/rank-" + r + ".profile.json");
                expected.add("ranks/rank-" + r + ".trace");
            }
            List<String> files = cluster.files(computes.get(n), out);
            assertThat(files.stream().filter(f -> f.startsWith("ranks/")))
                    .as("per-rank files on %s", computes.get(n))
                    .containsExactlyInAnyOrderElementsOf(expected);
            if (n == 0) {
                assertThat(files).contains("profile.json", "trace.json", "report.txt");
            } else {
                assertThat(files).as(computes.get(n)).doesNotContain("profile.json", "trace.json");
            }
        }
        Path first = tmp.resolve("first");
        cluster.copyOff(computes.get(0), out, first);
        assertExact(job.getStdout(), first, "Ring");
    }

    /**
     * A failing rank fails the job (sbatch's status, the job's state); its data and every other
     * rank's is in the results folder, and {@code qmpi4j merge} builds the reports. Under
     * {@code mpirun} the other ranks are stopped with SIGTERM and write their files at exit, as on
     * one node; under {@code srun}, whose PMIx plugin would kill the step with SIGKILL, the aborting
     * rank has Slurm send SIGTERM first, so the files are the same as under {@code mpirun}.
     */
    @ParameterizedTest(name = "rank 1 stops with {0} under {1}")
    @CsvSource({
        "exit, srun, exited, exited, 0",
        "abort, mpirun, aborted, exited, 3",
        "abort, srun, aborted, exited, 3",
        "throw, srun, exited, exited, 1"
    })
    void aFailingRankFailsTheJobAndLeavesItsData(String how, String launcher, String state, String others, int status)
            throws Exception {
        String out = "/shared/results/" + how + "-" + launcher;
        String step = launcher.equals("srun") ? "srun" : MPIRUN;
        Batch job = sbatch(
                how + "-" + launcher,
                QMPI4J_RUN + " --output " + out + " -- " + step + " " + JAVA + "features.ThrowMidway 6 3 " + how);
        assertThat(job.exitCode).as(job.describe()).isNotZero();
        assertThat(job.state).as(job.describe()).contains("JobState=FAILED").doesNotContain("ExitCode=0:0");
        assertThat(job.sacct).as(job.describe()).startsWith("FAILED|").isNotEqualTo("FAILED|0:0");
        // The batch script's last command is qmpi4j run: its status, the application's, is the
        // job's. (A rank's own System.exit leaves no record: then srun's status is the job's.)
        System.out.println(how + " under " + launcher + " in sbatch: " + job.sacct + "\n" + job.stdout);
        if (status > 0) {
            assertThat(job.stdout).as(job.describe()).contains("qmpi4j: job exit status " + status + ";");
            assertThat(job.sacct).as(job.describe()).isEqualTo("FAILED|" + status + ":0");
        }

        Path dir = cluster.onHost(out);
        SampleOutput own = SampleOutput.parse(job.stdout);
        Map<String, Long> rank1 = own.rankReport(1).calls;
        assertThat(rank1)
                .as("what rank 1 did before it stopped\n%s", job.describe())
                .containsEntry("MPI_SEND", 3L)
                .containsEntry("MPI_RECV", 3L)
                .doesNotContainKey("MPI_FINALIZE");
        assertThat(rank1.containsKey("MPI_ABORT")).isEqualTo(how.equals("abort"));
        assertThat(dir.resolve("profile.json")).doesNotExist();
        assertThat(JobResults.in(dir).rankState(1)).isEqualTo(state);
        assertThat(JobResults.in(dir).rankCalls(1)).as("rank 1's own file").isEqualTo(rank1);
        for (int r = 0; r < RANKS; r++) {
            if (r == 1) {
                continue;
            }
            if (how.equals("abort") && launcher.equals("srun") && r / SlurmCluster.CPUS != 1 / SlurmCluster.CPUS) {
                // The aborting rank sees only its own node's files: it waits for those, then as long
                // again for the other nodes' ranks; one slower still (a loaded node) is cut off by
                // the abort's SIGKILL with what its last flush wrote.
                assertThat(JobResults.in(dir).rankState(r))
                        .as("state of rank %d on another node\n%s", r, job.describe())
                        .isIn(others, "running");
            } else {
                assertThat(JobResults.in(dir).rankState(r))
                        .as("state of rank %d\n%s", r, job.describe())
                        .isEqualTo(others);
            }
        }
        assertThat(job.stdout).contains("'qmpi4j merge " + out + "' builds the reports");

        BundledTools.Command merge = BundledTools.qmpi4j("merge", dir.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        JobResults.Profile p = JobResults.in(dir).profile();
        assertThat(p.callsPerRank.get(1)).isEqualTo(rank1);
        assertThat(JobResults.in(dir).trace().events.get(1)).isEqualTo(rank1);
    }

    /**
     * Interactive {@code srun} (its own allocation): {@code qmpi4j run} exits with the application's
     * status, whatever srun's own is (the SIGTERM it sent the other ranks, or the SIGKILL its PMIx
     * plugin answers an abort with); what Slurm's accounting keeps of the step is printed.
     */
    @ParameterizedTest(name = "interactive srun, rank 1 stops with {0}")
    @CsvSource({"abort, 3, rank 1 called MPI_Abort(3)", "throw, 1, rank 1 threw java.lang.IllegalStateException"})
    void interactiveSrunGivesTheApplicationsStatus(String how, int status, String failure) throws Exception {
        String out = "/shared/results/interactive-" + how;
        Container.ExecResult job = cluster.sh(
                CTL,
                "cd /shared && timeout 300 " + QMPI4J_RUN + " --output " + out + " -- srun -n 6 " + JAVA
                        + "features.ThrowMidway 6 3 " + how);
        assertThat(job.getExitCode()).as(NodeJobs.describe(job)).isEqualTo(status);
        assertThat(job.getStdout())
                .as(NodeJobs.describe(job))
                .contains("qmpi4j: job exit status " + status + ";")
                .contains("qmpi4j: first failure: " + failure);
        String sacct = cluster.sh(CTL, "sleep 2; sacct -n -P -X -o JobID,State,ExitCode | tail -1")
                .getStdout()
                .strip();
        System.out.println("interactive srun, " + how + ": Slurm's accounting of the job: " + sacct);
    }

    /** Exact counts, complete profile, one aligned trace with every arrow forward, ranks in order on c1..c3. */
    private void assertExact(String stdout, Path results, String sample) throws Exception {
        SampleOutput own = SampleOutput.parse(stdout);
        assertThat(own.okRanks())
                .as("ranks whose own check passed\n" + stdout)
                .containsExactlyElementsOf(IntStream.range(0, RANKS).boxed()::iterator);
        JobResults.Profile p = JobResults.in(results).profile();
        NodeJobs.assertMatchesOwnCounts(p, JobResults.in(results).trace(), own, RANKS);
        TraceArrows arrows = TraceArrows.strict(JobResults.in(results).json("trace.json"), RANKS, 50_000_000L);
        assertThat(arrows.arrows).as("arrows in the trace of " + sample).isPositive();
        Map<Integer, String> hosts = new TreeMap<>();
        for (int r = 0; r < RANKS; r++) {
            hosts.put(r, cluster.computes().get(r / SlurmCluster.CPUS));
        }
        assertThat(NodeJobs.hosts(p)).as("host of each rank").isEqualTo(hosts);
    }

    /**
     * Slurm's time limit ends a job that would run for minutes: Slurm sends its tasks SIGTERM (and
     * SIGKILL after its KillWait). Every rank's file is there, whole, as written at exit or as last
     * written during the run; {@code qmpi4j merge} builds the reports and names each rank with why
     * it is incomplete; the job is accounted as timed out, not as anything qmpi4j did.
     */
    @Test
    void aJobEndedBySlurmsTimeLimitLeavesEveryRanksDataAndMergeSaysWhy() throws Exception {
        String out = "/shared/results/time-limit";
        Batch job = sbatch(
                "time-limit",
                QMPI4J_RUN + " --output " + out + " -- srun " + JAVA + "features.ThrowMidway 100000000 2000000000",
                "0:20");
        assertThat(job.state).as(job.describe()).contains("JobState=TIMEOUT");
        assertThat(job.sacct).as(job.describe()).startsWith("TIMEOUT|");
        Path dir = cluster.onHost(out);
        assertThat(dir.resolve("profile.json")).doesNotExist();
        for (int r = 0; r < RANKS; r++) {
            assertThat(JobResults.in(dir).rankState(r))
                    .as("state of rank %d\n%s", r, job.describe())
                    .isIn("exited", "running");
        }
        BundledTools.Command merge = BundledTools.qmpi4j("merge", dir.toString());
        assertThat(merge.exitCode).as("%s", merge).isZero();
        assertThat(merge.stderr).as("%s\n%s", merge, job.describe()).contains("profile of 6 of 6 ranks");
        // Each rank named with why, as its own file says: those whose exit hooks ran (their JVM got
        // Slurm's SIGTERM and wrote) and those cut off (a loaded node's slower ranks, when the step
        // is killed after the first rank's exit).
        Map<Integer, String> why = mergeSaysWhy(merge.stderr);
        for (int r = 0; r < RANKS; r++) {
            assertThat(why.get(r))
                    .as("why rank %d is incomplete\n%s\n%s", r, merge, job.describe())
                    .isEqualTo(
                            JobResults.in(dir).rankState(r).equals("exited")
                                    ? "stopped before MPI_Finalize"
                                    : "cut off during the run");
        }
        assertThat(JobResults.in(dir).profile().root.get("complete").asBoolean())
                .isTrue();
        // One line for the job (rank 0's, at exit), not one per rank.
        assertThat((job.stdout + job.stderr)
                        .lines()
                        .filter(l -> l.contains("qmpi4j") && l.contains("ended before MPI_Finalize")))
                .as(job.describe())
                .hasSizeLessThanOrEqualTo(1);
    }

    /**
     * What {@code qmpi4j merge} says of each incomplete rank, from its lines
     * {@code ranks [0-2, 4]: <why>: ...} and {@code rank 3: <why>: ...}.
     */
    static Map<Integer, String> mergeSaysWhy(String stderr) {
        Map<Integer, String> why = new TreeMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(?m)^qmpi4j: (?:ranks \\[([^\\]]*)\\]|rank (\\d+)): (stopped before MPI_Finalize|cut off during the run)")
                .matcher(stderr);
        while (m.find()) {
            String list = m.group(1) != null ? m.group(1) : m.group(2);
            for (String part : list.split(",\\s*")) {
                String[] ends = part.split("-");
                int from = Integer.parseInt(ends[0].trim());
                int to = ends.length > 1 ? Integer.parseInt(ends[1].trim()) : from;
                for (int r = from; r <= to; r++) {
                    why.put(r, m.group(3));
                }
            }
        }
        return why;
    }

    private Batch sbatch(String name, String body) throws Exception {
        return sbatch(name, body, "5");
    }

    /**
     * A batch job of 3 nodes, 2 tasks each, with time limit {@code time} (Slurm's form: minutes,
     * or {@code m:ss}), submitted from the controller; waits for its end.
     */
    private Batch sbatch(String name, String body, String time) throws Exception {
        String script = "#!/bin/sh\n"
                + "#SBATCH --job-name=" + name + " --nodes=" + NODES + " --ntasks-per-node=" + SlurmCluster.CPUS
                + " --time=" + time + "\n"
                + "#SBATCH --output=/shared/jobs/%x.out --error=/shared/jobs/%x.err\n"
                + "cd /shared\n"
                + body + "\n";
        Path jobs = cluster.onHost("/shared/jobs");
        Files.createDirectories(jobs);
        Files.writeString(jobs.resolve(name + ".sh"), script);
        Container.ExecResult r = cluster.sh(CTL, "timeout 360 sbatch --parsable --wait /shared/jobs/" + name + ".sh");
        String id = r.getStdout().strip();
        // sbatch --wait returns when the job is over, but its tasks may still be ending (a time
        // limit's SIGTERM, then KillWait): the controller shows COMPLETING until they are gone, for
        // seconds on a loaded machine. Wait for the final state (up to a minute; then the last one seen).
        String state = cluster.sh(
                        CTL,
                        "sh -c 'i=0; while s=$(scontrol -o show job " + id
                                + "); echo \"$s\" | grep -qE \"JobState=(PENDING|RUNNING|COMPLETING)\""
                                + " && [ $i -lt 200 ]; do sleep 0.3; i=$((i+1)); done; echo \"$s\"'")
                .getStdout();
        // slurmdbd records the job's end a moment after it: wait for a final state.
        String sacct = cluster.sh(
                        CTL,
                        "timeout 30 sh -c 'until s=$(sacct -n -P -X -o State,ExitCode -j " + id
                                + ") && [ -n \"$s\" ] && ! echo \"$s\" | grep -qE \"PENDING|RUNNING|COMPLETING\"; do"
                                + " sleep 0.3; done; echo \"$s\"'")
                .getStdout()
                .strip();
        Path outFile = jobs.resolve(name + ".out");
        Path errFile = jobs.resolve(name + ".err");
        return new Batch(
                r.getExitCode(),
                state,
                sacct,
                Files.exists(outFile) ? Files.readString(outFile) : "",
                Files.exists(errFile) ? Files.readString(errFile) : "",
                r.getStderr());
    }

    private static final class Batch {
        final int exitCode;
        final String state;
        /** sacct's {@code State|ExitCode} of the job's allocation. */
        final String sacct;

        final String stdout;
        final String stderr;
        final String sbatchErr;

        Batch(int exitCode, String state, String sacct, String stdout, String stderr, String sbatchErr) {
            this.exitCode = exitCode;
            this.state = state;
            this.sacct = sacct;
            this.stdout = stdout;
            this.stderr = stderr;
            this.sbatchErr = sbatchErr;
        }

        String describe() {
            return "sbatch exit " + exitCode + " (" + sbatchErr.strip() + ")\n" + state + "\nsacct: " + sacct
                    + "\n--- stdout\n" + stdout
                    + "\n--- stderr\n" + stderr;
        }
    }
}
