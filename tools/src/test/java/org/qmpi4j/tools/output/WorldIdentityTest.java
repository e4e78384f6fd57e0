package org.qmpi4j.tools.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorldIdentityTest {
    @Test
    void processStartFromProcIsWhatProcessHandleSays() {
        assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "Linux only");
        long jdk = ProcessHandle.current().info().startInstant().orElseThrow().toEpochMilli();
        long ours = WorldIdentity.linuxProcessStart();
        assertThat(ours).isCloseTo(jdk, org.assertj.core.data.Offset.offset(20L));
    }

    @Test
    void withoutAJobIdTheIdIsTimePidAndCounter() {
        WorldIdentity who = WorldIdentity.of(false, Map.of());
        assertThat(who.id).matches("w\\d{8}-\\d{6}-" + org.qmpi4j.formats.files.ProcessId.get() + "-\\d+");
        assertThat(who.parent).isNull();
        assertThat(who.jvmStartMillis).isBetween(System.currentTimeMillis() - 3_600_000, System.currentTimeMillis());
        assertThat(org.qmpi4j.formats.files.ProcessId.get())
                .isEqualTo(ProcessHandle.current().pid());
    }

    @Test
    void openMpiJobIdAndParentPort() {
        WorldIdentity who =
                WorldIdentity.of(true, Map.of("OMPI_MCA_ess_base_jobid", "1234", "OMPI_PARENT_PORT", "99.0:300"));
        assertThat(who.id).isEqualTo("1234");
        assertThat(who.parent).isEqualTo("99");
    }
}
