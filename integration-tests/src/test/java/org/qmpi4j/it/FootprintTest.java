package org.qmpi4j.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.it.support.ItJars;
import org.qmpi4j.launch.MpiRuntimes;

/**
 * Where a job under qmpi4j writes: {@code qmpi4j run} with {@code profiler,tracer,check}, ranks on
 * JDK 25 (so that the run trains its ahead-of-time cache), twice (the second job uses the cache),
 * from a working folder of its own, with a home folder and a temporary folder ({@code
 * java.io.tmpdir}) of its own for the command and for every rank. Afterwards nothing new is in the
 * working folder, nothing in the home folder but the AOT cache (the one place outside the output
 * folder the user guide names), nothing named qmpi4j in the machine's {@code /tmp}; and the cache,
 * which holds code the ranks' JVMs load, and anything left in the temporary folder are the user's
 * only (no permission bit for group or others).
 */
class FootprintTest {
    private static final Path JAVA_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @Test
    void aJobWritesOnlyItsOutputFolderTheAotCacheAndTheTemporaryFolder(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JAVA_25), JAVA_25 + " not installed");
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path temp = Files.createDirectories(tmp.resolve("temp"));
        Path out = tmp.resolve("results");
        Path machineTmp = Path.of("/tmp");
        Set<String> tmpBefore = qmpi4jEntries(machineTmp);
        Map<String, String> homeBefore = tree(home);
        Map<String, String> workBefore = tree(work);

        for (int job = 0; job < 2; job++) {
            Path results = out.resolve("job-" + job);
            List<String> cmd = List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Duser.home=" + home,
                    "-Djava.io.tmpdir=" + temp,
                    "-jar",
                    ItJars.jar("qmpi4j-cli").toString(),
                    "run",
                    "--tools",
                    "profiler,tracer,check",
                    "--output",
                    results.toString(),
                    "--",
                    "mpirun",
                    "--allow-run-as-root",
                    "--oversubscribe",
                    "-np",
                    "2",
                    JAVA_25.toString(),
                    "-Duser.home=" + home,
                    "-Djava.io.tmpdir=" + temp,
                    "-cp",
                    String.join(
                            File.pathSeparator,
                            MpiRuntimes.openMpiJar().toString(),
                            ItJars.jar("qmpi4j-samples-openmpi").toString(),
                            ItJars.jar("qmpi4j-samples-common").toString()),
                    "org.qmpi4j.samples.openmpi.Ring",
                    "2");
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile());
            pb.environment().put("HOME", home.toString());
            pb.environment().remove("XDG_CACHE_HOME");
            pb.environment().remove("QMPI4J_CACHE");
            Path log = tmp.resolve("job-" + job + ".log");
            pb.redirectErrorStream(true).redirectOutput(log.toFile());
            Process p = pb.start();
            assertThat(p.waitFor(3, TimeUnit.MINUTES)).as("job %d ended", job).isTrue();
            String said = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(said).isZero();
            assertThat(said).contains("qmpi4j: job exit status 0; results in " + results);
            assertThat(results.resolve("profile.json")).exists();
            assertThat(results.resolve("trace.json")).exists();
            if (job == 1) {
                assertThat(said)
                        .as("the second job uses the cache the first trained")
                        .contains("qmpi4j: AOT cache used");
            }
        }

        assertThat(tree(work)).as("the working folder").isEqualTo(workBefore);
        Map<String, String> homeAfter = tree(home);
        homeAfter.keySet().removeAll(homeBefore.keySet());
        Path cache = home.resolve(".cache/qmpi4j/aot");
        assertThat(homeAfter.keySet())
                .as("new in the home folder: the AOT cache and the folders above it only")
                .allMatch(f -> f.equals(".cache") || f.equals(".cache/qmpi4j") || f.startsWith(".cache/qmpi4j/aot"))
                .contains(".cache/qmpi4j/aot");
        assertThat(qmpi4jEntries(machineTmp)).as("entries named qmpi4j in /tmp").isEqualTo(tmpBefore);

        Map<String, String> cached = tree(cache);
        // In the log of every run: what the jobs left in the cache and in the temporary folder.
        System.out.println("FootprintTest: AOT cache " + cached + "; temporary folder " + tree(temp));
        assertThat(cached).as("the AOT cache's files").isNotEmpty();
        cached.put("", mode(cache));
        cached.forEach((f, mode) -> assertThat(mode)
                .as("permissions of the AOT cache's %s", f.isEmpty() ? "folder" : f)
                .matches("[-rwxd]{4}------"));
        tree(temp).forEach((f, mode) -> {
            if (!f.startsWith("hsperfdata_")) { // the JVM's own performance data, not qmpi4j's
                assertThat(mode)
                        .as("permissions of %s left in the temporary folder", f)
                        .matches("[-rwxd]{4}------");
            }
        });
    }

    /** Top-level entries of {@code dir} whose names contain qmpi4j. */
    private static Set<String> qmpi4jEntries(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.toLowerCase(Locale.ROOT).contains("qmpi4j"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Every file and folder under {@code dir} (relative path) with its permissions ({@code drwx------}). */
    private static Map<String, String> tree(Path dir) throws Exception {
        Map<String, String> all = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            return all;
        }
        List<Path> paths;
        try (Stream<Path> s = Files.walk(dir)) {
            paths = s.filter(p -> !p.equals(dir)).collect(Collectors.toCollection(ArrayList::new));
        }
        for (Path p : paths) {
            all.put(dir.relativize(p).toString(), mode(p));
        }
        return all;
    }

    private static String mode(Path p) throws Exception {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
        StringBuilder b = new StringBuilder(Files.isDirectory(p) ? "d" : "-");
        for (PosixFilePermission x : PosixFilePermission.values()) {
            String letter = x.name().endsWith("READ") ? "r" : x.name().endsWith("WRITE") ? "w" : "x";
            b.append(perms.contains(x) ? letter : "-");
        }
        return b.toString();
    }
}
