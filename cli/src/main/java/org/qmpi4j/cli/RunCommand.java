package org.qmpi4j.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.cli.aot.AotCache;
import org.qmpi4j.cli.aot.RankJava;
import org.qmpi4j.formats.files.ResultFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qmpi4j run [--tools A,B] [--toolpath P] [--output DIR] -- <launcher command>}: runs an MPI
 * job with the agent attached to every rank without editing the command. It puts the agent on
 * the ranks' {@code java} command line where the command names it, else in
 * {@code JDK_JAVA_OPTIONS} (which every {@code java} of JDK 9+ reads), and the settings in
 * {@code QMPI4J_TOOLS}, {@code QMPI4J_TOOLPATH} and {@code QMPI4J_OUTPUT}, or, for MPJ Express'
 * launcher, on its command line ({@link JobLaunch} says how, per launcher); ranks on JDK 25+ also
 * get the JDK's ahead-of-time cache ({@link AotCache}). Bad input (an unknown
 * tool, a launcher that is not there, an output folder that cannot be written) is one line and exit
 * code 2 before anything starts; otherwise the exit code is the application's, the same whatever
 * launched it ({@link JobEnding}).
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Runs an MPI job with the qmpi4j agent attached to every rank, without editing its command,"
                    + " and prints where the results are and the top of the report.",
            "e.g. qmpi4j run --tools profiler,tracer -- mpirun -np 4 java -cp app.jar Main"
        })
final class RunCommand implements Callable<Integer> {
    private static final int REPORT_LINES = 24;

    @Option(
            names = "--tools",
            paramLabel = "A,B",
            description = "the tools, in order (default: ${DEFAULT-VALUE}); see 'java -jar qmpi4j-agent.jar tools'")
    String tools = "profiler,tracer";

    @Option(
            names = "--toolpath",
            paramLabel = "PATH",
            description = "jars or directories with more tools, separated by ':'")
    @Nullable
    String toolPath;

    @Option(
            names = "--output",
            paramLabel = "DIR",
            description = "the results folder (default: a new qmpi4j-<date>-<time> in the working directory)")
    @Nullable
    Path output;

    @Option(
            names = "--no-aot-cache",
            description = "do not give the ranks' JVMs (JDK 25+) the JDK's ahead-of-time class cache"
                    + " (also QMPI4J_AOT=off)")
    boolean noAotCache;

    @Option(
            names = "--agent-in-environment",
            description = "give the ranks the agent in JDK_JAVA_OPTIONS even where the command names their java"
                    + " (then processes the ranks spawn get it too, and every JVM prints Java's 'Picked up' note)")
    boolean agentInEnvironment;

