package org.qmpi4j.launch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to run as an MPI job: a Java main class, its class path and arguments, how many ranks, the
 * JVM options every rank gets (this is how {@code -javaagent:...} is passed) and a time limit.
 * Independent of the runtime: the same job runs under any {@link Launcher}.
 */
public final class MpiJob {
    private final String mainClass;
    private final List<String> args;
    private final List<Path> classpath;
    private final int ranks;
    private final List<String> jvmOptions;
    private final Map<String, String> environment;
    private final Duration timeout;
    private final Path workDir;
    private final boolean echo;
    private final Path javaExecutable;
    private final Path hostfile;
    private final List<String> hosts;

    private MpiJob(Builder b) {
        this.mainClass = Objects.requireNonNull(b.mainClass, "mainClass");
        this.args = List.copyOf(b.args);
        this.classpath = List.copyOf(b.classpath);
        this.ranks = b.ranks;
        this.jvmOptions = List.copyOf(b.jvmOptions);
        this.environment = Collections.unmodifiableMap(new LinkedHashMap<>(b.environment));
        this.timeout = b.timeout;
        this.workDir = b.workDir;
        this.echo = b.echo;
        this.javaExecutable =
                b.javaExecutable != null ? b.javaExecutable : Path.of(System.getProperty("java.home"), "bin", "java");
        this.hostfile = b.hostfile;
        this.hosts = List.copyOf(b.hosts);
        if (hostfile != null && !hosts.isEmpty()) {
            throw new IllegalArgumentException("give either a hostfile or hosts, not both");
        }
        if (ranks < 1) {
            throw new IllegalArgumentException("ranks must be at least 1, was " + ranks);
        }
        if (classpath.isEmpty()) {
            throw new IllegalArgumentException("classpath must name at least one jar or directory");
        }
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
    }

    public static Builder builder(String mainClass) {
        return new Builder(mainClass);
    }

    public String mainClass() {
        return mainClass;
    }

    public List<String> args() {
        return args;
    }
    /** The application's class path, without the MPI binding's own jars (launchers add those). */
    public List<Path> classpath() {
        return classpath;
    }

    public int ranks() {
        return ranks;
    }

    public List<String> jvmOptions() {
        return jvmOptions;
    }
    /** Variables set for every rank in addition to the launcher's own environment. */
    public Map<String, String> environment() {
        return environment;
    }

    public Duration timeout() {
        return timeout;
    }
    /** Working directory of the job; {@code null} means the current directory. */
    public Path workDir() {
        return workDir;
    }
    /** Whether the launcher copies the job's output to this process's stdout/stderr as it comes. */
    public boolean echo() {
        return echo;
    }
    /** The {@code java} that runs every rank; defaults to the one running this code. */
    public Path javaExecutable() {
        return javaExecutable;
    }

    /**
     * A file naming the hosts the ranks run on, in the runtime's own format (Open MPI: one host a
     * line, {@code node1 slots=2}); {@code null}: this machine only. The java executable, the class
     * path and the JVM options' files must exist at the same paths on every host.
     */
    public Path hostfile() {
        return hostfile;
    }

    /**
     * Hosts the ranks run on, each {@code name} or {@code name:slots} ({@code node1:2}); empty:
     * this machine only (or the {@link #hostfile()}).
     */
    public List<String> hosts() {
        return hosts;
    }

    /** Builds {@link MpiJob}s; defaults: 2 ranks, no arguments, 5 minutes, echo on. */
    public static final class Builder {
        private final String mainClass;
        private final List<String> args = new ArrayList<>();
        private final List<Path> classpath = new ArrayList<>();
        private int ranks = 2;
        private final List<String> jvmOptions = new ArrayList<>();
        private final Map<String, String> environment = new LinkedHashMap<>();
        private Duration timeout = Duration.ofMinutes(5);
        private Path workDir;
        private boolean echo = true;
        private Path javaExecutable;
        private Path hostfile;
        private final List<String> hosts = new ArrayList<>();

        private Builder(String mainClass) {
            this.mainClass = mainClass;
        }

        public Builder args(String... values) {
            args.addAll(Arrays.asList(values));
            return this;
        }

        public Builder args(List<String> values) {
            args.addAll(values);
            return this;
        }

        public Builder classpath(Path... entries) {
            classpath.addAll(Arrays.asList(entries));
            return this;
        }

        public Builder classpath(List<Path> entries) {
            classpath.addAll(entries);
            return this;
        }

        public Builder ranks(int n) {
            ranks = n;
            return this;
        }

        public Builder jvmOption(String option) {
            jvmOptions.add(option);
            return this;
        }

        public Builder jvmOptions(List<String> options) {
            jvmOptions.addAll(options);
            return this;
        }

        public Builder env(String name, String value) {
            environment.put(name, value);
            return this;
        }

        public Builder timeout(Duration limit) {
            timeout = limit;
            return this;
        }

        public Builder workDir(Path dir) {
            workDir = dir;
            return this;
        }

        public Builder echo(boolean on) {
            echo = on;
            return this;
        }

        public Builder javaExecutable(Path java) {
            javaExecutable = java;
            return this;
        }

        /** Runs the ranks on the hosts that {@code file} names (see {@link MpiJob#hostfile()}). */
        public Builder hostfile(Path file) {
            hostfile = file;
            return this;
        }

        /** Runs the ranks on these hosts, each {@code name} or {@code name:slots}. */
        public Builder hosts(List<String> names) {
            hosts.addAll(names);
            return this;
        }

        public MpiJob build() {
            return new MpiJob(this);
        }
    }
}
