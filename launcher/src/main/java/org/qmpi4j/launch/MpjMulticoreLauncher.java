package org.qmpi4j.launch;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.qmpi4j.launch.internal.MpjMulticoreMain;
import org.qmpi4j.launch.internal.ProcessRunner;

/**
 * Runs a job on MPJ Express in multicore mode: all ranks are threads of one JVM, each with its own
 * class loader (so statics of application classes are per rank, those of classes on the JVM's class
 * path, such as an agent's, are shared). MPJ's daemon and {@code mpjrun} are not used; the JVM runs
 * MPJ's {@code runtime.starter.MulticoreStarter} through a small wrapper
 * ({@link MpjMulticoreMain}), roughly:
 *
 * <pre>
 * MPJ_HOME=... java &lt;jvmOptions&gt; -Dqmpi4j.mpj.status=&lt;tmpfile&gt;
 *     -cp MPJ_HOME/lib/{smpdev,xdev,mpjbuf,loader2,starter,mpiExp}.jar:&lt;launcher classes&gt;
 *     org.qmpi4j.launch.internal.MpjMulticoreMain &lt;workdir&gt; &lt;np&gt; smpdev useLocalLoader &lt;classpath&gt; &lt;Main&gt; [args]
 * </pre>
 *
 * <p>Outcome: stock MPJ ends with status 0 even when a rank throws. Here the exit code is 0 only if
 * every rank returned normally from {@code main}; a rank that throws stops the job at once with 1
 * (like {@code MPI_Abort}; the other ranks would otherwise wait for it), a rank that calls
 * {@code System.exit(n)} ends the job with {@code n}, and a job cut short by {@code System.exit(0)}
 * counts as failed (1). At the time limit the JVM is stopped and the code is 124 ({@link
 * JobResult#timedOut()}).
 *
 * <p>Output: the ranks share the JVM's stdout, so each line is tagged with the MPI rank of the thread
 * that wrote it, in Open MPI's format {@code [1,<rank>]<stdout>:<line>} ({@code <stderr>} on stderr).
 * {@link JobResult#stdout()} and {@link JobResult#stderr()} keep the tags, {@link
 * JobResult#rankStdout(int)} strips them. The rank is MPJ's MPI rank, never a thread name. Threads a
 * rank starts count as that rank; a line without final newline appears when its rank ends. Lines not
 * written by a rank (MPJ's own) stay untagged and belong to no rank.
 *
 * <p>Class path: MPJ gives each rank {@code <workdir>}, the job's class path and MPJ's {@code
 * mpi.jar} and {@code mpjdev.jar}; relative class path entries are resolved against the current
 * directory of this process. The job's JVM must be Java 17 or later (the wrapper is compiled for it).
 */
public final class MpjMulticoreLauncher implements Launcher {
    private static final List<String> STARTER_JARS =
            List.of("smpdev.jar", "xdev.jar", "mpjbuf.jar", "loader2.jar", "starter.jar", "mpiExp.jar");

    @Override
    public String name() {
        return "mpj-multicore";
    }

    /** The command line for {@code job}; {@code statusFile} receives {@code ok} from a complete job. */
    public List<String> command(MpiJob job, Path statusFile) {
        List<String> cmd = new ArrayList<>();
        cmd.add(job.javaExecutable().toString());
        cmd.addAll(job.jvmOptions());
        cmd.add("-D" + MpjMulticoreMain.STATUS_PROPERTY + "=" + statusFile);
        List<String> jvmClasspath = new ArrayList<>();
        for (String jar : STARTER_JARS) {
            jvmClasspath.add(MpiRuntimes.mpjJar(jar).toString());
        }
        jvmClasspath.add(launcherClasses().toString());
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, jvmClasspath));
        cmd.add(MpjMulticoreMain.class.getName());
        Path workDir = job.workDir() != null ? job.workDir() : Path.of("");
        cmd.add(workDir.toAbsolutePath().toString());
        cmd.add(Integer.toString(job.ranks()));
        cmd.add("smpdev");
        cmd.add("useLocalLoader");
        cmd.add(classpath(job));
        cmd.add(job.mainClass());
        cmd.addAll(job.args());
        return cmd;
    }

    @Override
    public JobResult run(MpiJob job) throws IOException {
        Path statusFile = Files.createTempFile("qmpi4j-mpj-", ".status");
        try {
            List<String> cmd = command(job, statusFile);
            ProcessRunner.Outcome o =
                    ProcessRunner.run(cmd, environment(job), job.workDir(), job.timeout(), job.echo());
            // At the limit the JVM dies of SIGTERM (143); report 124 like the niodev launcher.
            int exitCode = o.timedOut ? 124 : o.exitCode;
            String stderr = o.stderr;
            boolean complete = MpjMulticoreMain.STATUS_OK.equals(
                    new String(Files.readAllBytes(statusFile), StandardCharsets.US_ASCII).trim());
            if (exitCode == 0 && !complete && !o.timedOut) {
                // Status 0 without the wrapper's "ok": a rank ended the JVM with System.exit(0)
                // while others were still running.
                exitCode = 1;
                stderr += "qmpi4j-launch: the JVM exited with status 0 before all ranks returned from main"
                        + " (System.exit(0) in a rank?); counted as failure\n";
            }
            return new JobResult(
                    cmd, exitCode, o.timedOut, o.elapsed, o.stdout, stderr, OpenMpiLauncher.splitByRank(o.stdout));
        } finally {
            Files.deleteIfExists(statusFile);
        }
    }

    /** The job's variables plus {@code MPJ_HOME}, which MPJ reads its configuration from. */
    static Map<String, String> environment(MpiJob job) {
        Map<String, String> env = new LinkedHashMap<>(job.environment());
        env.put("MPJ_HOME", MpiRuntimes.mpjHome().toString());
        return env;
    }

    /** The job's class path, entries made absolute (MPJ turns them into URLs). */
    static String classpath(MpiJob job) {
        List<String> entries = new ArrayList<>();
        for (Path p : job.classpath()) {
            entries.add(p.toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The jar or directory this launcher was loaded from; it holds the wrapper main classes. */
    static Path launcherClasses() {
        try {
            return Path.of(MpjMulticoreMain.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot locate the qmpi4j launcher's classes", e);
        }
    }
}
