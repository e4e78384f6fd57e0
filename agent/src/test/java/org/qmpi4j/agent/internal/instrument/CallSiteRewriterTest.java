package org.qmpi4j.agent.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.BARRIER;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.COMM;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.COMM_FREE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.COMPARE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.FAIL;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.FINALIZE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.FREEABLE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.FREEABLE_FREE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.GET_RANK;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.GET_SIZE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.INIT;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.INTRACOMM;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.MPI;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.SCALE;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.SEND;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.WAIT_ALL;
import static org.qmpi4j.agent.internal.instrument.FakeBindingLookup.WAIT_FOR;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.util.CheckClassAdapter;
import org.qmpi4j.agent.internal.instrument.RecordingLinker.Link;

/**
 * Rewrites the application-like fixtures against the fake binding, loads them in a fresh class
 * loader (so the JVM verifies them) and runs them: every MPI call must go through the (recording)
 * bootstrap with the right calling address, and behave exactly as before.
 */
class CallSiteRewriterTest {
    static final String APP = "org.qmpi4j.fixture.instrument.app.";
    static final String APP_INTERNAL = "org/qmpi4j/fixture/instrument/app/";
    static final List<String> APP_CLASSES = List.of(
            "Calls",
            "MyComm",
            "MyRequest",
            "Releasable",
            "Resource",
            "Refs",
            "Refs$MpiAction",
            "Refs$Scale",
            "InterfaceRefs",
            "InterfaceRefs$Impl",
            "StaticInit",
            "Plain");

    private final List<String> reports = new CopyOnWriteArrayList<>();
    private CallSiteTransformer transformer;
    private RewritingLoader loader;

    @BeforeEach
    void setUp() {
        RecordingLinker.reset();
        transformer = new CallSiteTransformer(
                new FakeBindingLookup(), n -> false, l -> false, RecordingLinker.CONTRACT, reports::add);
        loader = new RewritingLoader(transformer);
    }

    // ---- helpers ----

