package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.BundledTools;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * {@code qmpi4j run} gives ranks on JDK 25 the JDK's ahead-of-time cache: the first job trains
 * it, the next one's JVMs load the JDK's classes the agent needs from it; ranks on JDK 17 get
 * nothing added.
 */
class RunCommandAotTest {
    private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    private static final String MAIN = "org.qmpi4j.samples.openmpi.features.InitBarrierFinalize";
    private static final Pattern LINE = Pattern.compile("qmpi4j: AOT cache (trained|used): (\\S+)");
    /** Not in JDK 25's default CDS archive: from the shared archive only when the AOT cache is used. */
    private static final String MARKER = "java.lang.instrument.Instrumentation source: shared objects file";

    @Test
    void theFirstJobTrainsTheCacheAndTheNextJobsRanksUseIt(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JAVA_25), JAVA_25 + " not installed");
        Path cache = tmp.resolve("cache");

        BundledTools.Command first = job(tmp, "first", JAVA_25.toString(), cache);
        Matcher trained = LINE.matcher(first.stderr);
        assertThat(trained.find()).as("%s", first).isTrue();
        assertThat(trained.group(1)).isEqualTo("trained");
        Path file = Path.of(trained.group(2));
        assertThat(file.getParent()).isEqualTo(cache.resolve("aot"));
        assertThat(file.getFileName().toString()).matches("jdk25-[0-9a-f]{24}\\.aot");
        assertThat(Files.size(file)).isGreaterThan(1_000_000);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(cache.resolve("aot"))))
                .isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        try (Stream<Path> files = Files.list(cache.resolve("aot"))) {
            assertThat(files).as("no training leftovers").containsExactly(file);
        }
        assertOk(first, 2);
        assertThat(markerLines(tmp.resolve("first")))
                .as("trained before the job starts: both ranks loaded the agent's JDK classes from it")
                .isEqualTo(2);

        BundledTools.Command second = job(tmp, "second", JAVA_25.toString(), cache);
        assertThat(second.stderr).as("%s", second).contains("qmpi4j: AOT cache used: " + file);
        assertOk(second, 2);
        assertThat(markerLines(tmp.resolve("second")))
                .as("both ranks loaded the agent's JDK classes from the cache")
                .isEqualTo(2);
        assertThat(second.stdout + second.stderr)
                .as("the JVM says nothing about the cache")
                .doesNotContain("[aot");

        BundledTools.Command off = job(tmp, "off", JAVA_25.toString(), cache, "--no-aot-cache");
        assertThat(off.stderr).as("%s", off).contains("qmpi4j: AOT cache not used: switched off");
        assertOk(off, 2);
        assertThat(markerLines(tmp.resolve("off")))
                .as("without the cache, from the JDK's jimage")
                .isZero();
    }

    @Test
    void ranksOnJdk17GetNothingAdded(@TempDir Path tmp) throws Exception {
        Path cache = tmp.resolve("cache");
        String java17 = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Assumptions.assumeTrue(Runtime.version().feature() < 25, "the tests' own java is the older JDK");

        BundledTools.Command run = job(tmp, "jdk17", java17, cache);

        assertThat(run.stderr)
                .as("%s", run)
                .contains("qmpi4j: AOT cache not used: the ranks' java is JDK "
                        + Runtime.version().feature() + " (needs 25+)");
        assertOk(run, 1);
        assertThat(run.stderr)
                .as("the agent on the command line: no 'Picked up' note")
                .doesNotContain("Picked up");
        assertThat(cache).doesNotExist();
    }

    /** {@code qmpi4j run} of the 1- or 2-rank job with {@code java}, its class-loading log in {@code tmp/name}. */
    private static BundledTools.Command job(Path tmp, String name, String java, Path cache, String... runOptions)
            throws Exception {
        Path logs = Files.createDirectories(tmp.resolve(name));
        boolean jdk25 = java.equals(JAVA_25.toString());
        List<String> all =
                new ArrayList<>(List.of("-jar", ItJars.jar("qmpi4j-cli").toString(), "run"));
        all.addAll(List.of(runOptions));
        all.addAll(List.of(
                "--tools",
                "profiler",
                "--output",
                tmp.resolve(name + "-results").toString(),
                "--",
                "mpirun",
                "--allow-run-as-root",
                "--oversubscribe",
                "-np",
                jdk25 ? "2" : "1",
                java));
        if (jdk25) {
            all.add("-Djava.library.path=/usr/lib/x86_64-linux-gnu/jni");
        }
        all.addAll(List.of(
                "-Xlog:class+load=info:file=" + logs.resolve("classes-%p.txt"),
                "-cp",
                String.join(
                        File.pathSeparator,
                        MpiRuntimes.openMpiJar().toString(),
                        ItJars.jar("qmpi4j-samples-openmpi").toString(),
                        ItJars.jar("qmpi4j-samples-common").toString()),
                MAIN));
        return BundledTools.java(Map.of("QMPI4J_CACHE", cache.toString()), all.toArray(new String[0]));
    }

    private static void assertOk(BundledTools.Command run, int ranks) {
        assertThat(run.exitCode).as("%s", run).isZero();
        assertThat(run.stdout.lines().filter(l -> l.contains("sample=init-barrier-finalize result=OK")))
                .as("%s", run)
                .hasSize(ranks);
        assertThat(run.stdout).contains("qmpi4j: job exit status 0");
    }

    private static long markerLines(Path logs) throws IOException {
        long n = 0;
        try (Stream<Path> files = Files.list(logs)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                n += Files.readAllLines(f, StandardCharsets.UTF_8).stream()
                        .filter(l -> l.contains(MARKER))
                        .count();
            }
        }
        return n;
    }
}
