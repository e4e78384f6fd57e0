package org.qmpi4j.agent.internal.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.descriptor.DescriptorCompiler;

class BindingCatalogTest {

    @Test
    void loadsTheShippedDescriptorsWithDenseIds() {
        BindingCatalog catalog = BindingCatalog.load();
        assertThat(catalog.all()).extracting(BindingDescriptor::id).containsExactly("openmpi", "mpj");
        BindingDescriptor openmpi = Objects.requireNonNull(catalog.descriptor("openmpi"));
        assertThat(openmpi.title()).isEqualTo("Open MPI Java bindings 4.1");
        assertThat(openmpi.resource()).isEqualTo("org/qmpi4j/agent/bindings/openmpi.binding");
        assertThat(catalog.mappingCount())
                .isGreaterThanOrEqualTo(openmpi.mappings().size());
        for (int i = 0; i < catalog.mappingCount(); i++) {
            assertThat(catalog.mapping(i).id()).isEqualTo(i);
        }
        MethodMapping send =
                Objects.requireNonNull(openmpi.find("mpi/Comm", "send", "(Ljava/lang/Object;ILmpi/Datatype;II)V"));
        assertThat(catalog.mapping(send.id())).isSameAs(send);
        assertThat(send.bindingDescriptor()).isSameAs(openmpi);
        assertThat(openmpi.canonical(MpiFunction.MPI_SEND)).isSameAs(send);
        assertThat(catalog.descriptor("nope")).isNull();
        assertThatThrownBy(() -> catalog.mapping(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no binding method mapping #-1");
        assertThatThrownBy(() -> catalog.mapping(catalog.mappingCount())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void recognisesOpenMpiFromClassFileBytesWithoutLoadingAnyClass() throws IOException {
        BindingCatalog catalog = BindingCatalog.load();
        try (OpenMpiJar.RecordingLoader loader = new OpenMpiJar.RecordingLoader(OpenMpiJar.url())) {
            BindingDescriptor d = Objects.requireNonNull(catalog.forLoader(loader));
            assertThat(d).isNotNull();
            assertThat(d.id()).isEqualTo("openmpi");
            assertThat(loader.resourceRequests).contains("mpi/Comm.class");
            // Nothing was loaded, so mpi.MPI's static initialiser (System.loadLibrary) never ran.
            assertThat(loader.loadRequests).isEmpty();
            assertThat(loader.alreadyLoaded("mpi.MPI")).isNull();
            assertThat(loader.alreadyLoaded("mpi.Comm")).isNull();

            int reads = loader.resourceRequests.size();
            assertThat(catalog.forLoader(loader)).isSameAs(d);
            assertThat(loader.resourceRequests).as("cached per loader").hasSize(reads);
        }
    }

    @Test
    void loaderWithoutTheBindingHasNone() throws IOException {
        BindingCatalog catalog = BindingCatalog.load();
        try (OpenMpiJar.RecordingLoader loader = new OpenMpiJar.RecordingLoader()) {
            assertThat(catalog.forLoader(loader)).isNull();
            int reads = loader.resourceRequests.size();
            assertThat(catalog.forLoader(loader)).isNull();
            assertThat(loader.resourceRequests)
                    .as("a negative answer is cached too")
                    .hasSize(reads);
            assertThat(loader.loadRequests).isEmpty();
        }
        // The test class path has no MPI binding either.
        assertThat(catalog.forLoader(null)).isNull();
    }

    @Test
    void recognisesMpjExpressAndTellsTheTwoBindingsApart() throws IOException {
        // Both have mpi/Comm and mpi/MPI.Init; the method spelling of the fingerprints tells them apart.
        BindingCatalog catalog = BindingCatalog.load();
        try (OpenMpiJar.RecordingLoader loader = new OpenMpiJar.RecordingLoader(MpjJar.url())) {
            BindingDescriptor d = Objects.requireNonNull(catalog.forLoader(loader));
            assertThat(d).isNotNull();
            assertThat(d.id()).isEqualTo("mpj");
            assertThat(d.title()).isEqualTo("MPJ Express 0.44 (mpiJava 1.2)");
            assertThat(loader.loadRequests)
                    .as("recognised from bytes, nothing loaded")
                    .isEmpty();
            assertThat(loader.alreadyLoaded("mpi.MPI")).isNull();
        }
        try (URLClassLoader openMpi =
                        new URLClassLoader(new URL[] {OpenMpiJar.url()}, ClassLoader.getPlatformClassLoader());
                URLClassLoader mpj =
                        new URLClassLoader(new URL[] {MpjJar.url()}, ClassLoader.getPlatformClassLoader())) {
            assertThat(Objects.requireNonNull(catalog.descriptor("mpj")).recognises(openMpi))
                    .as("Open MPI's jar is not MPJ")
                    .isFalse();
            assertThat(Objects.requireNonNull(catalog.descriptor("openmpi")).recognises(mpj))
                    .as("MPJ's jar is not Open MPI")
                    .isFalse();
        }
        // Ids stay dense across both descriptors.
        BindingDescriptor mpj = catalog.descriptor("mpj");
        MethodMapping send =
                Objects.requireNonNull(mpj.find("mpi/Comm", "Send", "(Ljava/lang/Object;IILmpi/Datatype;II)V"));
        assertThat(catalog.mapping(send.id())).isSameAs(send);
        assertThat(mpj.canonical(MpiFunction.MPI_PCONTROL))
                .as("mpiJava 1.2 has no MPI_Pcontrol")
                .isNull();
    }

    @Test
    void saysWhichBindingSetsAnErrorHandlerOnTheCommunicatorItIsGiven() {
        // The tools set MPI_ERRORS_RETURN on their own duplicates only where the call acts on its
        // receiver (Qmpi.takesReceiver); MPJ's MPI-1 call sets COMM_WORLD's, the application's.
        BindingCatalog catalog = BindingCatalog.load();
        MethodMapping openMpi = Objects.requireNonNull(
                Objects.requireNonNull(catalog.descriptor("openmpi")).canonical(MpiFunction.MPI_COMM_SET_ERRHANDLER));
        MethodMapping mpj = Objects.requireNonNull(
                Objects.requireNonNull(catalog.descriptor("mpj")).canonical(MpiFunction.MPI_COMM_SET_ERRHANDLER));
        assertThat(openMpi.isStatic()).isFalse();
        assertThat(mpj.isStatic()).isTrue();
    }

    @Test
    void firstRecognisedDescriptorWinsAndIdsContinueAcrossDescriptors() throws IOException {
        String a =
                "binding first\ntitle First\npackages mpi/\nfingerprint mpi/Comm getRank ()I\nfact buffers nio\nfact free invalidates\nfact receives in-place\n"
                        + "map mpi/Comm barrier ()V MPI_BARRIER canonical comm=this\n";
        String b =
                "binding second\ntitle Second\npackages mpi/\nfingerprint mpi/Comm getSize ()I\nfact buffers nio\nfact free invalidates\nfact receives in-place\n"
                        + "map mpi/Comm getSize ()I MPI_COMM_SIZE canonical comm=this\n"
                        + "map mpi/Comm getRank ()I MPI_COMM_RANK canonical comm=this\n";
        String never =
                "binding never\ntitle Never\npackages mpi/\nfingerprint mpi/Comm noSuchMethod ()I\nfact buffers nio\nfact free invalidates\nfact receives in-place\n";
        BindingCatalog catalog = DescriptorTexts.catalog("never.binding", never, "a.binding", a, "b.binding", b);
        assertThat(catalog.mappingCount()).isEqualTo(3);
        assertThat(catalog.mapping(0).bindingDescriptor().id()).isEqualTo("first");
        assertThat(catalog.mapping(1).bindingDescriptor().id()).isEqualTo("second");
        assertThat(catalog.mapping(2).function()).isEqualTo(MpiFunction.MPI_COMM_RANK);
        try (OpenMpiJar.RecordingLoader loader = new OpenMpiJar.RecordingLoader(OpenMpiJar.url())) {
            assertThat(Objects.requireNonNull(catalog.forLoader(loader)).id()).isEqualTo("first");
        }
    }

    // ---- the index ----------------------------------------------------------------------

    /** The catalog of the index {@code index} under {@code dir}, every descriptor read now. */
    private static BindingCatalog loadFrom(Path dir, String index) throws IOException {
        try (URLClassLoader resources = DescriptorTexts.resources(dir)) {
            BindingCatalog c = BindingCatalog.load(resources, index);
            c.all();
            return c;
        }
    }

    private static void write(Path file, String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    }

    /** Descriptor {@code name} under {@code dir}, compiled as the build compiles the agent's. */
    private static void compile(Path dir, String name, String... lines) throws IOException {
        Path file = dir.resolve(name + CompiledDescriptor.SUFFIX);
        Files.createDirectories(file.getParent());
        Files.write(file, DescriptorCompiler.compile(name, String.join("\n", lines) + "\n"));
    }

    private static final String MINI =
            "binding mini\ntitle Mini\npackages mini/\nfingerprint mini/A f ()V\nfact buffers nio\nfact free invalidates\nfact receives in-place";

    @Test
    void indexListsDescriptorsRelativeToItsDirectory(@TempDir Path dir) throws IOException {
        write(dir.resolve("b/index"), "# comment", "", "one.binding", "two.binding");
        compile(dir, "b/one.binding", MINI, "map mini/A f ()V MPI_BARRIER canonical");
        compile(
                dir,
                "b/two.binding",
                MINI.replace("mini\ntitle", "two\ntitle"),
                "map mini/A g ()V MPI_BARRIER canonical",
                "map mini/A h ()V MPI_IBARRIER canonical");
        BindingCatalog c = loadFrom(dir, "b/index");
        assertThat(c.all()).extracting(BindingDescriptor::id).containsExactly("mini", "two");
        assertThat(c.mappingCount()).isEqualTo(3);
        assertThat(c.mapping(2).name()).isEqualTo("h");
        assertThat(c.all().get(1).resource()).isEqualTo("b/two.binding");
    }

    @Test
    void missingDescriptorNamesIndexLine(@TempDir Path dir) throws IOException {
        write(dir.resolve("b/index"), "# comment", "gone.binding");
        assertThatThrownBy(() -> loadFrom(dir, "b/index"))
                .isInstanceOf(BindingFormatException.class)
                .hasMessage("b/index:2: descriptor resource not found: b/gone.binding.compiled");
    }

    @Test
    void missingIndex(@TempDir Path dir) {
        assertThatThrownBy(() -> loadFrom(dir, "b/index"))
                .isInstanceOf(BindingFormatException.class)
                .hasMessage("b/index:0: resource not found");
    }

    @Test
    void emptyIndex(@TempDir Path dir) throws IOException {
        write(dir.resolve("b/index"), "# nothing");
        assertThatThrownBy(() -> loadFrom(dir, "b/index")).hasMessage("b/index:0: lists no binding descriptors");
    }

    @Test
    void oneNamePerIndexLine(@TempDir Path dir) throws IOException {
        write(dir.resolve("b/index"), "one.binding two.binding");
        assertThatThrownBy(() -> loadFrom(dir, "b/index")).hasMessageStartingWith("b/index:1: expected one descriptor");
    }

    @Test
    void duplicateBindingIds(@TempDir Path dir) throws IOException {
        write(dir.resolve("b/index"), "one.binding", "again.binding");
        compile(dir, "b/one.binding", MINI);
        compile(dir, "b/again.binding", MINI);
        assertThatThrownBy(() -> loadFrom(dir, "b/index"))
                .isInstanceOf(BindingFormatException.class)
                .hasMessage("b/index:2: binding id 'mini' of b/again.binding is also the id of b/one.binding");
    }

    @Test
    void theAgentsCatalogReadsOnlyTheDescriptorsItNeeds(@TempDir Path dir) throws IOException {
        // 'first' is recognised from Open MPI's jar; 'second' has no compiled form at all, so
        // reaching its ids, and only that, fails.
        write(dir.resolve("b/index"), "first.binding", "second.binding");
        compile(
                dir,
                "b/first.binding",
                "binding first",
                "title First",
                "packages mpi/",
                "fingerprint mpi/Comm getRank ()I",
                "fact buffers nio",
                "fact free invalidates",
                "fact receives in-place",
                "map mpi/Comm barrier ()V MPI_BARRIER canonical comm=this",
                "map mpi/Comm getSize ()I MPI_COMM_SIZE canonical comm=this");
        try (URLClassLoader resources = DescriptorTexts.resources(dir);
                OpenMpiJar.RecordingLoader loader = new OpenMpiJar.RecordingLoader(OpenMpiJar.url())) {
            BindingCatalog lazy = BindingCatalog.load(resources, "b/index");
            assertThat(Objects.requireNonNull(lazy.forLoader(loader)).id()).isEqualTo("first");
            assertThat(lazy.mapping(1).name()).isEqualTo("getSize");
            assertThatThrownBy(() -> lazy.mapping(2))
                    .isInstanceOf(BindingFormatException.class)
                    .hasMessage("b/index:2: descriptor resource not found: b/second.binding.compiled");
        }
    }

    @Test
    void readingTheShippedDescriptorsIsFast() {
        // It runs in premain: keep it well under the JVM's own start-up cost.
        BindingCatalog.load().all();
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            long t = System.nanoTime();
            BindingCatalog.load().all();
            nanos.add(System.nanoTime() - t);
        }
        assertThat(nanos.stream().mapToLong(Long::longValue).min().getAsLong()).isLessThan(200_000_000L);
    }
}
