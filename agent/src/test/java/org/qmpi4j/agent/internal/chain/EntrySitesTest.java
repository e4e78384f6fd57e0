package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;
import org.qmpi4j.agent.internal.binding.MethodMapping;
import org.qmpi4j.agent.internal.jit.EntrySites;
import org.qmpi4j.api.CallingAddress;
import org.qmpi4j.api.MpiFunction;
import org.qmpi4j.api.Nullable;

/**
 * The generated classes of the init, finalize and Pcontrol sites pass the site's arguments to the
 * dispatcher and its result back, boxed and unboxed, with the site's exact type.
 */
class EntrySitesTest {
    private static final BindingDescriptor OPENMPI =
            Objects.requireNonNull(BindingCatalog.load().descriptor("openmpi"));
    private static final MethodHandle ORIGINAL_INIT = fake("fakeInit", String[].class, String[].class);
    private static final MethodHandle ORIGINAL_INIT_THREAD =
            fake("fakeInitThread", int.class, String[].class, int.class);
    private static final MethodHandle ORIGINAL_FINALIZE = fake("fakeFinalize", void.class);
    private static final MethodHandle ORIGINAL_PCONTROL = fake("fakePcontrol", void.class, int.class, Object.class);

    static String[] fakeInit(String[] args) {
        return new String[] {"from the binding", String.valueOf(args.length)};
    }

    static int fakeInitThread(String[] args, int required) {
        return required + 1;
    }

    static void fakeFinalize() {}

    static void fakePcontrol(int level, Object region) {}

