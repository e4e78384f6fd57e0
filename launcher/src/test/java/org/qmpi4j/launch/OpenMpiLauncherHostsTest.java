package org.qmpi4j.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Jobs across hosts: what {@code mpirun} is told, and the command line's checks. */
class OpenMpiLauncherHostsTest {
    @Test
    void hostfileAndHostsReachMpirun(@TempDir Path tmp) throws Exception {
        Path jar = Files.createFile(tmp.resolve("mpi.jar"));
        String before = System.getProperty("qmpi4j.openmpi.jar");
        System.setProperty("qmpi4j.openmpi.jar", jar.toString());
        try {
            MpiJob.Builder job = MpiJob.builder("Main").classpath(tmp).ranks(6);
            List<String> withFile = new OpenMpiLauncher()
                    .command(MpiJob.builder("Main")
                            .classpath(tmp)
                            .ranks(6)
                            .hostfile(tmp.resolve("hosts"))
                            .build());
            assertThat(String.join(" ", withFile)).contains("--hostfile " + tmp.resolve("hosts") + " -np 6 ");
            List<String> withHosts = new OpenMpiLauncher()
                    .command(job.hosts(List.of("node1:2", "node2:2", "node3:2")).build());
            assertThat(String.join(" ", withHosts)).contains("--host node1:2,node2:2,node3:2 -np 6 ");
            List<String> local = new OpenMpiLauncher()
                    .command(MpiJob.builder("Main").classpath(tmp).build());
            assertThat(local).doesNotContain("--host", "--hostfile");
        } finally {
            if (before == null) {
                System.clearProperty("qmpi4j.openmpi.jar");
            } else {
                System.setProperty("qmpi4j.openmpi.jar", before);
            }
        }
    }

    @Test
    void eitherHostfileOrHosts(@TempDir Path tmp) {
        assertThatThrownBy(() -> MpiJob.builder("Main")
                        .classpath(tmp)
                        .hostfile(tmp.resolve("hosts"))
                        .hosts(List.of("a"))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("either a hostfile or hosts");
    }

    @Test
    void hostsNeedOpenMpi() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = LaunchCommand.run(
                new String[] {"--runtime", "mpj-niodev", "--hosts", "a,b", "--cp", "x.jar", "Main"},
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--hostfile and --hosts need --runtime openmpi");
    }
}
