package org.qmpi4j.agent.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.qmpi4j.api.Nullable;

/** Which classes the transformer rewrites, and how it fails. */
class CallSiteTransformerTest {
    private static final String CALLS = "org/qmpi4j/fixture/instrument/app/Calls";
    private static final String REFS = "org/qmpi4j/fixture/instrument/app/Refs";
    private static final String PLAIN = "org/qmpi4j/fixture/instrument/app/Plain";

    private final List<String> reports = new CopyOnWriteArrayList<>();
    private final ClassLoader app = new ClassLoader("app", CallSiteTransformerTest.class.getClassLoader()) {};

    @BeforeEach
    void reset() {
        RecordingLinker.reset();
    }

    private CallSiteTransformer transformer(
            MappingLookup lookup, Predicate<String> excluded, Predicate<ClassLoader> tools) {
        return new CallSiteTransformer(lookup, excluded, tools, RecordingLinker.CONTRACT, reports::add);
    }

    private CallSiteTransformer transformer() {
        return transformer(new FakeBindingLookup(), n -> false, l -> false);
    }

    private static byte[] bytes(String internalName) {
        return RewritingLoader.original(internalName.replace('/', '.'));
    }

    private static byte[] withMajorVersion(byte[] b, int major) {
        byte[] copy = b.clone();
        copy[6] = (byte) (major >> 8);
        copy[7] = (byte) major;
        return copy;
    }

    @Test
    void rewritesAnApplicationClassThatCallsTheBinding() {
        CallSiteTransformer t = transformer();
        assertThat(t.transform(app, CALLS, null, null, bytes(CALLS))).isNotNull();
        assertThat(t.transform(app, PLAIN, null, null, bytes(PLAIN)))
                .as("no binding reference")
                .isNull();
        assertThat(t.stats().classesSeen()).isEqualTo(2);
        assertThat(t.stats().classesRewritten()).isEqualTo(1);
        assertThat(t.stats().callSitesRewritten()).isEqualTo(13);
        assertThat(t.stats().failures()).isZero();
        assertThat(reports).isEmpty();
    }

    @Test
    void leavesAloneWhatItMustNeverRewrite() {
        byte[] calls = bytes(CALLS);
        CallSiteTransformer t = transformer(
                new FakeBindingLookup(),
                CallSiteTransformer.inPackages(List.of("org.example.tools", "org/other/")),
                l -> l.getName() != null && l.getName().equals("tools"));
        ClassLoader toolLoader = new ClassLoader("tools", app) {};
        assertThat(t.transform(null, CALLS, null, null, calls)).as("bootstrap").isNull();
        assertThat(t.transform(ClassLoader.getPlatformClassLoader(), CALLS, null, null, calls))
                .as("platform")
                .isNull();
        assertThat(t.transform(toolLoader, CALLS, null, null, calls))
                .as("tool loader")
                .isNull();
        assertThat(t.transform(app, null, null, null, calls)).as("unnamed").isNull();
        for (String name : List.of(
                "java/util/X",
                "javax/X",
                "jdk/X",
                "sun/X",
                "com/sun/X",
                "org/qmpi4j/agent/X",
                "org/qmpi4j/agent/shaded/asm/X",
                "org/qmpi4j/api/X",
                "org/qmpi4j/tools/X",
                "org/objectweb/asm/X",
                "org/example/tools/Profiler",
                "org/other/Y",
                FakeBindingLookup.COMM)) {
            assertThat(t.transform(app, name, null, null, calls)).as(name).isNull();
        }
        assertThat(t.transform(app, "org/example/toolsmith/App", null, null, calls))
                .as("prefix is a package, not a string prefix")
                .isNotNull();
        assertThat(t.stats().failures()).isZero();
        assertThat(reports).isEmpty();
    }

