package org.qmpi4j.launch;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Command line for the launchers, so that users and scripts start jobs exactly as the tests do:
 * <pre>
 * java -cp qmpi4j-launcher.jar org.qmpi4j.launch.LaunchCommand \
 *     --runtime openmpi|mpj-multicore|mpj-niodev --ranks 4 --cp app.jar[:more.jar] \
 *     [--jvm-option -javaagent:...]... [--env NAME=VALUE]... [--timeout-seconds 300] \
 *     [--hostfile FILE | --hosts node1:2,node2:2] MainClass [args...]
 * </pre>
 * {@code --hostfile} and {@code --hosts} (Open MPI only) run the ranks across machines or
 * containers; every path given must exist on each of them.
 * Exits with the job's exit code (124 when stopped at the time limit, 2 for bad usage).
 */
public final class LaunchCommand {
    private static final Map<String, Supplier<Launcher>> RUNTIMES = Map.of(
            "openmpi", OpenMpiLauncher::new,
            "mpj-multicore", MpjMulticoreLauncher::new,
            "mpj-niodev", MpjNiodevLauncher::new);

    private LaunchCommand() {}

    public static void main(String[] argv) {
        System.exit(run(argv, System.err));
    }

    static int run(String[] argv, PrintStream err) {
        String runtime = "openmpi";
        int ranks = 2;
        List<Path> cp = new ArrayList<>();
        List<String> jvmOptions = new ArrayList<>();
        List<String[]> env = new ArrayList<>();
        long timeoutSeconds = 300;
        Path hostfile = null;
        List<String> hosts = new ArrayList<>();
        int i = 0;
        try {
            for (; i < argv.length && argv[i].startsWith("--"); i++) {
                String opt = argv[i];
                String value = i + 1 < argv.length ? argv[++i] : null;
                if (value == null) {
                    return usage(err, "option " + opt + " needs a value");
                }
                switch (opt) {
                    case "--runtime":
                        runtime = value;
                        break;
                    case "--ranks":
                        ranks = Integer.parseInt(value);
                        break;
                    case "--cp":
                        for (String e : value.split(java.io.File.pathSeparator)) {
                            cp.add(Path.of(e));
                        }
                        break;
                    case "--jvm-option":
                        jvmOptions.add(value);
                        break;
                    case "--env":
                        int eq = value.indexOf('=');
                        if (eq <= 0) {
                            return usage(err, "--env takes NAME=VALUE, got " + value);
                        }
                        env.add(new String[] {value.substring(0, eq), value.substring(eq + 1)});
                        break;
                    case "--timeout-seconds":
                        timeoutSeconds = Long.parseLong(value);
                        break;
                    case "--hostfile":
                        hostfile = Path.of(value);
                        break;
                    case "--hosts":
                        hosts.addAll(Arrays.asList(value.split(",")));
                        break;
                    default:
                        return usage(err, "unknown option " + opt);
                }
            }
        } catch (NumberFormatException e) {
            return usage(err, "not a number: " + e.getMessage());
        }
        if (i >= argv.length) {
            return usage(err, "no main class given");
        }
        Supplier<Launcher> launcher = RUNTIMES.get(runtime);
        if (launcher == null) {
            return usage(
                    err,
                    "unknown runtime '" + runtime + "'; known: "
                            + String.join(", ", new java.util.TreeSet<>(RUNTIMES.keySet())));
        }
        try {
            MpiJob.Builder job = MpiJob.builder(argv[i])
                    .ranks(ranks)
                    .classpath(cp)
                    .jvmOptions(jvmOptions)
                    .args(Arrays.asList(argv).subList(i + 1, argv.length))
                    .timeout(Duration.ofSeconds(timeoutSeconds));
            env.forEach(kv -> job.env(kv[0], kv[1]));
            if (hostfile != null || !hosts.isEmpty()) {
                if (!runtime.equals("openmpi")) {
                    return usage(err, "--hostfile and --hosts need --runtime openmpi");
                }
                if (hostfile != null) {
                    job.hostfile(hostfile);
                }
                job.hosts(hosts);
            }
            JobResult result = launcher.get().run(job.build());
            if (result.timedOut()) {
                err.println("qmpi4j-launch: job stopped after its limit of " + timeoutSeconds + " s");
                return 124;
            }
            return result.exitCode();
        } catch (IllegalArgumentException | IllegalStateException | IOException e) {
            err.println("qmpi4j-launch: " + e.getMessage());
            return 2;
        }
    }

    private static int usage(PrintStream err, String problem) {
        err.println("qmpi4j-launch: " + problem);
        err.println("usage: LaunchCommand [--runtime openmpi|mpj-multicore|mpj-niodev] [--ranks N] --cp CLASSPATH"
                + " [--jvm-option OPT]... [--env NAME=VALUE]... [--timeout-seconds S]"
                + " [--hostfile FILE | --hosts HOST[:SLOTS],...] MainClass [args...]");
        return 2;
    }
}
