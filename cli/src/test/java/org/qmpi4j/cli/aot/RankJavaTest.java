package org.qmpi4j.cli.aot;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which java the ranks run and its JDK's version, from the job's command (real JDKs: AotCacheTest in the ITs). */
class RankJavaTest {
    @TempDir
    Path tmp;

    static Path jdk(Path root, String name, String releaseLines) throws IOException {
        Path home = root.resolve(name);
        Path java = home.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(home.resolve("release"), releaseLines);
        return java;
    }

    @Test
    void theFirstWordNamedJavaAfterTheLaunchersOptions() {
        assertThat(RankJava.javaWord(
                        List.of("mpirun", "-np", "2", "-x", "A", "/opt/jdk/bin/java", "-cp", "a.jar", "java")))
                .hasValue("/opt/jdk/bin/java");
        assertThat(RankJava.javaWord(List.of("srun", "-n", "2", "java", "Main")))
                .hasValue("java");
        assertThat(RankJava.javaWord(List.of("java", "-cp", "x", "Main"))).hasValue("java");
        assertThat(RankJava.javaWord(List.of("srun", "./job.sh"))).isEmpty();
        assertThat(RankJava.javaWord(List.of("mpirun", "-np", "2", "javac", "/x/java.sh")))
                .isEmpty();
    }

    @Test
    void aBareJavaIsLookedUpOnTheJobsPathAndKnownByItsReleaseFile() throws IOException {
        Path java = jdk(
                tmp, "jdk25", "IMPLEMENTOR=\"X\"\nJAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\nJAVA_VERSION=\"25.0.3\"\n");
        Path link = tmp.resolve("path/java");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, java);

        RankJava found = RankJava.of(
                        List.of("mpirun", "-np", "1", "java", "Main"),
                        Map.of("PATH", tmp.resolve("nothing") + ":" + link.getParent()))
                .orElseThrow();

        assertThat(found.binary()).isEqualTo(java.toRealPath());
        assertThat(found.version()).isEqualTo("25.0.3+9-LTS");
        assertThat(found.feature()).isEqualTo(25);
    }

    @Test
    void withoutAReleaseFileOrOnThePathThereIsNoJavaToTell() throws IOException {
        Path java = jdk(tmp, "jdk", "");
        Files.delete(
                requireNonNull(requireNonNull(java.getParent()).getParent()).resolve("release"));

        assertThat(RankJava.of(List.of("mpirun", java.toString(), "Main"), Map.of()))
                .isEmpty();
        assertThat(RankJava.of(List.of("mpirun", "java", "Main"), Map.of("PATH", tmp.toString())))
                .isEmpty();
    }

    @Test
    void featureVersionsOfOldAndNewNumbering() {
        assertThat(RankJava.featureOf("25.0.3+9-LTS")).isEqualTo(25);
        assertThat(RankJava.featureOf("17.0.13+11-Debian-2")).isEqualTo(17);
        assertThat(RankJava.featureOf("1.8.0_392-b08")).isEqualTo(8);
        assertThat(RankJava.featureOf("26-ea+3")).isEqualTo(26);
        assertThat(RankJava.featureOf("unknown")).isEqualTo(0);
    }
}
