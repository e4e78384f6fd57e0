package org.qmpi4j.launch;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.qmpi4j.launch.internal.ProcessRunner;
import org.qmpi4j.launch.internal.TaggedOutput;

/**
 * Runs a job with Open MPI's {@code mpirun}: one JVM per rank, Open MPI's {@code mpi.jar} first on
 * the class path. Output is tagged per rank ({@code --tag-output}) so that each rank's lines can be
 * told apart; {@link JobResult#stdout()} keeps the tags, {@link JobResult#rankStdout(int)} strips
 * them. With {@link MpiJob#hostfile()} or {@link MpiJob#hosts()} the ranks start on those hosts
 * (over ssh, as {@code mpirun} does), and the variables of {@link MpiJob#environment()} reach them too.
 */
public final class OpenMpiLauncher implements Launcher {
    private static final Pattern TAG = Pattern.compile("^\\[(\\d+),(\\d+)\\]<(stdout|stderr)>:(.*)$");

    @Override
    public String name() {
        return "openmpi";
    }

    /** The {@code mpirun} command line for {@code job}, as {@link #run} starts it. */
    public List<String> command(MpiJob job) {
        List<String> cmd = new ArrayList<>();
        cmd.add(MpiRuntimes.mpirun().toString());
        // These machines run as root, and tests use more ranks than cores.
        cmd.add("--allow-run-as-root");
        cmd.add("--oversubscribe");
        cmd.add("--tag-output");
        if (job.hostfile() != null) {
            cmd.add("--hostfile");
            cmd.add(job.hostfile().toString());
        } else if (!job.hosts().isEmpty()) {
            cmd.add("--host");
            cmd.add(String.join(",", job.hosts()));
        }
        cmd.add("-np");
        cmd.add(Integer.toString(job.ranks()));
        for (String name : job.environment().keySet()) {
            cmd.add("-x"); // exported to every rank, also on other hosts
            cmd.add(name);
        }
        if (job.workDir() != null) {
            cmd.add("--wdir");
            cmd.add(job.workDir().toString());
        }
        cmd.add(job.javaExecutable().toString());
        cmd.addAll(job.jvmOptions());
        cmd.add("-cp");
        List<String> cp = new ArrayList<>();
        cp.add(MpiRuntimes.openMpiJar().toString());
        for (Path p : job.classpath()) {
            cp.add(p.toString());
        }
        cmd.add(String.join(File.pathSeparator, cp));
        cmd.add(job.mainClass());
        cmd.addAll(job.args());
        return cmd;
    }

    @Override
    public JobResult run(MpiJob job) throws IOException {
        List<String> cmd = command(job);
        ProcessRunner.Outcome o = ProcessRunner.run(cmd, job.environment(), job.workDir(), job.timeout(), job.echo());
        // mpirun forwards a long write in pieces and may put another rank's output mid-line.
        String stdout = TaggedOutput.reassemble(o.stdout);
        String stderr = TaggedOutput.reassemble(o.stderr);
        return new JobResult(cmd, o.exitCode, o.timedOut, o.elapsed, stdout, stderr, splitByRank(stdout));
    }

    /** Lines tagged {@code [jobid,rank]<stdout>:} grouped by rank, tags removed. */
    static Map<Integer, List<String>> splitByRank(String stdout) {
        Map<Integer, List<String>> byRank = new TreeMap<>();
        for (String line : stdout.split("\n")) {
            Matcher m = TAG.matcher(line);
            if (m.matches() && m.group(3).equals("stdout")) {
                byRank.computeIfAbsent(Integer.parseInt(m.group(2)), r -> new ArrayList<>())
                        .add(m.group(4));
            }
        }
        return byRank;
    }
}
