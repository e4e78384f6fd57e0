package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Which classes the shipped MPJ descriptor calls MPJ's own, recognised from the real jar: MPJ's
 * test programs live in {@code mpi.pt2pt}, {@code mpi.ccl}, ..., and an application may too; they
 * are rewritten like any other.
 */
class MpjPackagesTest {
    @Test
    void mpiIsOnePackageAndTheDeviceLayersAreTrees() throws Exception {
        try (URLClassLoader mpj = new URLClassLoader(new URL[] {MpjJar.url()}, null)) {
            BindingDescriptor d = Objects.requireNonNull(BindingCatalog.load().forLoader(mpj));
            assertThat(d).isNotNull();
            assertThat(d.id()).isEqualTo("mpj");
            assertThat(d.ownsClass("mpi/Comm")).isTrue();
            assertThat(d.ownsClass("mpjdev/javampjdev/Comm")).isTrue();
            assertThat(d.ownsClass("xdev/smpdev/Semaphore")).isTrue();
            assertThat(d.ownsClass("mpjbuf/Buffer")).isTrue();
            assertThat(d.ownsClass("mpi/pt2pt/Send"))
                    .as("MPJ's own test program")
                    .isFalse();
            assertThat(d.ownsClass("mpi/app/Main")).isFalse();
        }
    }
}
