package org.qmpi4j.cli.aot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cache's key, folder and decisions (training and use with a real JDK 25: RunCommandAotTest). */
class AotCacheTest {
    @TempDir
    Path tmp;

    private RankJava java(String version) throws IOException {
        Path bin = RankJavaTest.jdk(tmp, "jdk-" + version, "JAVA_RUNTIME_VERSION=\"" + version + "\"\n");
        return RankJava.at(bin).orElseThrow();
    }

    private Path agent() throws IOException {
        Path agent = tmp.resolve("qmpi4j-agent.jar");
        if (!Files.exists(agent)) {
            Files.writeString(agent, "jar");
        }
        return agent;
    }

    @Test
    void theKeyChangesWithTheJdkTheAgentJarAndTheTools() throws IOException {
        RankJava jdk25 = java("25.0.3+9-LTS");
        Path agent = agent();
        String key = AotCache.key(jdk25, agent, List.of("profiler", "tracer"), null);

        assertThat(key).startsWith("jdk25-").hasSize("jdk25-".length() + 24);
        assertThat(AotCache.key(jdk25, agent, List.of("profiler", "tracer"), null))
                .isEqualTo(key);
        assertThat(AotCache.key(jdk25, agent, List.of("profiler"), null)).isNotEqualTo(key);
        assertThat(AotCache.key(jdk25, agent, List.of("profiler", "tracer"), "/t.jar"))
                .isNotEqualTo(key);
        assertThat(AotCache.key(java("25.0.4+7-LTS"), agent, List.of("profiler", "tracer"), null))
                .isNotEqualTo(key);
        Files.setLastModifiedTime(
                agent, FileTime.fromMillis(Files.getLastModifiedTime(agent).toMillis() - 5000));
        assertThat(AotCache.key(jdk25, agent, List.of("profiler", "tracer"), null))
                .isNotEqualTo(key);
    }

    @Test
    void anExistingCacheIsUsedWithItsMessagesOff() throws IOException {
        RankJava jdk25 = java("25.0.3+9-LTS");
        Path dir = tmp.resolve("cache");
        Files.createDirectories(dir);
        Path file = dir.resolve(AotCache.key(jdk25, agent(), List.of("profiler"), null) + ".aot");
        Files.writeString(file, "cache");

        AotCache.Outcome o = new AotCache(dir).prepare(Optional.of(jdk25), agent(), List.of("profiler"), null);

        assertThat(o.jvmOptions()).containsExactly("-XX:AOTCache=" + file, "-Xlog:aot=off");
        assertThat(o.line()).isEqualTo("AOT cache used: " + file);
    }

    @Test
    void olderJdksAndUnknownJavasGetNothing() throws IOException {
        Path dir = tmp.resolve("cache");
        AotCache cache = new AotCache(dir);

        AotCache.Outcome jdk17 = cache.prepare(Optional.of(java("17.0.13+11")), agent(), List.of("profiler"), null);
        AotCache.Outcome none = cache.prepare(Optional.empty(), agent(), List.of("profiler"), null);

        assertThat(jdk17.jvmOptions()).isEmpty();
        assertThat(jdk17.line()).isEqualTo("AOT cache not used: the ranks' java is JDK 17 (needs 25+)");
        assertThat(none.jvmOptions()).isEmpty();
        assertThat(none.line()).startsWith("AOT cache not used: the command names no java");
        assertThat(dir).doesNotExist();
    }

    @Test
    void aFailedTrainingLeavesNoCacheAndNoOptions() throws IOException {
        // the fake JDK's java is an empty script: exit 0 without writing a cache
        RankJava jdk25 = java("25.0.3+9-LTS");
        Path dir = tmp.resolve("cache");

        AotCache.Outcome o = new AotCache(dir).prepare(Optional.of(jdk25), agent(), List.of("profiler"), null);

        assertThat(o.jvmOptions()).isEmpty();
        assertThat(o.line()).startsWith("AOT cache not used: training it failed (exit status 0");
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
        assertThat(Files.getPosixFilePermissions(dir)).hasSize(3);
    }

    @Test
    void theFolderIsQmpi4jsOwnThenXdgThenHome() {
        assertThat(AotCache.defaultDir(Map.of("QMPI4J_CACHE", "/c", "XDG_CACHE_HOME", "/x")))
                .isEqualTo(Path.of("/c/aot"));
        assertThat(AotCache.defaultDir(Map.of("XDG_CACHE_HOME", "/x"))).isEqualTo(Path.of("/x/qmpi4j/aot"));
        assertThat(AotCache.defaultDir(Map.of()))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "qmpi4j", "aot"));
    }
}
