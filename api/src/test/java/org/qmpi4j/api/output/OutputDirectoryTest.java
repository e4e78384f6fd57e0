package org.qmpi4j.api.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.api.settings.Settings;

class OutputDirectoryTest {
    @TempDir
    Path dir;

    private static @Nullable String requested(Map<String, String> props, Map<String, String> env) {
        // No agent in a unit test: no MPI_T, so the setting decides.
        return OutputDirectory.requested(1, Settings.of(null, props::get, env::get, problem -> {}));
    }

    @Test
    void defaultIsANewDatedFolderNeverOneTakenAlready() throws Exception {
        LocalDateTime t = LocalDateTime.of(2025, 3, 4, 5, 6, 7);
        String none = requested(Map.of(), Map.of());
        assertThat(OutputDirectory.choose(none, dir, t)).isEqualTo(dir.resolve("qmpi4j-20250304-050607"));
        assertThat(OutputDirectory.choose(none, dir, t)).isEqualTo(dir.resolve("qmpi4j-20250304-050607-2"));
        assertThat(Files.isDirectory(dir.resolve("qmpi4j-20250304-050607-2"))).isTrue();
    }

    @Test
    void propertyBeforeEnvironmentAndRelativeToTheWorkingDirectory() throws Exception {
        String both = requested(Map.of("qmpi4j.output", "from-prop"), Map.of("QMPI4J_OUTPUT", "from-env"));
        assertThat(OutputDirectory.choose(both, dir, LocalDateTime.now())).isEqualTo(dir.resolve("from-prop"));
        String env =
                requested(Map.of(), Map.of("QMPI4J_OUTPUT", dir.resolve("a/b").toString()));
        assertThat(OutputDirectory.choose(env, dir, LocalDateTime.now())).isEqualTo(dir.resolve("a/b"));
        // A named directory that exists is used as it is.
        assertThat(OutputDirectory.choose(env, dir, LocalDateTime.now())).isEqualTo(dir.resolve("a/b"));
    }

    @Test
    void rank0ChoosesAndEveryRankGetsItsChoice() throws Exception {
        String named = dir.resolve("shared").toString();
        byte[][] sent = new byte[1][];
        Path atRoot = OutputDirectory.agree(named, 0, buf -> sent[0] = buf.clone());
        assertThat(atRoot).isEqualTo(dir.resolve("shared"));
        // Another rank: its own request is ignored, rank 0's broadcast decides.
        Path atOther = OutputDirectory.agree("elsewhere", 1, buf -> System.arraycopy(sent[0], 0, buf, 0, buf.length));
        assertThat(atOther).isEqualTo(atRoot);
        assertThat(Files.exists(Path.of("elsewhere"))).isFalse();
    }

    @Test
    void timestampIsTheLocalTimeAsTheDatePatternWritesIt() {
        java.time.format.DateTimeFormatter pattern = java.time.format.DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
        java.util.TimeZone before = java.util.TimeZone.getDefault();
        java.util.SplittableRandom random = new java.util.SplittableRandom(18);
        try {
            for (String zone :
                    new String[] {"UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kolkata", "Pacific/Kiritimati"}) {
                java.util.TimeZone.setDefault(java.util.TimeZone.getTimeZone(zone));
                long[] fixed = {0L, -1L, 951_782_400_000L /* 2000-02-29 */, 4_102_444_799_999L, 1_711_846_800_000L};
                for (long t : fixed) {
                    check(pattern, t);
                }
                for (int i = 0; i < 5_000; i++) {
                    check(pattern, random.nextLong(-2_000_000_000_000L, 7_000_000_000_000L));
                }
            }
        } finally {
            java.util.TimeZone.setDefault(before);
        }
    }

    private static void check(java.time.format.DateTimeFormatter pattern, long millis) {
        LocalDateTime local = LocalDateTime.ofInstant(
                java.time.Instant.ofEpochMilli(millis),
                java.util.TimeZone.getDefault().toZoneId());
        assertThat(OutputDirectory.timestamp(millis)).as("%d", millis).isEqualTo(pattern.format(local));
    }
}
