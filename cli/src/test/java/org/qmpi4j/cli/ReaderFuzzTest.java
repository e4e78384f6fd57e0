package org.qmpi4j.cli;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.cli.fuzz.Mutator;
import org.qmpi4j.fixtures.simjob.SimulatedJob;
import org.qmpi4j.fixtures.simjob.SimulatedTraces;
import org.qmpi4j.formats.check.CheckFormat;
import org.qmpi4j.formats.check.Finding;
import org.qmpi4j.formats.check.FindingSite;
import org.qmpi4j.formats.files.ResultFiles;
import org.qmpi4j.formats.profile.ProfileFormat;
import org.qmpi4j.formats.worlds.WorldIndex;
import org.qmpi4j.formats.worlds.WorldRecord;

/**
 * Every command that reads qmpi4j's files, given damaged ones: per-rank profiles, trace shards
 * (versions 3 and 4), check findings, profile.json, profile-ranks.jsonl and world.json of a
 * simulated job, each mutated by {@link Mutator} (cut short, bytes flipped, inserted, deleted or
 * repeated, invalid UTF-8, JSON tokens swapped, extreme or of the wrong type, members missing or
 * twice, deep nesting, very long strings, shard lines dropped, repeated or with extreme fields).
 * Each case runs the command as {@code bin/qmpi4j} does ({@link Qmpi4jCommand#execute}) in a
 * thread of its own, and must end within {@value #CASE_SECONDS} s, allocate no more than a bound
 * set by the valid input's run (a reader that sizes memory by a length the file declares would
 * exceed it), never let an exception or error escape, and end either normally (the damage was
 * harmless, or a tolerant reader skipped it, saying so) or with exit status 2 and exactly one line
 * on stderr naming the damaged file and a position in it. No line ever carries a Java exception.
 *
 * <p>The number of inputs per command is {@value #DEFAULT_INPUTS} in a normal build (a few
 * seconds each); {@code -Dqmpi4j.fuzz.inputs=10000} runs the full set. A failure names the case
 * and its seed; {@code -Dqmpi4j.fuzz.case=<command>:<n>} runs that case alone.
 */
class ReaderFuzzTest {
    static final int DEFAULT_INPUTS = 1000;
    static final int CASE_SECONDS = 20;
    /** Every seed is this plus the case number: fixed, so that a failure reproduces. */
    static final long BASE_SEED = 0x71_6d_70_69_34_6aL;

    private static final Pattern POSITION =
            Pattern.compile("(line \\d+|column \\d+|byte \\d+|offset \\d+|record \\d+)");
    private static final Pattern JAVA_NOISE = Pattern.compile(
            "Exception|Error:|java\\.(lang|io|nio|util)|\\bat org\\.|\\bat java\\.|NullPointer|OutOfMemory|StackOverflow");

    @TempDir
    static Path base;

    private static Path job;
    private static Path profileOnly;
    private static Path job4;
    /** Binary shards (format 6, with JVM records) as the tracer writes them. */
    private static Path job5;
    /** A job above the ranks whose shares profile.json lists itself: it has profile-ranks.jsonl. */
    private static Path big;
    /** Whether OTF2's library is installed, for export --format otf2. */
    private static boolean otf2;

    private static Path spawning;

    /** A file of a seed folder to damage, and the command line that reads it. */
    private static final class Target {
        final Path seed;
        final String file;
        final Mutator.Kind kind;
        final List<String> args;
        /** How often it comes in turn, against the others' {@value #USUAL}: a slow seed less often. */
        final int weight;

        static final int USUAL = 4;

        Target(Path seed, String file, Mutator.Kind kind, String... args) {
            this(USUAL, seed, file, kind, args);
        }

        Target(int weight, Path seed, String file, Mutator.Kind kind, String... args) {
            this.weight = weight;
            this.seed = seed;
            this.file = file;
            this.kind = kind;
            this.args = List.of(args);
        }
    }

