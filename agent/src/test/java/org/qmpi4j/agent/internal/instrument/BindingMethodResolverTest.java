package org.qmpi4j.agent.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Resolution of call-site owners to mapped binding methods, without loading classes. */
class BindingMethodResolverTest {
    private static final String APP = "org/qmpi4j/fixture/instrument/app/";
    private static final String COMM = FakeBindingLookup.COMM;
    private static final String INTRACOMM = FakeBindingLookup.INTRACOMM;

    /** Serves class files but refuses to load fixture classes, and counts reads. */
    static final class ResourceOnlyLoader extends ClassLoader {
        final ConcurrentHashMap<String, AtomicInteger> reads = new ConcurrentHashMap<>();
        final List<String> loadAttempts = new CopyOnWriteArrayList<>();

        ResourceOnlyLoader() {
            super("resources-only", BindingMethodResolverTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.qmpi4j.fixture.")) {
                loadAttempts.add(name);
                throw new ClassNotFoundException("the resolver must not load " + name);
            }
            return super.loadClass(name, resolve);
        }

        @Override
        public InputStream getResourceAsStream(String name) {
            reads.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
            return super.getResourceAsStream(name);
        }
    }

    private final ResourceOnlyLoader loader = new ResourceOnlyLoader();
    private final BindingMethodResolver resolver = new BindingMethodResolver(new FakeBindingLookup());

    private int virtual(String owner, String name, String desc) {
        return resolver.resolve(loader, owner, name, desc, false);
    }

    private int statik(String owner, String name, String desc) {
        return resolver.resolve(loader, owner, name, desc, true);
    }

    @Test
    void resolvesThroughBindingAndApplicationSubclasses() {
        assertThat(virtual(COMM, "getRank", "()I")).isEqualTo(FakeBindingLookup.GET_RANK);
        assertThat(virtual(INTRACOMM, "getRank", "()I")).isEqualTo(FakeBindingLookup.GET_RANK);
        assertThat(virtual(APP + "MyComm", "getRank", "()I")).isEqualTo(FakeBindingLookup.GET_RANK);
        assertThat(virtual(APP + "MyComm", "barrier", "()V")).isEqualTo(FakeBindingLookup.BARRIER);
        assertThat(virtual(APP + "MyComm", "send", "([III)V"))
                .as("application override")
                .isEqualTo(FakeBindingLookup.SEND);
        assertThat(statik(INTRACOMM, "compare", "(L" + COMM + ";L" + COMM + ";)I"))
                .isEqualTo(FakeBindingLookup.COMPARE);
        assertThat(loader.loadAttempts).isEmpty();
    }

    @Test
    void interfaces() {
        String free = "free";
        assertThat(virtual(FakeBindingLookup.FREEABLE, free, "()V")).isEqualTo(FakeBindingLookup.FREEABLE_FREE);
        assertThat(virtual(APP + "Releasable", free, "()V")).isEqualTo(FakeBindingLookup.FREEABLE_FREE);
        assertThat(virtual(APP + "Resource", free, "()V"))
                .as("implements the binding interface")
                .isEqualTo(FakeBindingLookup.FREEABLE_FREE);
        assertThat(virtual(COMM, free, "()V")).as("declared in the class first").isEqualTo(FakeBindingLookup.COMM_FREE);
        assertThat(virtual(APP + "MyComm", free, "()V")).isEqualTo(FakeBindingLookup.COMM_FREE);
    }

    @Test
    void stopsWhereTheJvmWouldStop() {
        assertThat(virtual(INTRACOMM, "getSize", "()I"))
                .as("declared unmapped in Intracomm")
                .isEqualTo(MappingLookup.NONE);
        assertThat(virtual(COMM, "getSize", "()I")).isEqualTo(FakeBindingLookup.GET_SIZE);
        assertThat(virtual(COMM, "unmapped", "()I")).isEqualTo(MappingLookup.NONE);
        assertThat(statik(APP + "MyRequest", "waitAll", "([L" + FakeBindingLookup.REQUEST + ";)I"))
                .as("static method of the application hiding the binding's")
                .isEqualTo(MappingLookup.NONE);
        assertThat(virtual(APP + "MyRequest", "waitFor", "()I")).isEqualTo(FakeBindingLookup.WAIT_FOR);
        assertThat(virtual(COMM, "getRank", "()J")).as("other descriptor").isEqualTo(MappingLookup.NONE);
        assertThat(statik(COMM, "getRank", "()I"))
                .as("static invoke of an instance method")
                .isEqualTo(MappingLookup.NONE);
        assertThat(virtual(COMM, "<init>", "(I)V")).isEqualTo(MappingLookup.NONE);
        assertThat(virtual("[L" + COMM + ";", "clone", "()Ljava/lang/Object;")).isEqualTo(MappingLookup.NONE);
    }

    @Test
    void unrelatedAndJdkClassesCostNoBindingWork() {
        assertThat(virtual("java/lang/String", "length", "()I")).isEqualTo(MappingLookup.NONE);
        assertThat(virtual(APP + "Plain", "compute", "(Ljava/lang/String;)I")).isEqualTo(MappingLookup.NONE);
        assertThat(virtual("org/example/Missing", "x", "()V")).isEqualTo(MappingLookup.NONE);
        assertThat(loader.reads).doesNotContainKey("java/lang/String.class");
        assertThat(resolver.hasBindingAncestor(loader, APP + "Plain")).isFalse();
        assertThat(resolver.hasBindingAncestor(loader, APP + "MyComm")).isTrue();
        assertThat(resolver.hasBindingAncestor(loader, APP + "Resource")).isTrue();
    }

    @Test
    void classFilesAreReadOncePerLoader() {
        for (int i = 0; i < 3; i++) {
            virtual(APP + "MyComm", "getRank", "()I");
            virtual(APP + "MyComm", "barrier", "()V");
        }
        assertThat(loader.reads.get(APP + "MyComm.class")).hasValue(1);
        assertThat(loader.reads.get(INTRACOMM + ".class")).hasValue(1);
        assertThat(loader.reads.get(COMM + ".class")).hasValue(1);

        ResourceOnlyLoader other = new ResourceOnlyLoader();
        resolver.resolve(other, APP + "MyComm", "getRank", "()I", false);
        assertThat(other.reads.get(APP + "MyComm.class"))
                .as("separate cache per loader")
                .hasValue(1);
    }
}
