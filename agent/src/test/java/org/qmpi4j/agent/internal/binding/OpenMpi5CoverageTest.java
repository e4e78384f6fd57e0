package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URLClassLoader;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.MpiFunction;

/**
 * {@link BindingCoverageTest} of openmpi.binding against Open MPI 5.0's real mpi.jar (built from
 * Debian 13's source package inside the trixie test image; scripts/setup-containers.sh installs it
 * into the local Maven repository). Also: the agent recognises the jar as the {@code openmpi}
 * binding, of version 5.0, whose canonical allToAllw is 5.0's signature.
 */
class OpenMpi5CoverageTest extends BindingCoverageTest {
    private static final String ALLTOALLW_50 =
            "(Ljava/lang/Object;[I[I[Lmpi/Datatype;Ljava/lang/Object;[I[I[Lmpi/Datatype;)V";

    @Override
    String descriptorId() {
        return "openmpi";
    }

    @Override
    File jar() {
        return RealJar.file("openmpi5.jar", "Open MPI 5.0's mpi.jar (run scripts/setup-containers.sh)");
    }

    @Override
    String jarTitle() {
        return "Open MPI 5.0 mpi.jar";
    }

    @Override
    void bindingSpecificFunctions(java.util.Set<MpiFunction> mapped) {
        assertThat(mapped).contains(MpiFunction.MPI_ALLTOALLW, MpiFunction.MPI_PCONTROL);
    }

    @Test
    void recognisedAsOpenMpiVersion50() throws Exception {
        assertThat(jarVersion).isEqualTo("5.0");
        try (URLClassLoader loader =
                new URLClassLoader(new java.net.URL[] {RealJar.url(jar())}, ClassLoader.getPlatformClassLoader())) {
            BindingDescriptor d = Objects.requireNonNull(BindingCatalog.load().forLoader(loader));
            assertThat(d).isNotNull();
            assertThat(d.id()).isEqualTo("openmpi");
            assertThat(d.version(loader)).isEqualTo("5.0");
            MethodMapping w = Objects.requireNonNull(d.canonical(MpiFunction.MPI_ALLTOALLW, d.version(loader)));
            assertThat(w.descriptor()).isEqualTo(ALLTOALLW_50);
            assertThat(d.versionOf(w)).isEqualTo("5.0");
        }
        try (URLClassLoader loader =
                new URLClassLoader(new java.net.URL[] {OpenMpiJar.url()}, ClassLoader.getPlatformClassLoader())) {
            BindingDescriptor d = Objects.requireNonNull(BindingCatalog.load().forLoader(loader));
            assertThat(d.version(loader)).as("Open MPI 4.1.4's jar").isEqualTo("4.1");
            assertThat(Objects.requireNonNull(d.canonical(MpiFunction.MPI_ALLTOALLW, "4.1"))
                            .descriptor())
                    .startsWith("(Ljava/nio/Buffer;");
        }
    }
}