    @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "the job's command, after --")
    List<String> command;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path agent = AgentJar.find();
        checkLauncher(command.get(0));
        List<String> toolNames = toolNames(tools);
        checkToolPath(toolPath);
        checkTools(toolNames, AgentTools.available(agent, toolPath));
        checkAotSwitch(System.getenv());
        Path dir = outputFolder(output);

        AotCache.Outcome aot = aotCache(command, agent, toolNames, toolPath, noAotCache, System.getenv());
        JobLaunch launch = JobLaunch.of(
                command,
                agent,
                aot.jvmOptions(),
                settings(toolNames, toolPath, dir),
                System.getenv(),
                agentInEnvironment);
        err.println("qmpi4j: running the job with tools " + String.join(",", toolNames) + "; results in " + dir);
        err.println("qmpi4j: " + aot.line());
        err.flush();
        ProcessBuilder builder = new ProcessBuilder(launch.command()).inheritIO();
        builder.environment().putAll(launch.environment());
        Process job = builder.start();
        Thread stopJob = new Thread(job::destroy, "qmpi4j-run-stop");
        Runtime.getRuntime().addShutdownHook(stopJob); // Ctrl-C of this command stops the job too
        int status;
        try {
            status = job.waitFor();
        } finally {
            removeHook(stopJob);
        }
        int exit = status;
        try {
            JobEnding ending = JobEnding.of(dir, status);
            exit = ending.status();
            summary(out, dir, ending);
        } catch (IOException | RuntimeException e) {
            // The results folder's trouble never changes the job's exit status.
            out.println("qmpi4j: job exit status " + exit + "; cannot read the results in " + dir + ": " + e);
            out.flush();
        }
        return exit;
    }

    /**
     * The JDK's ahead-of-time cache for the ranks, unless switched off, the launcher is MPJ
     * Express' (its ranks' JVM options are its command line's, not {@code JDK_JAVA_OPTIONS}), or the
     * job sets class-data options of its own.
     */
    static AotCache.Outcome aotCache(
            List<String> command,
            Path agent,
            List<String> tools,
            @Nullable String toolPath,
            boolean switchedOff,
            Map<String, String> env) {
        if (switchedOff
                || "off".equalsIgnoreCase(env.getOrDefault("QMPI4J_AOT", "").trim())) {
            return new AotCache.Outcome(List.of(), "AOT cache not used: switched off");
        }
        String launcher = Path.of(command.get(0)).getFileName().toString();
        if (JobLaunch.MPJ_LAUNCHERS.contains(launcher)) {
            return new AotCache.Outcome(List.of(), "AOT cache not used: not with MPJ Express' launcher");
        }
        List<String> given = new ArrayList<>(command);
        given.add(env.getOrDefault("JDK_JAVA_OPTIONS", ""));
        given.add(env.getOrDefault("JAVA_TOOL_OPTIONS", ""));
        if (given.stream().anyMatch(RunCommand::isClassDataOption)) {
            return new AotCache.Outcome(List.of(), "AOT cache not used: the job sets its own class-data options");
        }
        return new AotCache(AotCache.defaultDir(env)).prepare(RankJava.of(command, env), agent, tools, toolPath);
    }

    private static boolean isClassDataOption(String word) {
        return word.contains("-XX:AOT") || word.contains("-XX:SharedArchiveFile") || word.contains("-Xshare");
    }

    /** A name with a '/' must be an executable file; a bare name must be on PATH. */
    /** {@code QMPI4J_AOT} is {@code on}, {@code off} or unset: a typo must not leave the cache on unsaid. */
    static void checkAotSwitch(Map<String, String> env) throws UserError {
        String v = env.get("QMPI4J_AOT");
        if (v != null && !v.isBlank() && !"on".equalsIgnoreCase(v.trim()) && !"off".equalsIgnoreCase(v.trim())) {
            throw new UserError("QMPI4J_AOT=" + v + " is neither on nor off");
        }
    }

    static void checkLauncher(String launcher) throws UserError {
        if (launcher.contains("/")) {
            if (!Files.isExecutable(Path.of(launcher))) {
                throw new UserError("the launcher " + launcher + " is not an executable file");
            }
            return;
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, launcher))) {
                return;
            }
        }
        throw new UserError("the launcher '" + launcher + "' is not on PATH (" + path + ")");
    }

    static List<String> toolNames(String list) throws UserError {
        List<String> names = Stream.of(list.split("[,:]"))
                .map(String::trim)
                .filter(n -> !n.isEmpty())
                .collect(Collectors.toList());
        if (names.isEmpty()) {
            throw new UserError("--tools names no tool");
        }
        return names;
    }

    private static void checkToolPath(@Nullable String toolPath) throws UserError {
        if (toolPath == null) {
            return;
        }
        for (String entry : toolPath.split(File.pathSeparator)) {
            if (!entry.isEmpty() && !Files.exists(Path.of(entry))) {
                throw new UserError("tool path entry " + entry + " does not exist");
            }
        }
    }

    static void checkTools(List<String> names, Map<String, String> available) throws UserError {
        for (String name : names) {
            if (!available.containsKey(name)) {
                throw new UserError("unknown tool '" + name + "' (available: " + String.join(", ", available.keySet())
                        + "; tools of your own need --toolpath)");
            }
        }
    }

    /** The given folder, or a new {@code qmpi4j-<date>-<time>}; created, and checked to be writable. */
    static Path outputFolder(@Nullable Path requested) throws UserError {
        Path dir = requested != null
                ? requested.toAbsolutePath().normalize()
                : newFolder(Path.of("").toAbsolutePath());
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".qmpi4j-write-check", "");
            Files.delete(probe);
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            throw new UserError("cannot write the output folder " + dir + " (" + e + "); choose one with --output");
        }
        return dir;
    }

    private static Path newFolder(Path base) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        Path dir = base.resolve("qmpi4j-" + stamp);
        for (int n = 2; Files.exists(dir); n++) {
            dir = base.resolve("qmpi4j-" + stamp + "-" + n);
        }
        return dir;
    }

    /** The settings as the agent reads them from the environment, in order. */
    static Map<String, String> settings(List<String> tools, @Nullable String toolPath, Path dir) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("QMPI4J_TOOLS", String.join(",", tools));
        if (toolPath != null) {
            env.put("QMPI4J_TOOLPATH", toolPath);
        }
        env.put("QMPI4J_OUTPUT", dir.toString());
        // This command says where the results are and check's verdict after the job, so rank 0 need not.
        env.put("QMPI4J_QUIET_RESULTS", "true");
        return env;
    }

    private static void summary(PrintWriter out, Path dir, JobEnding ending) throws IOException {
        out.println("qmpi4j: job exit status " + ending.status() + "; results in " + dir);
        for (String note : ending.notes()) {
            out.println("qmpi4j: " + note);
        }
        Path report = dir.resolve("report.txt");
        Path check = dir.resolve(ResultFiles.CHECK_TXT);
        boolean checked = Files.isRegularFile(check);
        if (Files.isRegularFile(report)) {
            out.println();
            try (Stream<String> lines = Files.lines(report, StandardCharsets.UTF_8)) {
                lines.limit(REPORT_LINES).forEach(out::println);
            }
            out.println("... (the whole report: " + report + ")");
            Path page = dir.resolve("report.html");
            if (Files.isRegularFile(page)) {
                out.println("... (as one page with charts and the matrix, for a browser: " + page + ")");
            }
        } else if (checked ? toolsBesideCheckWrote(dir) : Files.isDirectory(dir.resolve("ranks"))) {
            out.println("qmpi4j: no report: the job ended before the tools gathered their results;" + " 'qmpi4j merge "
                    + dir + "' builds the reports from the ranks' files");
        } else if (!checked) {
            // Ranks on other nodes write where the folder's path leads on their node: with a
            // node-local path (/tmp, a local scratch disk) nothing of theirs is here.
            out.println("qmpi4j: no results in " + dir + " on this host (" + hostName() + "): if the ranks ran on"
                    + " other nodes and this folder is not shared with them, rank 0's node holds the reports in "
                    + dir + " and every node its own ranks' files in " + dir.resolve("ranks")
                    + " (copy those into one folder and run 'qmpi4j merge' on it); otherwise the tools wrote"
                    + " nothing (did the program call MPI.Init under the agent?)");
        }
        if (checked) {
            String first;
            try (Stream<String> lines = Files.lines(check, StandardCharsets.UTF_8)) {
                first = lines.findFirst().orElse("qmpi4j check:");
            }
            out.println(first);
            out.println("... (the findings: " + check + "; as JSON: " + dir.resolve(ResultFiles.CHECK_JSON) + ")");
        }
        out.flush();
    }

    /** Whether a tool other than {@code check} left per-rank files (so a report was due). */
    private static boolean toolsBesideCheckWrote(Path dir) throws IOException {
        Path ranks = ResultFiles.ranksDir(dir);
        if (!Files.isDirectory(ranks)) {
            return false;
        }
        try (Stream<Path> files = Files.list(ranks)) {
            // A rank's failure record is the agent's, not a tool's: it asks for no report.
            return files.map(f -> f.getFileName().toString())
                    .anyMatch(name -> !name.endsWith(".check.json") && ResultFiles.rankOfFailure(name) < 0);
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            String env = System.getenv("HOSTNAME");
            return env == null ? "unknown" : env;
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already stopping; the hook then stops the job
        }
    }
}
