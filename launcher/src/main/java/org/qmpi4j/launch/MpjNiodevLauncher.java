package org.qmpi4j.launch;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.qmpi4j.launch.internal.NiodevPortExchange;
import org.qmpi4j.launch.internal.NiodevRankMain;
import org.qmpi4j.launch.internal.ProcessGroup;

/**
 * Runs a job on MPJ Express' niodev device: one JVM per rank, talking TCP over the loopback
 * interface. MPJ's daemon (which needs ssh and fixed ports) is not used: this launcher starts every
 * rank itself,
 *
 * <pre>
 * MPJ_HOME=... java &lt;jvmOptions&gt; -cp MPJ_HOME/lib/mpj.jar:&lt;classpath&gt;:&lt;launcher classes&gt;
 *     org.qmpi4j.launch.internal.NiodevRankMain &lt;Main&gt; &lt;rank&gt; &lt;conf&gt; niodev [args]
 * conf = #Number of Processes;N;#Protocol Switch Limit;131072;#Server Name;127.0.0.1;#Server Port;P
 * </pre>
 *
 * and answers the ranks' port exchange on {@code P}, a free port it listens on, as {@code mpjrun}
 * would (see {@link NiodevPortExchange} for the protocol). {@link NiodevRankMain} runs
 * {@code Main.main(<rank>, <conf>, niodev, args...)}, exactly what MPJ would run, and only makes a
 * rank whose main throws exit (niodev's threads would otherwise keep that JVM alive).
 *
 * <p>Outcome: the exit code is 0 only if every rank process exits with 0. As soon as one rank exits
 * with another status, the job's exit code is that status and all other ranks are stopped (they
 * would wait for it forever); at the time limit all ranks are stopped and the code is 124.
 *
 * <p>Output: {@link JobResult#rankStdout(int)} is each rank process' stdout, unprefixed. {@link
 * JobResult#stdout()} and {@link JobResult#stderr()} hold all ranks' lines in arrival order, tagged
 * like Open MPI's {@code --tag-output}: {@code [1,<rank>]<stdout>:<line>}; the launcher's own notes
 * (why it stopped ranks) are untagged lines in stderr starting with {@code qmpi4j-launch:}. {@link
 * JobResult#command()} is rank 0's command line; the others differ only in the rank argument.
 *
 * <p>Works on JDK 17 without extra JVM flags (MPJ's niodev uses no JDK internals). The ranks' JVM
 * must be Java 17 or later (the wrapper is compiled for it); relative class path entries are
 * resolved against the current directory of this process.
 */
public final class MpjNiodevLauncher implements Launcher {
    /** MPJ's default eager/rendezvous switch, as mpjrun writes it. */
    static final int PROTOCOL_SWITCH_LIMIT = 131072;

    @Override
    public String name() {
        return "mpj-niodev";
    }

    /** The command line of rank {@code rank} when the port exchange listens on {@code port}. */
    public List<String> command(MpiJob job, int rank, int port) {
        List<String> cmd = new ArrayList<>();
        cmd.add(job.javaExecutable().toString());
        cmd.addAll(job.jvmOptions());
        cmd.add("-cp");
        // The launcher's classes go last, so that nothing of the application is shadowed by them.
        cmd.add(MpiRuntimes.mpjJar("mpj.jar")
                + File.pathSeparator
                + MpjMulticoreLauncher.classpath(job)
                + File.pathSeparator
                + MpjMulticoreLauncher.launcherClasses());
        cmd.add(NiodevRankMain.class.getName());
        cmd.add(job.mainClass());
        cmd.add(Integer.toString(rank));
        cmd.add(conf(job.ranks(), port));
        cmd.add("niodev");
        cmd.addAll(job.args());
        return cmd;
    }

    /** The configuration niodev reads from its second argument (mpjrun's format, inline). */
    static String conf(int ranks, int port) {
        return "#Number of Processes;" + ranks + ";#Protocol Switch Limit;" + PROTOCOL_SWITCH_LIMIT
                + ";#Server Name;127.0.0.1;#Server Port;" + port;
    }

    @Override
    public JobResult run(MpiJob job) throws IOException {
        long start = System.nanoTime();
        ProcessGroup group = new ProcessGroup(job.echo());
        try (NiodevPortExchange exchange = new NiodevPortExchange(job.ranks())) {
            Thread server = new Thread(
                    () -> {
                        try {
                            exchange.serve();
                        } catch (IOException e) {
                            group.abort("niodev port exchange failed: " + e.getMessage());
                        }
                    },
                    "qmpi4j-niodev-port-exchange");
            server.setDaemon(true);
            server.start();
            List<String> rank0 = null;
            try {
                for (int rank = 0; rank < job.ranks(); rank++) {
                    List<String> cmd = command(job, rank, exchange.port());
                    rank0 = rank0 == null ? cmd : rank0;
                    group.start(rank, cmd, MpjMulticoreLauncher.environment(job), job.workDir());
                }
            } catch (IOException | RuntimeException e) {
                group.stopAll();
                throw e;
            }
            // A rank that dies before the exchange ends the wait below; close() then frees the server.
            ProcessGroup.Outcome o = group.await(start, job.timeout());
            return new JobResult(
                    rank0, o.exitCode, o.timedOut, o.elapsed, group.stdout(), group.stderr(), group.rankStdout());
        }
    }
}