    @BeforeAll
    static void seeds() throws Exception {
        job = base.resolve("seed-job");
        new SimulatedJob(4).writeRankFiles(job);
        new SimulatedTraces(4, 12).writeShards(job);
        for (int r = 0; r < 4; r++) {
            Files.writeString(
                    ResultFiles.rankCheck(job, r),
                    CheckFormat.write(List.of(leak(r)), List.of(r), true),
                    StandardCharsets.UTF_8);
        }
        WorldIndex.writeRecord(job, world("1", ".", null));
        assertValidRun(List.of("merge", "<dir>"), job);

        // What report, diff and export caliper-json read, without the rest to copy for every case.
        profileOnly = base.resolve("seed-profile");
        Files.createDirectories(profileOnly);
        for (String f : List.of("profile.json", "check.json", "world.json")) {
            Files.copy(job.resolve(f), profileOnly.resolve(f));
        }

        big = base.resolve("seed-big");
        Path bigJob = base.resolve("big-job");
        new SimulatedJob(ProfileFormat.RANK_DETAIL_MAX_RANKS + 1).writeRankFiles(bigJob);
        assertValidRun(List.of("merge", "<dir>"), bigJob);
        Files.createDirectories(big);
        for (String f : List.of(ResultFiles.PROFILE_JSON, ProfileFormat.RANK_DETAIL_FILE)) {
            Files.copy(bigJob.resolve(f), big.resolve(f));
        }
        deleteTree(bigJob);

        otf2 = otf2Available();
        job4 = base.resolve("seed-job4");
        Files.createDirectories(ResultFiles.ranksDir(job4));
        Files.writeString(ResultFiles.rankTrace(job4, 0), SHARD4_RANK0, StandardCharsets.US_ASCII);
        Files.writeString(ResultFiles.rankTrace(job4, 1), SHARD4_RANK1, StandardCharsets.US_ASCII);
        job5 = base.resolve("seed-job5");
        Files.createDirectories(ResultFiles.ranksDir(job5));
        for (int r = 0; r < 2; r++) {
            writeShard5(job5, r);
        }

        spawning = base.resolve("seed-spawning");
        new SimulatedJob(2).writeRankFiles(spawning);
        WorldRecord parent = world("1", ".", null);
        parent.spawns.add(
                new WorldRecord.Spawn(1, "MPI_COMM_SPAWN", 0, "java Child", 2, 1_700_000_000_500L, 1_700_000_001_000L));
        WorldIndex.writeRecord(spawning, parent);
        Path child = WorldIndex.worldFolder(spawning, "2");
        new SimulatedJob(2).writeRankFiles(child);
        WorldIndex.writeRecord(spawning, world("2", "worlds/2", "1"));
    }