    private static MethodHandle fake(String name, Class<?> returned, Class<?>... params) {
        try {
            return MethodHandles.lookup()
                    .findStatic(EntrySitesTest.class, name, MethodType.methodType(returned, params));
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private final MpiProcessBuilder built =
            MpiProcessBuilder.of(OPENMPI, getClass().getClassLoader());
    private final MpiProcess process = built.build();
    private final CallRoute route = built.route();

    /** A binding method that records its arguments and returns a fixed result. */
    private final class Recording implements CallTarget {
        final MethodMapping mapping;
        final @Nullable Object result;
        final List<Object[]> calls = new ArrayList<>();

        Recording(MpiFunction f, @Nullable Object result) {
            this.mapping = Objects.requireNonNull(OPENMPI.canonical(f));
            this.result = result;
        }

        @Override
        public MpiFunction function() {
            return mapping.function();
        }

        @Override
        public MethodMapping mapping() {
            return mapping;
        }

        @Override
        public CallingAddress callingAddress() {
            return new CallingAddress("app.Main", "main", "Main.java", 3);
        }

        @Override
        public MpiProcess process() {
            return process;
        }

        @Override
        public CallRoute route() {
            return route;
        }

        @Override
        public MethodHandle bindingHandle() {
            try {
                return MethodHandles.lookup().bind(this, "run", MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }

        @Nullable
        Object run(Object[] args) {
            calls.add(args.clone());
            return result;
        }

        @Override
        public long datatypeSize(Object datatype) {
            return 1;
        }
    }

    @Test
    void initPassesTheArgumentsAndReturnsTheBindingsResult() throws Throwable {
        String[] rest = {"rest"};
        Recording init = new Recording(MpiFunction.MPI_INIT, rest);
        MethodType site = MethodType.methodType(String[].class, String[].class);
        EntrySites.Made made =
                Objects.requireNonNull(EntrySites.make(EntrySites.Entry.INIT, init, site, ORIGINAL_INIT));
        MethodHandle h = made.site;

        assertThat(h.type()).isEqualTo(site);
        String[] args = {"a", "b"};
        String[] returned = (String[]) h.invokeExact(args);

        assertThat(returned).isSameAs(rest);
        assertThat(init.calls).hasSize(1);
        assertThat(init.calls.get(0)).containsExactly((Object) args);
        assertThat(process.toolsInitialized())
                .as("QMPI's initialisation phase ran")
                .isTrue();

        // the spread binding calls the binding method itself, unboxed in and boxed out
        Object fromBinding = made.binding.invokeExact(new Object[] {new String[] {"x", "y", "z"}});
        assertThat((String[]) fromBinding).containsExactly("from the binding", "3");
    }

    @Test
    void theSpreadBindingBoxesPrimitivesAndAnswersNullForVoid() throws Throwable {
        Object provided = made(
                        EntrySites.Entry.INIT,
                        new Recording(MpiFunction.MPI_INIT_THREAD, 0),
                        MethodType.methodType(int.class, String[].class, int.class),
                        ORIGINAL_INIT_THREAD)
                .binding
                .invokeExact(new Object[] {new String[0], 2});
        Object none = made(
                        EntrySites.Entry.FINALIZE,
                        new Recording(MpiFunction.MPI_FINALIZE, null),
                        MethodType.methodType(void.class),
                        ORIGINAL_FINALIZE)
                .binding
                .invokeExact(new Object[0]);

        assertThat(provided).isEqualTo(3);
        assertThat(none).isNull();
    }

    @Test
    void primitivesAreBoxedOnTheWayInAndUnboxedOnTheWayOut() throws Throwable {
        Recording initThread = new Recording(MpiFunction.MPI_INIT_THREAD, 3);
        MethodType site = MethodType.methodType(int.class, String[].class, int.class);
        MethodHandle h = made(EntrySites.Entry.INIT, initThread, site, ORIGINAL_INIT_THREAD).site;

        int provided = (int) h.invokeExact(new String[0], 2);

        assertThat(provided).isEqualTo(3);
        assertThat(initThread.calls.get(0)[1]).isEqualTo(2);
    }

    @Test
    void finalizeMarksTheProcessAndPcontrolSetsTheLevel() throws Throwable {
        Recording fin = new Recording(MpiFunction.MPI_FINALIZE, null);
        MethodHandle f =
                made(EntrySites.Entry.FINALIZE, fin, MethodType.methodType(void.class), ORIGINAL_FINALIZE).site;
        Recording pc = new Recording(MpiFunction.MPI_PCONTROL, null);
        MethodType pcontrolSite = MethodType.methodType(void.class, int.class, Object.class);
        MethodHandle p = made(EntrySites.Entry.PCONTROL, pc, pcontrolSite, ORIGINAL_PCONTROL).site;
        process.initializeTools(List.of(), "test");

        p.invokeExact(0, (Object) "region");
        assertThat(pc.calls.get(0)).containsExactly(0, "region");
        assertThat(process.pcontrolLevel()).isZero();

        f.invokeExact();
        assertThat(fin.calls).hasSize(1);
        assertThat(process.finalized()).isTrue();
    }

    @Test
    void aTypeTheAgentsLoaderDoesNotSeeIsLeftToTheCombinators() throws Throwable {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V11, Opcodes.ACC_PUBLIC, "app/Unseen", null, "java/lang/Object", null);
        cw.visitEnd();
        Class<?> hidden = new Isolated().define(cw.toByteArray());

        assertThat(EntrySites.make(
                        EntrySites.Entry.INIT,
                        new Recording(MpiFunction.MPI_INIT, null),
                        MethodType.methodType(void.class, hidden),
                        ORIGINAL_FINALIZE))
                .isNull();
    }

    /** A loader of its own, as an application's binding classes are to the agent's loader. */
    private static final class Isolated extends ClassLoader {
        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    /** {@link EntrySites#make}, where the test expects a site ({@code null}: a type it cannot serve). */
    private static EntrySites.Made made(
            EntrySites.Entry entry, CallTarget link, MethodType siteType, MethodHandle original)
            throws ReflectiveOperationException {
        return Objects.requireNonNull(EntrySites.make(entry, link, siteType, original), "a site");
    }
}