    private Object call(String cls, String method, Object... args) throws Throwable {
        Class<?> c = Class.forName(APP + cls, true, loader);
        Method m = Arrays.stream(c.getDeclaredMethods())
                .filter(x -> x.getName().equals(method))
                .findFirst()
                .orElseThrow();
        try {
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private Object world() throws ReflectiveOperationException {
        return Class.forName(MPI.replace('/', '.'), true, loader)
                .getField("COMM_WORLD")
                .get(null);
    }

    @SuppressWarnings("unchecked")
    private List<String> mpiCalls() throws ReflectiveOperationException {
        return (List<String>) Class.forName(MPI.replace('/', '.'), true, loader)
                .getMethod("calls")
                .invoke(null);
    }

    private static List<Link> links(int id) {
        return RecordingLinker.links().stream().filter(l -> l.id == id).collect(Collectors.toList());
    }

    private static Link only(int id) {
        List<Link> l = links(id);
        assertThat(l)
                .as("links of mapping %d in %s", id, RecordingLinker.links())
                .hasSize(1);
        return l.get(0);
    }

    private static void assertSite(Link link, String cls, String method, String site) {
        assertThat(link.className).isEqualTo(APP + cls);
        assertThat(link.methodName).isEqualTo(method);
        assertThat(link.fileName).isEqualTo(cls.replaceAll("\\$.*", "") + ".java");
        assertThat(link.line).isEqualTo(FixtureLines.line(cls.replaceAll("\\$.*", ""), site));
    }

    private static ClassNode node(byte[] bytes) {
        ClassNode n = new ClassNode();
        new ClassReader(bytes).accept(n, 0);
        return n;
    }

    private static MethodNode method(ClassNode c, String name) {
        return c.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static List<AbstractInsnNode> insns(MethodNode m) {
        List<AbstractInsnNode> l = new ArrayList<>();
        m.instructions.forEach(l::add);
        return l;
    }

    private static InvokeDynamicInsnNode onlyIndy(MethodNode m) {
        List<InvokeDynamicInsnNode> l = insns(m).stream()
                .filter(i -> i instanceof InvokeDynamicInsnNode)
                .map(i -> (InvokeDynamicInsnNode) i)
                .collect(Collectors.toList());
        assertThat(l).hasSize(1);
        return l.get(0);
    }

    private byte[] rewritten(String cls) throws ClassNotFoundException {
        Class.forName(APP + cls, false, loader);
        byte[] b = loader.rewritten().get(APP + cls);
        assertThat(b).as("rewritten " + cls).isNotNull();
        return Objects.requireNonNull(b);
    }

    // ---- direct calls ----

    @Test
    void callOnSubclassTypedReceiverGoesThroughBootstrapWithCallingAddress() throws Throwable {
        assertThat(call("Calls", "rank")).isEqualTo(3);

        Link link = only(GET_RANK);
        assertSite(link, "Calls", "rank", "rank");
        assertThat(link.name).isEqualTo("getRank");
        assertThat(link.type.toMethodDescriptorString()).isEqualTo("(L" + INTRACOMM + ";)I");
        assertThat(link.calls).hasValue(1);
        assertThat(mpiCalls()).containsExactly("getRank");
    }

    @Test
    void callOnDeclaringClassReceiverAndArgumentsUnchanged() throws Throwable {
        assertThat(call("Calls", "rankOf", world())).isEqualTo(3);
        assertThat(only(GET_RANK).type.toMethodDescriptorString()).isEqualTo("(L" + COMM + ";)I");
        assertSite(only(GET_RANK), "Calls", "rankOf", "rankOf");

        call("Calls", "send");
        assertSite(only(SEND), "Calls", "send", "send");
        assertThat(mpiCalls()).containsExactly("getRank", "send 2 1 99");
    }

    @Test
    void staticCallsIncludingInheritedStaticThroughSubclassOwner() throws Throwable {
        String[] args = {"a", "b"};
        assertThat(call("Calls", "init", (Object) args)).isSameAs(args);
        call("Calls", "finish");
        assertThat(call("Calls", "waitAll")).isEqualTo(2);
        assertThat(call("Calls", "compare")).isEqualTo(0);

        assertSite(only(INIT), "Calls", "init", "init");
        assertSite(only(FINALIZE), "Calls", "finish", "finalize");
        assertSite(only(WAIT_ALL), "Calls", "waitAll", "waitAll");
        Link compare = only(COMPARE);
        assertSite(compare, "Calls", "compare", "compare");
        assertThat(compare.type.toMethodDescriptorString()).isEqualTo("(L" + COMM + ";L" + COMM + ";)I");
        assertThat(mpiCalls()).containsExactly("Init", "Finalize", "waitAll", "compare");
        RecordingLinker.links().forEach(l -> assertThat(l.calls).hasValue(1));
    }

    @Test
    void interfaceOwnedCalls() throws Throwable {
        call("Calls", "freeViaInterface");
        call("Calls", "freeViaClass");
        assertSite(only(FREEABLE_FREE), "Calls", "freeViaInterface", "freeViaInterface");
        assertThat(only(FREEABLE_FREE).type.toMethodDescriptorString()).isEqualTo("(L" + FREEABLE + ";)V");
        assertSite(only(COMM_FREE), "Calls", "freeViaClass", "freeViaClass");

        // An application interface extending the binding's, implemented by the application.
        RecordingLinker.reset();
        Object resource =
                Class.forName(APP + "Resource", true, loader).getConstructor().newInstance();
        call("Releasable", "release", resource);
        assertSite(only(FREEABLE_FREE), "Releasable", "release", "release");
        assertThat(resource.getClass().getField("freed").get(resource)).isEqualTo(1);
        assertThat(mpiCalls()).containsExactly("free", "free");
    }

    @Test
    void applicationSubclassOfBindingClass() throws Throwable {
        Object myComm =
                Class.forName(APP + "MyComm", true, loader).getConstructor().newInstance();
        assertThat(call("MyComm", "use", myComm)).isEqualTo(5);
        assertSite(only(BARRIER), "MyComm", "use", "useBarrier");
        assertSite(only(GET_RANK), "MyComm", "use", "useRank");

        RecordingLinker.reset();
        assertThat(myComm.getClass().getMethod("myRank").invoke(myComm)).isEqualTo(5);
        assertSite(only(GET_RANK), "MyComm", "myRank", "myRank");
        assertThat(only(GET_RANK).type.toMethodDescriptorString()).isEqualTo("(L" + APP_INTERNAL + "MyComm;)I");

        // An override of a binding method, called with the subclass as owner: still MPI_SEND, once.
        RecordingLinker.reset();
        call("MyComm", "sendVia", myComm);
        Link send = only(SEND);
        assertSite(send, "MyComm", "sendVia", "sendVia");
        assertThat(send.calls).hasValue(1);
        assertThat(myComm.getClass().getField("sends").get(myComm)).isEqualTo(1);
        assertThat(mpiCalls()).containsExactly("barrier", "getRank", "getRank", "send 1 0 0");
    }

    @Test
    void superCallInOverrideIsNotRewritten() throws Throwable {
        MethodNode send = method(node(rewritten("MyComm")), "send");
        assertThat(insns(send)).noneMatch(i -> i instanceof InvokeDynamicInsnNode);
        assertThat(insns(send))
                .anyMatch(i -> i.getOpcode() == Opcodes.INVOKESPECIAL
                        && ((MethodInsnNode) i).owner.equals(INTRACOMM)
                        && ((MethodInsnNode) i).name.equals("send"));

        // Called through a binding-typed site: linked once, at the caller; the super call is not a site.
        Object myComm =
                Class.forName(APP + "MyComm", true, loader).getConstructor().newInstance();
        call("Calls", "rankOf", myComm);
        assertThat(RecordingLinker.links()).noneMatch(l -> l.methodName.equals("send"));
    }

    @Test
    void staticMethodHidingABindingMethodIsTheApplications() throws Throwable {
        assertThat(call("MyRequest", "hidden")).isEqualTo(-1);
        assertThat(RecordingLinker.links()).isEmpty();

        Object r =
                Class.forName(APP + "MyRequest", true, loader).getConstructor().newInstance();
        assertThat(call("MyRequest", "inherited", r)).isEqualTo(7);
        assertSite(only(WAIT_FOR), "MyRequest", "inherited", "inheritedWaitFor");
    }

    @Test
    void unmappedMethodsAndUnmappedOverridesAreLeftAlone() throws Throwable {
        assertThat(call("Calls", "unmapped")).isEqualTo(42);
        assertThat(call("Calls", "intracommSize")).isEqualTo(8);
        assertThat(RecordingLinker.links()).isEmpty();

        // Typed Comm, the mapped declaration: a site, dispatching to Intracomm's override as before.
        assertThat(call("Calls", "commSize", world())).isEqualTo(8);
        assertSite(only(GET_SIZE), "Calls", "commSize", "commSize");
        assertThat(mpiCalls()).containsExactly("unmapped", "Intracomm.getSize", "Intracomm.getSize");
    }

    @Test
    void exceptionsPassUnchanged() throws Throwable {
        assertThatThrownBy(() -> call("Calls", "fail"))
                .hasMessage("boom")
                .satisfies(t -> assertThat(t.getClass().getName()).endsWith(".mpi.MPIException"))
                .satisfies(t -> assertThat(t.getClass().getClassLoader()).isSameAs(loader))
                .satisfies(t -> assertThat(t.getStackTrace())
                        .anyMatch(e -> e.getClassName().equals(APP + "Calls")
                                && e.getMethodName().equals("fail")
                                && e.getLineNumber() == FixtureLines.line("Calls", "fail")));
        assertSite(only(FAIL), "Calls", "fail", "fail");

        assertThatThrownBy(() -> call("Refs", "failRef", world())).hasMessage("boom");
        assertThat(links(FAIL)).hasSize(2);
    }

    @Test
    void twoCallsOnOneLineAreTwoSites() throws Throwable {
        assertThat(call("Calls", "twice")).isEqualTo(6);
        List<Link> l = links(GET_RANK);
        assertThat(l).hasSize(2);
        assertThat(l).allSatisfy(x -> assertSite(x, "Calls", "twice", "twice"));
        assertThat(l).allSatisfy(x -> assertThat(x.calls).hasValue(1));
    }

    @Test
    void staticInitializerCall() throws Throwable {
        Class<?> c = Class.forName(APP + "StaticInit", true, loader);
        assertThat(c.getField("RANK").get(null)).isEqualTo(3);
        assertSite(only(GET_RANK), "StaticInit", "<clinit>", "clinit");
    }

    // ---- lambdas and method references ----

    @Test
    void callInLambdaBody() throws Throwable {
        assertThat(call("Refs", "inLambda")).isEqualTo(3);
        Link link = only(GET_RANK);
        assertThat(link.methodName).startsWith("lambda$inLambda$");
        assertThat(link.line).isEqualTo(FixtureLines.line("Refs", "inLambda"));
        assertThat(link.fileName).isEqualTo("Refs.java");
    }

    @Test
    void boundAndUnboundMethodReferences() throws Throwable {
        Object world = world();
        assertThat(call("Refs", "bound", world)).isEqualTo(3);
        assertSite(only(GET_RANK), "Refs", "bound", "bound");

        RecordingLinker.reset();
        assertThat(call("Refs", "boundWorld")).isEqualTo(3);
        assertSite(only(GET_RANK), "Refs", "boundWorld", "boundWorld");

        RecordingLinker.reset();
        assertThat(call("Refs", "unbound", world)).isEqualTo(3);
        assertSite(only(GET_RANK), "Refs", "unbound", "unbound");

        assertThat(call("Refs", "staticRef")).isEqualTo(3);
        assertSite(only(WAIT_ALL), "Refs", "staticRef", "staticRef");

        Object request = Class.forName(FakeBindingLookup.REQUEST.replace('/', '.'), true, loader)
                .getConstructor()
                .newInstance();
        assertThat(call("Refs", "waitForRef", request)).isEqualTo(7);
        assertSite(only(WAIT_FOR), "Refs", "waitForRef", "waitForRef");

        assertThat(call("Refs", "wide", world)).isEqualTo(3.0);
        assertSite(only(SCALE), "Refs", "wide", "wide");

        Runnable barrier = (Runnable) call("Refs", "barrierRef");
        barrier.run();
        barrier.run();
        assertSite(only(BARRIER), "Refs", "barrierRef", "barrierRef");
        assertThat(only(BARRIER).calls).hasValue(2);

        assertThat(mpiCalls())
                .containsExactly("getRank", "getRank", "getRank", "waitAll", "waitFor", "scale", "barrier", "barrier");
    }

    @Test
    void methodReferencesAreRedirectedToPrivateStaticSyntheticBridges() throws Throwable {
        ClassNode refs = node(rewritten("Refs"));
        List<MethodNode> bridges = refs.methods.stream()
                .filter(m -> m.name.startsWith(LinkerContract.BRIDGE_PREFIX))
                .collect(Collectors.toList());
        // bound, boundWorld, unbound, staticRef, waitForRef, failRef, wide, barrierRef
        assertThat(bridges).hasSize(8);
        assertThat(bridges)
                .allSatisfy(m -> assertThat(m.access)
                        .isEqualTo(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC));
        assertThat(transformer.stats().methodRefsRewritten()).isEqualTo(8);

        // The bound reference's bridge takes exactly the captured type (LambdaMetafactory requires it).
        InvokeDynamicInsnNode boundWorld = insns(method(refs, "boundWorld")).stream()
                .filter(i -> i instanceof InvokeDynamicInsnNode)
                .map(i -> (InvokeDynamicInsnNode) i)
                .findFirst()
                .orElseThrow();
        Handle impl = (Handle) boundWorld.bsmArgs[1];
        assertThat(impl.getTag()).isEqualTo(Opcodes.H_INVOKESTATIC);
        assertThat(impl.getOwner()).isEqualTo(APP_INTERNAL + "Refs");
        assertThat(impl.getDesc()).isEqualTo("(L" + INTRACOMM + ";)I");
        assertThat(boundWorld.desc).isEqualTo("(L" + INTRACOMM + ";)Ljava/util/function/IntSupplier;");
    }

    @Test
    void serializableAndNonBindingMethodReferencesAreLeftAlone() throws Throwable {
        assertThat(call("Refs", "serializable", world())).isEqualTo(3);
        assertThat(call("Refs", "notBinding", "abcd")).isEqualTo(4);
        assertThat(RecordingLinker.links()).isEmpty();
    }

    @Test
    void methodReferenceAndDefaultMethodInInterface() throws Throwable {
        IntSupplier s = (IntSupplier) call("InterfaceRefs", "rankOf", world());
        assertThat(s.getAsInt()).isEqualTo(3);
        assertSite(only(GET_RANK), "InterfaceRefs", "rankOf", "interfaceRef");

        ClassNode iface = node(rewritten("InterfaceRefs"));
        MethodNode bridge = iface.methods.stream()
                .filter(m -> m.name.startsWith(LinkerContract.BRIDGE_PREFIX))
                .findFirst()
                .orElseThrow();
        assertThat(bridge.access & Opcodes.ACC_PRIVATE).isNotZero();
        Handle impl = (Handle) onlyIndy(method(iface, "rankOf")).bsmArgs[1];
        assertThat(impl.isInterface()).isTrue();

        RecordingLinker.reset();
        Object impl2 = Class.forName(APP + "InterfaceRefs$Impl", true, loader)
                .getDeclaredConstructor()
                .newInstance();
        Method viaDefault = Class.forName(APP + "InterfaceRefs", true, loader)
                .getMethod("viaDefault", Class.forName(COMM.replace('/', '.'), true, loader));
        assertThat(viaDefault.invoke(impl2, world())).isEqualTo(3);
        assertSite(only(GET_RANK), "InterfaceRefs", "viaDefault", "interfaceDefault");
    }

    // ---- bytecode ----

    @Test
    void callSiteShapeFollowsTheLinkerContract() throws Exception {
        CallSiteTransformer real = new CallSiteTransformer(new FakeBindingLookup(), n -> false, l -> false);
        byte[] original = RewritingLoader.original(APP + "Calls");
        byte[] out = Objects.requireNonNull(real.transform(loader, APP_INTERNAL + "Calls", null, null, original));
        ClassNode c = node(out);
        assertThat(c.version).isEqualTo(node(original).version);

        InvokeDynamicInsnNode rank = onlyIndy(method(c, "rank"));
        assertThat(rank.name).isEqualTo("getRank");
        assertThat(rank.desc).isEqualTo("(L" + INTRACOMM + ";)I");
        assertThat(rank.bsm)
                .isEqualTo(new Handle(
                        Opcodes.H_INVOKESTATIC,
                        "org/qmpi4j/agent/CallSiteBootstrap",
                        "link",
                        LinkerContract.BOOTSTRAP_DESCRIPTOR,
                        false));
        assertThat(rank.bsmArgs)
                .containsExactly(
                        new Handle(Opcodes.H_INVOKEVIRTUAL, INTRACOMM, "getRank", "()I", false),
                        GET_RANK,
                        APP + "Calls",
                        "rank",
                        "Calls.java",
                        FixtureLines.line("Calls", "rank"));
        assertThat(insns(method(c, "rank"))).noneMatch(i -> i instanceof MethodInsnNode);

        InvokeDynamicInsnNode init = onlyIndy(method(c, "init"));
        assertThat(init.desc).isEqualTo("([Ljava/lang/String;)[Ljava/lang/String;");
        assertThat(init.bsmArgs[0])
                .isEqualTo(new Handle(
                        Opcodes.H_INVOKESTATIC, MPI, "Init", "([Ljava/lang/String;)[Ljava/lang/String;", false));

        InvokeDynamicInsnNode free = onlyIndy(method(c, "freeViaInterface"));
        assertThat(free.desc).isEqualTo("(L" + FREEABLE + ";)V");
        assertThat(free.bsmArgs[0]).isEqualTo(new Handle(Opcodes.H_INVOKEINTERFACE, FREEABLE, "free", "()V", true));
        assertThat(real.stats().callSitesRewritten()).isEqualTo(13);
    }

    @Test
    void classWithoutDebugInformationGetsEmptyFileAndNoLine() throws Exception {
        ClassWriter w = new ClassWriter(0);
        new ClassReader(RewritingLoader.original(APP + "Calls")).accept(w, ClassReader.SKIP_DEBUG);
        byte[] out = Objects.requireNonNull(
                transformer.transform(loader, APP_INTERNAL + "Calls", null, null, w.toByteArray()));
        InvokeDynamicInsnNode rank = onlyIndy(method(node(out), "rank"));
        assertThat(rank.bsmArgs[4]).isEqualTo(LinkerContract.NO_SOURCE_FILE);
        assertThat(rank.bsmArgs[5]).isEqualTo(LinkerContract.NO_LINE);
    }

    @Test
    void rewrittenClassesVerifyAndBindingClassesAreNeverRewritten() throws Exception {
        for (String cls : APP_CLASSES) {
            Class.forName(APP + cls, true, loader); // links, so the JVM verifies it
        }
        assertThat(loader.rewritten().keySet())
                .containsExactlyInAnyOrder(
                        APP + "Calls",
                        APP + "MyComm",
                        APP + "MyRequest",
                        APP + "Releasable",
                        APP + "Refs",
                        APP + "InterfaceRefs",
                        APP + "StaticInit");
        for (byte[] b : loader.rewritten().values()) {
            StringWriter problems = new StringWriter();
            CheckClassAdapter.verify(new ClassReader(b), loader, false, new PrintWriter(problems));
            assertThat(problems.toString()).isEmpty();
        }
        for (String binding : List.of(COMM, INTRACOMM, FREEABLE, MPI)) {
            assertThat(transformer.transform(
                            loader, binding, null, null, RewritingLoader.original(binding.replace('/', '.'))))
                    .isNull();
        }
        assertThat(transformer.stats().failures()).isZero();
        assertThat(reports).as("nothing printed for normal classes").isEmpty();
    }

    @Test
    void methodsOfRewrittenClassKeepTheirModifiers() throws Exception {
        Class<?> c = Class.forName(APP + "Calls", true, loader);
        assertThat(Modifier.isPublic(c.getMethod("rank").getModifiers())).isTrue();
        assertThat(c.getDeclaredMethods()).noneMatch(m -> m.getName().startsWith(LinkerContract.BRIDGE_PREFIX));
    }
}