    private static List<Target> targets(String command) {
        Path seedProfile = profileOnly.resolve(ResultFiles.PROFILE_JSON);
        switch (command) {
            case "report":
                return List.of(
                        new Target(profileOnly, "profile.json", Mutator.Kind.JSON, "report", "-q", "<dir>"),
                        new Target(profileOnly, "check.json", Mutator.Kind.JSON, "report", "-q", "<dir>"));
            case "diff":
                return List.of(new Target(
                        profileOnly,
                        "profile.json",
                        Mutator.Kind.JSON,
                        "diff",
                        requireNonNull(seedProfile.getParent()).toString(),
                        "<dir>"));
            case "export":
                return List.of(
                        new Target(
                                profileOnly,
                                "profile.json",
                                Mutator.Kind.JSON,
                                "export",
                                "--format",
                                "caliper-json",
                                "<dir>",
                                "<dir>/out.cali.json"),
                        new Target(
                                profileOnly,
                                "world.json",
                                Mutator.Kind.JSON,
                                "export",
                                "--format",
                                "caliper-json",
                                "<dir>",
                                "<dir>/out.cali.json"),
                        new Target(
                                1,
                                big,
                                ProfileFormat.RANK_DETAIL_FILE,
                                Mutator.Kind.JSON_LINES,
                                "export",
                                "--format",
                                "caliper-json",
                                "--ranks",
                                "0-7",
                                "<dir>",
                                "<dir>/out.cali.json"),
                        new Target(
                                job,
                                "ranks/rank-1.trace",
                                Mutator.Kind.SHARD,
                                "export",
                                "--format",
                                "otf2",
                                "<dir>",
                                "<dir>/otf2"),
                        new Target(
                                job4,
                                "ranks/rank-0.trace",
                                Mutator.Kind.SHARD,
                                "export",
                                "--format",
                                "otf2",
                                "<dir>",
                                "<dir>/otf2"));
            case "trace":
                return List.of(
                        new Target(
                                job,
                                "ranks/rank-2.trace",
                                Mutator.Kind.SHARD,
                                "trace",
                                "-o",
                                "<dir>/t.pftrace",
                                "<dir>"),
                        new Target(
                                job4,
                                "ranks/rank-1.trace",
                                Mutator.Kind.SHARD,
                                "trace",
                                "--format",
                                "json",
                                "-o",
                                "<dir>/t.json",
                                "<dir>"),
                        new Target(
                                job5,
                                "ranks/rank-0.trace",
                                Mutator.Kind.SHARD,
                                "trace",
                                "--format",
                                "json",
                                "-o",
                                "<dir>/t.json",
                                "<dir>"),
                        new Target(
                                job4,
                                "ranks/rank-0.trace",
                                Mutator.Kind.SHARD,
                                "trace",
                                "--ranks",
                                "0-1",
                                "--from",
                                "0s",
                                "-o",
                                "<dir>/t.pftrace",
                                "<dir>"));
            case "merge":
                return List.of(
                        new Target(job, "ranks/rank-1.profile.json", Mutator.Kind.JSON, "merge", "<dir>"),
                        new Target(job, "ranks/rank-0.profile.json", Mutator.Kind.JSON, "merge", "<dir>"),
                        new Target(job, "ranks/rank-3.trace", Mutator.Kind.SHARD, "merge", "<dir>"),
                        new Target(job, "ranks/rank-0.trace", Mutator.Kind.SHARD, "merge", "<dir>"),
                        new Target(job, "ranks/rank-2.check.json", Mutator.Kind.JSON, "merge", "<dir>"),
                        new Target(job4, "ranks/rank-1.trace", Mutator.Kind.SHARD, "merge", "<dir>"),
                        new Target(job5, "ranks/rank-1.trace", Mutator.Kind.SHARD, "merge", "<dir>"),
                        new Target(spawning, "worlds/2/world.json", Mutator.Kind.JSON, "merge", "<dir>"),
                        new Target(spawning, "world.json", Mutator.Kind.JSON, "merge", "<dir>"));
            default:
                throw new IllegalArgumentException(command);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"report", "diff", "export", "trace", "merge"})
    void damagedInputGivesTheDocumentedOneLineErrorOrIsSkippedSayingSo(String command) throws Exception {
        List<Target> targets = new ArrayList<>(targets(command));
        if (!otf2) {
            targets.removeIf(t -> t.args.contains("otf2"));
        }
        int inputs = Integer.getInteger("qmpi4j.fuzz.inputs", DEFAULT_INPUTS);
        int first = 0;
        String only = System.getProperty("qmpi4j.fuzz.case");
        if (only != null) {
            String[] c = only.split(":");
            if (!c[0].equals(command)) {
                return;
            }
            first = Integer.parseInt(c[1]);
            inputs = first + 1;
        }
        List<Integer> schedule = new ArrayList<>();
        for (int t = 0; t < targets.size(); t++) {
            for (int k = 0; k < targets.get(t).weight; k++) {
                schedule.add(t);
            }
        }
        long[] baseline = new long[targets.size()];
        for (int t = 0; t < targets.size(); t++) {
            baseline[t] = baselineAllocation(targets.get(t));
        }
        List<String> failures = new ArrayList<>();
        int exit2 = 0;
        long started = System.nanoTime();
        ExecutorService worker = Executors.newSingleThreadExecutor(daemon());
        try {
            for (int n = first; n < inputs && failures.size() < 5; n++) {
                int t = schedule.get(n % schedule.size());
                Target target = targets.get(t);
                long seed = BASE_SEED + n;
                byte[] original = Files.readAllBytes(target.seed.resolve(target.file));
                Mutator.Mutation m = new Mutator(seed, target.kind).mutate(original);
                Path work = fresh(target.seed);
                Files.write(work.resolve(target.file), m.bytes);
                String id = command + ":" + n + " (seed " + seed + ", " + target.file + ": " + m.description + ")";
                Outcome o;
                Future<Outcome> f = worker.submit(() -> run(target, work));
                try {
                    o = f.get(CASE_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException hang) {
                    failures.add(id + ": no answer within " + CASE_SECONDS + " s");
                    worker.shutdownNow();
                    worker = Executors.newSingleThreadExecutor(daemon());
                    continue;
                }
                long bound = 4 * baseline[t] + 64L * m.bytes.length + (64L << 20);
                String problem = check(o, target, bound);
                if (problem != null) {
                    failures.add(id + ": " + problem + "\n  exit " + o.exit + ", stderr:\n" + indent(o.err));
                }
                if (o.exit == 2) {
                    exit2++;
                }
                deleteTree(work);
            }
        } finally {
            worker.shutdownNow();
        }
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        System.out.printf(
                Locale.ROOT,
                "qmpi4j %s: %d damaged inputs over %d file(s), %d refused with exit status 2, %d s%n",
                command,
                inputs - first,
                targets.size(),
                exit2,
                seconds);
        assertThat(failures)
                .as("cases that broke the rule (reproduce with -Dqmpi4j.fuzz.case=...)")
                .isEmpty();
    }

    /**
     * A file named for a rank far past any job ({@code rank-1999999999.check.json}) is not taken
     * for one: the findings of a rank are kept in a list by rank, which must not grow to it.
     */
    @org.junit.jupiter.api.Test
    void aFileNamedForARankPastAnyJobIsNotOne() throws Exception {
        Path work = fresh(job);
        Files.copy(ResultFiles.rankCheck(work, 0), ResultFiles.ranksDir(work).resolve("rank-1999999999.check.json"));
        Target merge = new Target(job, "-", Mutator.Kind.JSON, "merge", "<dir>");
        Outcome o = run(merge, work);
        assertThat(o.escaped).isNull();
        assertThat(o.exit).as(o.err).isZero();
        assertThat(o.allocated).isLessThan(4 * baselineAllocation(merge) + (64L << 20));
    }

    /** What one run of a command did. */
    private static final class Outcome {
        int exit;
        String err = "";
        String out = "";

        @Nullable
        Throwable escaped;

        long allocated;
    }

    private static Outcome run(Target target, Path work) {
        Outcome o = new Outcome();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(self);
        try {
            o.exit = Qmpi4jCommand.execute(args(target, work), new PrintWriter(out, true), new PrintWriter(err, true));
        } catch (Throwable t) {
            o.escaped = t;
        }
        o.allocated = threads.getThreadAllocatedBytes(self) - before;
        o.err = err.toString();
        o.out = out.toString();
        return o;
    }

    /** What is wrong with an outcome, or {@code null}. */
    private static @Nullable String check(Outcome o, Target target, long bound) {
        if (o.escaped != null) {
            StringWriter s = new StringWriter();
            o.escaped.printStackTrace(new PrintWriter(s));
            return "escaped: " + s;
        }
        if (o.allocated > bound) {
            return "allocated " + (o.allocated >> 20) + " MiB, over the bound of " + (bound >> 20) + " MiB";
        }
        String name = Path.of(target.file).getFileName().toString();
        List<String> lines = o.err.lines().toList();
        for (String l : lines) {
            if (!l.startsWith("qmpi4j: ")) {
                return "a stderr line not from qmpi4j: " + l;
            }
            if (JAVA_NOISE.matcher(l).find()) {
                return "a Java exception or error on stderr: " + l;
            }
            if (l.contains(name)
                    && !l.contains("wrote ")
                    && !POSITION.matcher(l).find()) {
                return "names the file without a position: " + l;
            }
        }
        if (o.exit == 0) {
            return null;
        }
        if (o.exit != 2) {
            return "exit status " + o.exit + ", not 0 or 2";
        }
        if (lines.size() != 1) {
            return lines.size() + " lines on stderr, not one";
        }
        if (!lines.get(0).contains(name)) {
            return "the line does not name " + name;
        }
        if (!POSITION.matcher(lines.get(0)).find()) {
            return "the line names no position";
        }
        return null;
    }

    /** The bytes a command allocates on the valid seed (after one run to load its classes). */
    private static long baselineAllocation(Target target) throws Exception {
        long most = 0;
        for (int i = 0; i < 2; i++) {
            Path work = fresh(target.seed);
            Outcome o = run(target, work);
            assertThat(o.escaped).isNull();
            assertThat(o.exit)
                    .as("%s on the valid seed: %s", target.args, o.err)
                    .isZero();
            most = Math.max(most, o.allocated);
            deleteTree(work);
        }
        return most;
    }

    private static void assertValidRun(List<String> args, Path dir) {
        Outcome o = run(new Target(dir, "-", Mutator.Kind.JSON, args.toArray(new String[0])), dir);
        assertThat(o.escaped).isNull();
        assertThat(o.exit).as(o.err).isZero();
    }

    private static String[] args(Target target, Path work) {
        return target.args.stream()
                .map(a -> a.replace("<dir>", work.toString()))
                .toArray(String[]::new);
    }

    private static int folders;

    /** A copy of {@code seed} to damage. */
    private static Path fresh(Path seed) throws IOException {
        Path work = base.resolve("case-" + folders++);
        try (Stream<Path> s = Files.walk(seed)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path to = work.resolve(seed.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return work;
    }

    private static void deleteTree(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            for (Path f : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(f);
            }
        }
    }

    private static boolean otf2Available() {
        Path probe = base.resolve("otf2-probe");
        try {
            Files.createDirectories(probe);
        } catch (IOException e) {
            return false;
        }
        try (org.qmpi4j.cli.otf2.NativeOtf2Archive a =
                org.qmpi4j.cli.otf2.NativeOtf2Archive.create(probe, "probe", "probe")) {
            return true;
        } catch (org.qmpi4j.cli.otf2.Otf2Unavailable | IOException e) {
            return false;
        }
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "qmpi4j-fuzz-case");
            t.setDaemon(true);
            return t;
        };
    }