    @Test
    void loadersThatSeeNoBindingAreNotScanned() {
        FakeBindingLookup fake = new FakeBindingLookup();
        MappingLookup blind = new MappingLookup() {
            @Override
            public boolean seesBinding(ClassLoader loader) {
                return false;
            }

            @Override
            public boolean isBindingClass(ClassLoader loader, String internalName) {
                throw new AssertionError("not asked when the loader sees no binding");
            }

            @Override
            public int find(ClassLoader loader, String declaringClass, String name, String desc) {
                return fake.find(loader, declaringClass, name, desc);
            }
        };
        CallSiteTransformer t = transformer(blind, n -> false, l -> false);
        assertThat(t.transform(app, CALLS, null, null, bytes(CALLS))).isNull();
        assertThat(t.stats().failures()).isZero();
    }

    @Test
    void concurrentTransformsAgree() throws Exception {
        CallSiteTransformer t = transformer();
        byte[] expected = transformer().transform(app, REFS, null, null, bytes(REFS));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<byte[]>> results = new ArrayList<>();
            for (int i = 0; i < 64; i++) {
                results.add(pool.submit(() -> t.transform(app, REFS, null, null, bytes(REFS))));
            }
            for (Future<byte[]> f : results) {
                assertThat(f.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(t.stats().classesRewritten()).isEqualTo(64);
        assertThat(t.stats().failures()).isZero();
    }

    @Test
    void toolPackagesAreExcludedExactlyNotTheirSubPackages() {
        Predicate<String> p = CallSiteTransformer.inPackages(Arrays.asList("org.example", "c/d/", "", null));
        assertThat(p.test("org/example/MyTool")).isTrue();
        assertThat(p.test("c/d/Tool$Inner")).isTrue();
        assertThat(p.test("org/example/app/Main")).as("application sub-package").isFalse();
        assertThat(p.test("org/examples/Main")).isFalse();
        assertThat(p.test("Main")).as("unnamed package").isFalse();
    }

    @Test
    void malformedClassesAreCountedReportedOnceAndLeftAsTheyWere() {
        CallSiteTransformer t = transformer();
        byte[] truncated = Arrays.copyOf(bytes(CALLS), 200);
        assertThat(t.transform(app, "org/example/Broken1", null, null, truncated))
                .isNull();
        assertThat(t.transform(app, "org/example/Broken2", null, null, new byte[] {1, 2, 3}))
                .isNull();
        assertThat(t.transform(app, CALLS, null, null, bytes(CALLS)))
                .as("others still rewritten")
                .isNotNull();

        assertThat(t.stats().failures()).isEqualTo(2);
        assertThat(t.stats().firstFailedClasses()).containsExactly("org/example/Broken1", "org/example/Broken2");
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("qmpi4j: ").contains("org.example.Broken1");
    }

    @Test
    void anyThrowableDuringTransformIsCaught() {
        MappingLookup throwing = new MappingLookup() {
            @Override
            public boolean isBindingClass(ClassLoader loader, String internalName) {
                throw new StackOverflowError("lookup broke");
            }

            @Override
            public int find(ClassLoader loader, String declaringClass, String name, String desc) {
                return NONE;
            }
        };
        CallSiteTransformer t = transformer(throwing, n -> false, l -> false);
        assertThat(t.transform(app, CALLS, null, null, bytes(CALLS))).isNull();
        assertThat(t.transform(app, REFS, null, null, bytes(REFS))).isNull();
        assertThat(t.stats().failures()).isEqualTo(2);
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("qmpi4j: ").contains("lookup broke");

        // A failing sink for reports does not escape either.
        CallSiteTransformer silent =
                new CallSiteTransformer(throwing, n -> false, l -> false, RecordingLinker.CONTRACT, s -> {
                    throw new IllegalStateException("sink");
                });
        assertThat(silent.transform(app, CALLS, null, null, bytes(CALLS))).isNull();
        assertThat(silent.stats().failures()).isEqualTo(1);
    }

    @Test
    void classesOlderThanJava7AreSkippedAndCountedOnlyIfTheyCallTheBinding() {
        CallSiteTransformer t = transformer();
        assertThat(t.transform(app, PLAIN, null, null, withMajorVersion(bytes(PLAIN), 50)))
                .isNull();
        assertThat(t.stats().skippedOldVersion()).isZero();
        assertThat(reports).isEmpty();

        assertThat(t.transform(app, CALLS, null, null, withMajorVersion(bytes(CALLS), 50)))
                .isNull();
        assertThat(t.transform(app, REFS, null, null, withMajorVersion(bytes(REFS), 49)))
                .isNull();
        assertThat(t.stats().skippedOldVersion()).isEqualTo(2);
        assertThat(t.stats().failures()).isZero();
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("qmpi4j: ").contains("org.qmpi4j.fixture.instrument.app.Calls");
    }

    @Test
    void classFileVersionsTheLibraryCannotParseAreSkipped() {
        CallSiteTransformer t = transformer();
        assertThat(t.transform(app, CALLS, null, null, withMajorVersion(bytes(CALLS), 200)))
                .isNull();
        assertThat(t.transform(app, REFS, null, null, withMajorVersion(bytes(REFS), 200)))
                .isNull();
        assertThat(t.stats().skippedUnsupportedVersion()).isEqualTo(2);
        assertThat(t.stats().failures()).isZero();
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("qmpi4j: ").contains("200");
    }

    @Test
    void classesOfLoadersThatCannotSeeTheLinkerAreSkipped() {
        ClassLoader isolated = new ClassLoader("isolated", app) {
            @Override
            public @Nullable URL getResource(String name) {
                return name.startsWith(RecordingLinker.CONTRACT.bootstrapOwner()) ? null : super.getResource(name);
            }
        };
        CallSiteTransformer t = transformer();
        assertThat(t.transform(isolated, CALLS, null, null, bytes(CALLS))).isNull();
        assertThat(t.transform(isolated, REFS, null, null, bytes(REFS))).isNull();
        assertThat(t.transform(isolated, PLAIN, null, null, bytes(PLAIN))).isNull();
        assertThat(t.stats().skippedNoLinker()).as("only classes that call MPI").isEqualTo(2);
        assertThat(t.stats().missedSomething()).isTrue();
        assertThat(reports).hasSize(1);
        assertThat(reports.get(0)).startsWith("qmpi4j: ").contains("cannot see the agent");
        assertThat(t.transform(app, CALLS, null, null, bytes(CALLS))).isNotNull();
    }

    @Test
    void redefinitionRewritesCallSitesButAddsNoMethods() {
        CallSiteTransformer t = transformer();
        byte[] out = Objects.requireNonNull(t.transform(app, REFS, Object.class, null, bytes(REFS)));
        assertThat(out).isNotNull();
        assertThat(methodNames(out)).isEqualTo(methodNames(bytes(REFS)));
        assertThat(t.stats().methodRefsRewritten()).isZero();
        assertThat(t.stats().callSitesRewritten()).isEqualTo(1); // the call in the lambda body
    }

    @Test
    void bridgeNamesNeverClashWithExistingMethods() {
        CallSiteTransformer t = transformer();
        byte[] once = Objects.requireNonNull(t.transform(app, REFS, null, null, bytes(REFS)));
        // Rewriting the output again finds nothing left to rewrite.
        assertThat(t.transform(app, REFS, null, null, once)).isNull();
        Set<String> names = methodNames(once);
        assertThat(names.stream().filter(n -> n.startsWith(LinkerContract.BRIDGE_PREFIX)))
                .hasSize(8);
    }

    @Test
    void reportAtExitOnlyWhenVerboseOrSomethingWasMissed() {
        CallSiteTransformer t = transformer();
        t.transform(app, CALLS, null, null, bytes(CALLS));
        assertThat(atExit(t, false)).isEmpty();
        assertThat(atExit(t, true)).startsWith("qmpi4j: ").contains("call sites rewritten 13");

        t.transform(app, "org/example/Broken", null, null, new byte[] {0});
        assertThat(atExit(t, false)).startsWith("qmpi4j: ").contains("failures 1 [org/example/Broken]");
    }

    private static String atExit(CallSiteTransformer t, boolean verbose) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        t.reportAtExit(new PrintStream(out, true, StandardCharsets.UTF_8), verbose);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static Set<String> methodNames(byte[] b) {
        ClassNode n = new ClassNode();
        new ClassReader(b).accept(n, ClassReader.SKIP_CODE);
        Set<String> names = new HashSet<>();
        for (MethodNode m : n.methods) {
            names.add(m.name + m.desc);
        }
        return names;
    }
}