    private static String indent(String s) {
        return s.lines().limit(20).map(l -> "    " + l).reduce("", (a, b) -> a + b + "\n");
    }

    private static Finding leak(int rank) {
        return new Finding(
                "request_leak",
                Finding.Severity.ERROR,
                "a request never completed",
                List.of(new FindingSite(rank, "MPI_ISEND", "org.example.Halo", "main", "Halo.java", 40 + rank)),
                1 + rank);
    }

    private static WorldRecord world(String id, String folder, @Nullable String parent) {
        WorldRecord r = new WorldRecord();
        r.id = id;
        r.folder = folder;
        r.parent = parent;
        r.command = "java -cp app.jar Halo";
        r.ranks = folder.equals(".") ? 4 : 2;
        r.binding = "openmpi";
        r.host = "node-a";
        r.pid = 4242;
        r.startMillis = parent == null ? 1_700_000_000_000L : 1_700_000_000_600L;
        r.endMillis = r.startMillis + 5000;
        r.state = "finalized";
        return r;
    }

    /** Version-4 shards of two ranks with every kind of line: clocks, sites, communicators, waits, pvars, a limit. */
    private static final String KEY = org.qmpi4j.formats.trace.TraceFormat.communicatorKey("I 1,0", 0);

    private static final String SHARD4_RANK0 = "qmpi4j-trace 4 0 2 openmpi\n"
            + "C 1000 0 0\nZ 0\n"
            + "F 0 MPI_ISEND\nF 1 MPI_WAIT\nF 2 MPI_BCAST\nF 3 MPI_SEND\nT 1 main\n"
            + "S 0 org.example.App main 10 App.java\nS 1 org.example.App main 11 App.java\n"
            + "M 0 w I 0..1 -\nM 1 " + KEY + " I 1,0 -\n"
            + "V 0 I pml_unexpected_msgq_length\n"
            + "E 0 1 100 10 1 7 8 0 - - - 0 1 - - 0 - -\n"
            + "E 1 1 200 50 - - - - - - - 1 1 - - - - -\nW 0 1 - - -\n"
            + "P 0 260 3\n"
            + "E 2 1 300 20 1 - 16 - - - - 0 0 1 0 - 16 -\n"
            + "E 3 1 400 20 1 9 4 0 - - - 1 0 - - - - -\n"
            + "C 2000 0 0\nZ 0\n";

    private static final String SHARD4_RANK1 = "qmpi4j-trace 4 1 2 openmpi\n"
            + "C 1000 -50 20\nZ 0\n"
            + "F 0 MPI_IRECV\nF 1 MPI_WAIT\nF 2 MPI_BCAST\nF 3 MPI_RECV\nT 1 main\nT 2 worker thread\n"
            + "S 0 org.example.App main 20 App.java\n"
            + "M 0 w I 0..1 -\nM 1 " + KEY + " I 1,0 -\n"
            + "E 0 1 110 5 0 7 8 - 0 7 0 0 1 - - 0 8 -\n"
            + "E 1 1 150 100 - - - - - - - 0 1 - - - - -\nW 0 1 0 7 0\n"
            + "E 2 1 300 25 1 - 16 - - - - 0 0 1 0 - 16 -\n"
            + "E 3 2 380 60 0 9 4 - 0 9 0 0 0 - - - 4 -\n"
            + "L 4096 4 500\n"
            + "C 2000 -50 20\nZ 0\n";

    /** Rank {@code rank}'s shard of a 2-rank job in format 5: sites, communicators, messages, a wait, a pvar. */
    private static void writeShard5(Path dir, int rank) throws IOException {
        long n = org.qmpi4j.formats.trace.TraceFormat.NONE;
        int peer = 1 - rank;
        try (org.qmpi4j.formats.trace.TraceFileWriter w = new org.qmpi4j.formats.trace.TraceFileWriter(
                ResultFiles.rankTrace(dir, rank), rank, 2, "openmpi", "node 1", Long.MAX_VALUE, 4096)) {
            w.clock(1000, rank * -50L, rank * 20L);
            w.zero(0);
            w.defineFunction(0, rank == 0 ? "MPI_ISEND" : "MPI_IRECV");
            w.defineFunction(1, "MPI_WAIT");
            w.defineFunction(2, "MPI_BCAST");
            w.defineThread(1, "main");
            w.defineSite(0, "org.example.App", "main", "App.java", 10 + rank);
            w.defineCommunicator(0, org.qmpi4j.formats.trace.TraceFormat.WORLD_KEY, "0..1", null);
            w.defineCommunicator(1, KEY, "1,0", null);
            w.definePvar(0, true, "pml_unexpected_msgq_length");
            for (int i = 0; i < 3; i++) {
                long t = 100 + 400L * i;
                if (rank == 0) {
                    w.event(0, 1, t, 10, peer, 7, 8, i, n, n, n, 0, 1, n, n, i, n, n, new long[0], 0, null);
                } else {
                    w.event(0, 1, t + 10, 5, peer, 7, 8, n, peer, 7, i, 0, 1, n, n, i, 8, n, new long[0], 0, null);
                }
                long[] done = rank == 0 ? new long[] {i, 1, n, n, n} : new long[] {i, 1, peer, 7, i};
                // A collection before the wait on one rank, class loading inside it on the other.
                long[] jvm = rank == 0
                        ? new long[] {40, 1, 3, 0, 2, 0, 0, 0, 0, 0}
                        : new long[] {0, 0, 0, 0, 0, 0, 0, 0, 7, 0};
                w.event(1, 1, t + 50, 100, n, n, n, n, n, n, n, 0, 1, n, n, n, n, n, done, 1, jvm);
                w.pvarSample(0, t + 150, 3, true);
                w.event(2, 1, t + 300, 25, 1, n, 16, n, n, n, n, 0, 0, 1, i, n, 16, n, new long[0], 0, null);
            }
            w.clock(2000, rank * -50L, rank * 20L);
            w.zero(0);
            w.end();
        }
    }
}
